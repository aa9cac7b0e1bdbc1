/**
 * The app's one Content-Security-Policy. Main sends it as a header on every app:// response, and the build
 * writes it into the page's meta tag, so both come from here. 'wasm-unsafe-eval' lets the page compile
 * WebAssembly, which live captions' voice-activity detector runs on (docs/audio.md); it allows no JavaScript
 * eval, and the wasm itself is fetched from 'self' like everything else.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "media-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

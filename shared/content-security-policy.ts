/**
 * The app's Content-Security-Policy, one per built page. Main sends it as a header on every app:// response, and the
 * build writes it into each page's meta tag, so both come from here.
 */
function policy(scriptSrc: string): string {
  return [
    "default-src 'self'",
    scriptSrc,
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
}

/** Every page that runs no voice-activity detection: no WebAssembly, no eval of any kind. */
export const CONTENT_SECURITY_POLICY = policy("script-src 'self'");

/**
 * The page that runs live captions' voice-activity detector, which is WebAssembly (docs/audio.md): 'wasm-unsafe-eval'
 * lets it compile that, and allows no JavaScript eval; the wasm itself is fetched from 'self' like everything else.
 */
export const VOICE_DETECTION_CONTENT_SECURITY_POLICY = policy("script-src 'self' 'wasm-unsafe-eval'");

/**
 * The built pages that run the detector, by their file in the renderer folder: the main window's, whose Translate
 * pane holds live captions. The quick-ask window and the microphone indicator record nothing.
 */
const VOICE_DETECTION_PAGES: ReadonlySet<string> = new Set(['index.html']);

/** The policy for a file of the renderer folder ('index.html', 'quick-ask.html', 'assets/x.js'), '/'-separated. */
export function contentSecurityPolicyOf(file: string): string {
  return VOICE_DETECTION_PAGES.has(file) ? VOICE_DETECTION_CONTENT_SECURITY_POLICY : CONTENT_SECURITY_POLICY;
}

/** The same for the page's meta tag: without frame-ancestors, which a meta tag cannot carry (the header does). */
export function metaContentSecurityPolicyOf(file: string): string {
  return contentSecurityPolicyOf(file)
    .split('; ')
    .filter((directive) => !directive.startsWith('frame-ancestors'))
    .join('; ');
}

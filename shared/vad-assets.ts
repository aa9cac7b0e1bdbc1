/**
 * Live captions' voice-activity detector loads its model and ONNX Runtime's wasm at run time (it runs over the
 * capture's own frames, so vad-web's AudioWorklet is not needed). They are served from the app's own origin under
 * this path, never a CDN (docs/audio.md): the build copies them there, the dev server serves them, and the capture
 * points the detector at them.
 */
export const VAD_ASSET_PATH = '/vad/';

/** Each file under VAD_ASSET_PATH, by the package file it is copied from (pinned versions: see package.json). */
export const VAD_ASSETS = {
  'silero_vad_v5.onnx': '@ricky0123/vad-web/dist/silero_vad_v5.onnx',
  'ort-wasm-simd-threaded.mjs': 'onnxruntime-web/ort-wasm-simd-threaded.mjs',
  'ort-wasm-simd-threaded.wasm': 'onnxruntime-web/ort-wasm-simd-threaded.wasm',
} as const;

/**
 * Live captions' voice-activity detector loads its model, its AudioWorklet and ONNX Runtime's wasm at run time.
 * They are served from the app's own origin under this path, never a CDN (docs/audio.md): the build copies
 * them there, the dev server serves them, and the segmenter points the detector at them.
 */
export const VAD_ASSET_PATH = '/vad/';

/** Each file under VAD_ASSET_PATH, by the package file it is copied from (pinned versions: see package.json). */
export const VAD_ASSETS = {
  'silero_vad_v5.onnx': '@ricky0123/vad-web/dist/silero_vad_v5.onnx',
  'vad.worklet.bundle.min.js': '@ricky0123/vad-web/dist/vad.worklet.bundle.min.js',
  'ort-wasm-simd-threaded.mjs': 'onnxruntime-web/ort-wasm-simd-threaded.mjs',
  'ort-wasm-simd-threaded.wasm': 'onnxruntime-web/ort-wasm-simd-threaded.wasm',
} as const;

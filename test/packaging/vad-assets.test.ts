import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { VAD_ASSETS } from '../../shared/vad-assets';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * The sha256 of each file the build copies into the app for live captions' voice detection (from
 * @ricky0123/vad-web 0.0.31 and onnxruntime-web 1.30.0). The page runs them with the app's own origin, so a
 * changed upstream file must be looked at before it ships: after reviewing a new version (docs/audio.md), pin its hashes here.
 */
const PINNED_SHA256: Record<keyof typeof VAD_ASSETS, string> = {
  'silero_vad_v5.onnx': '2623a2953f6ff3d2c1e61740c6cdb7168133479b267dfef114a4a3cc5bdd788f',
  'ort-wasm-simd-threaded.mjs': 'e13f7f94fc51b4ca72b12faeb1ee95f4ace6dfbc8939bc718aabdc0a27c4299b',
  'ort-wasm-simd-threaded.wasm': '3398c10d07d229bd91b364548e130e0e51a8e5704b88c7c083ebbeb78842dee2',
};

describe('SEC-7: the voice-detection assets the app ships', () => {
  // Resolved as electron.vite.config.ts resolves them when it copies them into the build.
  const packageFile = createRequire(path.join(ROOT, 'package.json'));

  it.each(Object.entries(VAD_ASSETS))('SEC-7: %s is the reviewed file, byte for byte', (name, source) => {
    const sha256 = createHash('sha256').update(readFileSync(packageFile.resolve(source))).digest('hex');
    expect(sha256).toBe(PINNED_SHA256[name as keyof typeof VAD_ASSETS]);
  });
});

/** Audio crosses IPC as base64 (shared/audio.ts): what the renderer records goes out so, what main speaks comes back so. */

/** btoa takes a binary string; building it this many bytes at a time stays within the argument limit. */
const CHUNK_BYTES = 0x8000;

export function base64Of(bytes: Uint8Array): string {
  let binary = '';
  for (let start = 0; start < bytes.length; start += CHUNK_BYTES) {
    binary += String.fromCharCode(...bytes.subarray(start, start + CHUNK_BYTES));
  }
  return btoa(binary);
}

/** Throws on text that is not base64 (atob's DOMException). */
export function bytesOfBase64(base64: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

/** How long `bytes` are once in base64: what VOICE.audioMaxBase64Bytes counts. */
export function base64Length(bytes: number): number {
  return 4 * Math.ceil(bytes / 3);
}

/**
 * One message of the harness socket (docs/testing.md), as the page, main and Node clients all read and write it.
 * A message holding no Uint8Array is plain JSON text, as ever. One holding bytes (microphone frames, answer audio)
 * is a binary message, so the bytes are not inflated to base64 or mangled by JSON.stringify:
 *
 *   [u32 little-endian: byte length of the head][head: JSON, UTF-8][blob 0][blob 1]...
 *
 * In the head each Uint8Array (a Buffer too) is `{"$bytes": [offset, length]}`, offset counted from the first blob
 * byte. Only Uint8Array is carried: other typed arrays, DataView and ArrayBuffer are not expected on this path and
 * go through JSON as JSON.stringify writes them. So that text a message carries can never pose as bytes, a
 * binary head writes an object key "$bytes" (or "$$bytes"...) with one more "$", and its reader removes it; a text
 * message is never read for `$bytes` at all. Pure TypeScript (no Node Buffer, no DOM), so each side shares it.
 */

/** Why a frame could not be read: the transport answers it like any other malformed message. */
export type FrameFault = 'not JSON' | 'short header' | 'head past the end' | 'bytes out of range';

export type DecodedFrame =
  | { ok: true; message: unknown }
  /** `head`: the head as parsed, when it was JSON, so the reader can still find the message's id. */
  | { ok: false; fault: FrameFault; head?: unknown };

const BYTES_KEY = '$bytes';
/** Keys a binary head escapes with one more "$": "$bytes" itself and the already escaped forms of it. */
const ESCAPABLE_KEY = /^\$+bytes$/;
const ESCAPED_KEY = /^\$\$+bytes$/;
/** Where a binary frame's JSON head starts: after its u32 length. */
export const BINARY_HEAD_OFFSET = 4;

const encoder = new TextEncoder();
// Fatal: a head that is not UTF-8 is a broken frame, not text to read with replacement characters.
const decoder = new TextDecoder('utf-8', { fatal: true });

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function renameKeys(record: Record<string, unknown>, rename: (key: string) => string): Record<string, unknown> {
  // fromEntries defines own properties, so a key such as "__proto__" stays a plain key.
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [rename(key), value]));
}

export function encodeFrame(message: unknown): string | Uint8Array<ArrayBuffer> {
  const blobs: Uint8Array[] = [];
  let blobBytes = 0;
  let escaped = false;
  const head = JSON.stringify(message, function (this: Record<string, unknown>, key: string, value: unknown) {
    // The holder's own member, not `value`: a Buffer's toJSON has already turned `value` into an array of numbers.
    const original = this[key];
    if (original instanceof Uint8Array) {
      blobs.push(original);
      blobBytes += original.byteLength;
      return { [BYTES_KEY]: [blobBytes - original.byteLength, original.byteLength] };
    }
    if (isPlainRecord(value) && Object.keys(value).some((name) => ESCAPABLE_KEY.test(name))) {
      escaped = true;
      return renameKeys(value, (name) => (ESCAPABLE_KEY.test(name) ? `$${name}` : name));
    }
    return value;
  });
  // Without bytes the message is text, written exactly as JSON.stringify writes it: no key escaped.
  if (blobs.length === 0) return escaped ? JSON.stringify(message) : head;

  const headBytes = encoder.encode(head);
  const frame = new Uint8Array(BINARY_HEAD_OFFSET + headBytes.byteLength + blobBytes);
  new DataView(frame.buffer).setUint32(0, headBytes.byteLength, true);
  frame.set(headBytes, BINARY_HEAD_OFFSET);
  let at = BINARY_HEAD_OFFSET + headBytes.byteLength;
  for (const blob of blobs) {
    frame.set(blob, at);
    at += blob.byteLength;
  }
  return frame;
}

export function decodeFrame(data: string | Uint8Array): DecodedFrame {
  if (typeof data === 'string') {
    try {
      return { ok: true, message: JSON.parse(data) };
    } catch {
      return { ok: false, fault: 'not JSON' };
    }
  }
  if (data.byteLength < BINARY_HEAD_OFFSET) return { ok: false, fault: 'short header' };
  const headLength = new DataView(data.buffer, data.byteOffset, data.byteLength).getUint32(0, true);
  const blobsAt = BINARY_HEAD_OFFSET + headLength;
  if (blobsAt > data.byteLength) return { ok: false, fault: 'head past the end' };
  const blobs = data.subarray(blobsAt);

  let outOfRange = false;
  const revive = (_key: string, value: unknown): unknown => {
    if (!isPlainRecord(value)) return value;
    if (Object.hasOwn(value, BYTES_KEY)) {
      const bytes = blobBytesOf(value, blobs);
      if (bytes === null) outOfRange = true;
      return bytes ?? value;
    }
    return Object.keys(value).some((name) => ESCAPED_KEY.test(name))
      ? renameKeys(value, (name) => (ESCAPED_KEY.test(name) ? name.slice(1) : name))
      : value;
  };
  let message: unknown;
  try {
    message = JSON.parse(decoder.decode(data.subarray(BINARY_HEAD_OFFSET, blobsAt)), revive);
  } catch {
    return { ok: false, fault: 'not JSON' };
  }
  return outOfRange ? { ok: false, fault: 'bytes out of range', head: message } : { ok: true, message };
}

/**
 * The bytes `{"$bytes": [offset, length]}` names, as a copy with its own buffer (as structured clone gives over
 * Electron IPC: a handler may read `.buffer` whole); null when the reference is not exactly that or lies outside.
 */
function blobBytesOf(reference: Record<string, unknown>, blobs: Uint8Array): Uint8Array | null {
  const range = reference[BYTES_KEY];
  if (Object.keys(reference).length !== 1 || !Array.isArray(range) || range.length !== 2) return null;
  const [offset, length] = range as unknown[];
  if (!Number.isSafeInteger(offset) || !Number.isSafeInteger(length)) return null;
  const start = offset as number;
  const end = start + (length as number);
  if (start < 0 || end < start || end > blobs.byteLength) return null;
  // Not slice(): on a Buffer (as ws hands main) that is a view, and a Buffer; this is a plain Uint8Array copy.
  return new Uint8Array(blobs.subarray(start, end));
}

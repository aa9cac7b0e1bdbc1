import { describe, expect, it } from 'vitest';
import { decodeFrame, encodeFrame } from './binary-frame';

function roundTrip(message: unknown): unknown {
  const decoded = decodeFrame(encodeFrame(message));
  if (!decoded.ok) throw new Error(`the frame did not decode: ${decoded.fault}`);
  return decoded.message;
}

/** A binary frame written by hand: the head as given, then the blobs. */
function frame(head: string, blobs: number[] = []): Uint8Array {
  const headBytes = new TextEncoder().encode(head);
  const bytes = new Uint8Array(4 + headBytes.length + blobs.length);
  new DataView(bytes.buffer).setUint32(0, headBytes.length, true);
  bytes.set(headBytes, 4);
  bytes.set(blobs, 4 + headBytes.length);
  return bytes;
}

describe('LV1-binary: harness socket frames', () => {
  it('LV1-binary: keeps a message without bytes plain JSON text, exactly as JSON.stringify writes it', () => {
    const message = { id: 3, channel: 'settings:update', input: { language: 'fr', note: { $bytes: [0, 2] } } };

    expect(encodeFrame(message)).toBe(JSON.stringify(message));
  });

  it('LV1-binary: carries nested bytes, several blobs and an empty one byte-exact, beside a unicode head', () => {
    const pcm = Uint8Array.from({ length: 640 }, (_, i) => (i * 7) % 256);
    const message = {
      id: 9,
      channel: 'voice:frame',
      input: { text: 'Grüße, 日本語 🎤', frames: [{ pcm }, { pcm: new Uint8Array(0) }, { pcm: Uint8Array.of(255, 0, 1) }] },
    };

    const encoded = encodeFrame(message);

    expect(encoded).toBeInstanceOf(Uint8Array);
    // The bytes travel as bytes: the frame is the head plus 643 bytes, not a JSON list or base64 of them.
    expect((encoded as Uint8Array).byteLength).toBeLessThan(640 + 200);
    expect(roundTrip(message)).toEqual(message);
    const revived = roundTrip(message) as typeof message;
    expect(revived.input.frames[0]!.pcm).toBeInstanceOf(Uint8Array);
    expect(revived.input.frames[0]!.pcm.buffer.byteLength).toBe(640);
  });

  it('LV1-binary: carries a subclass that writes itself as JSON (as Buffer does) as its bytes, handed back plain', () => {
    class JsonBytes extends Uint8Array {
      toJSON() {
        return { type: 'Buffer', data: [...this] };
      }
    }

    const revived = roundTrip({ event: 'assistant:liveAudio', payload: { data: { pcm: JsonBytes.of(1, 2, 3) } } });

    const pcm = (revived as { payload: { data: { pcm: Uint8Array } } }).payload.data.pcm;
    expect(pcm).toEqual(Uint8Array.of(1, 2, 3));
    expect(pcm.constructor).toBe(Uint8Array);
  });

  it('LV1-binary: keeps text that looks like a bytes reference as text, in a frame that also carries bytes', () => {
    const message = { input: { pcm: Uint8Array.of(1), said: { $bytes: [0, 1] }, deeper: { $$bytes: 'x', other: 1 } } };

    expect(roundTrip(message)).toEqual(message);
  });

  it('LV1-binary: never turns a "$bytes" key of a text message into bytes', () => {
    expect(decodeFrame('{"id": 1, "input": {"pcm": {"$bytes": [0, 0]}}}')).toEqual({
      ok: true,
      message: { id: 1, input: { pcm: { $bytes: [0, 0] } } },
    });
  });

  it.each([
    ['a header shorter than four bytes', Uint8Array.of(1, 0), 'short header'],
    ['a head length past the end', frame('{"id": 1}').subarray(0, 8), 'head past the end'],
    ['a head that is not JSON', frame('{"id": 1, "chan'), 'not JSON'],
    ['a head that is not UTF-8', frame('{"id": "ab"}').map((byte, at) => (at === 4 + 8 ? 0xff : byte)), 'not JSON'],
  ])('LV1-binary: refuses %s as a typed fault, without throwing', (_name, data, fault) => {
    expect(decodeFrame(data)).toEqual({ ok: false, fault });
  });

  it.each([
    ['past the blobs', '{"id": 4, "input": {"pcm": {"$bytes": [1, 2]}}}'],
    ['negative', '{"id": 4, "input": {"pcm": {"$bytes": [-1, 1]}}}'],
    ['not two integers', '{"id": 4, "input": {"pcm": {"$bytes": [0.5, 1]}}}'],
    ['beside other keys', '{"id": 4, "input": {"pcm": {"$bytes": [0, 1], "more": 1}}}'],
  ])('LV1-binary: refuses a bytes reference %s, keeping the head for its id', (_name, head) => {
    expect(decodeFrame(frame(head, [7, 8]))).toEqual({ ok: false, fault: 'bytes out of range', head: JSON.parse(head) });
  });
});

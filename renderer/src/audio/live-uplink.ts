import type { AudioClip } from '../../../shared/audio';
import type { AppApi } from '../../../shared/ipc/app-api';
import { LIVE, VOICE } from '../../../shared/limits';
import { pcm16AsWav, WAV_HEADER_BYTES } from '../../../shared/wav';
import { base64Length, base64Of } from './base64';

/**
 * A voice question's way to main while it is spoken (issue 24): each PCM frame goes as it is captured, on the
 * one IPC path (`assistant:liveFrame`), as bytes. The microphone opens on press, before main has named the question
 * (the stream's requestId): frames captured until then wait here, in order, and go the moment it is known.
 */
export interface LiveUplink {
  /** One captured frame, 16 kHz mono PCM16, in capture order. */
  send(pcm: Uint8Array): void;
  /** Main named the question: what waited goes now, the rest as it comes. */
  attach(requestId: string): void;
  /** The member let go: after the last frame, main hears that the question is complete. */
  release(): void;
  /** Settles when the member let go (never, for a question thrown away). */
  readonly released: Promise<void>;
  /**
   * The question as one recording, for asking it again by the one-call path (V1) should it fail; null when it
   * would not fit a recording's limit (V5).
   */
  recording(): AudioClip | null;
  /** Whether recording() has one to give, without making it. */
  hasRecording(): boolean;
}

export function createLiveUplink(api: Pick<AppApi, 'assistant'>): LiveUplink {
  const frames: Uint8Array[] = [];
  let requestId: string | null = null;
  let sent = 0;
  let released = false;
  let releaseSent = false;
  let settleReleased: () => void = () => undefined;
  const releasedPromise = new Promise<void>((resolve) => (settleReleased = resolve));

  function fits(): boolean {
    const bytes = frames.reduce((total, frame) => total + frame.byteLength, 0);
    return bytes > 0 && base64Length(WAV_HEADER_BYTES + bytes) <= VOICE.audioMaxBase64Bytes;
  }

  function pump() {
    if (requestId === null) return;
    // Invoked in order on one channel: main receives them in the order they were captured.
    for (; sent < frames.length; sent += 1) void api.assistant.liveFrame({ requestId, seq: sent, pcm: frames[sent]! });
    if (released && !releaseSent) {
      releaseSent = true;
      void api.assistant.liveRelease({ requestId });
    }
  }

  return {
    send(pcm) {
      if (released) return;
      frames.push(pcm);
      pump();
    },
    attach(id) {
      requestId = id;
      pump();
    },
    release() {
      released = true;
      settleReleased();
      pump();
    },
    released: releasedPromise,
    recording() {
      return fits() ? { mimeType: 'audio/wav', data: base64Of(pcm16AsWav(frames, LIVE.inputSampleRateHz)) } : null;
    },
    hasRecording: () => fits(),
  };
}

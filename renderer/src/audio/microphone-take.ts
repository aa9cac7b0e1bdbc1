import { every } from './every';
import { mediaDevices } from './media-devices';
import type { MicrophoneProblem } from './microphone-problem';

/** One use of the microphone, recorded whole or streamed as frames: stopped for its result, or thrown away. */
export interface MicrophoneTake<Result> {
  /** Stops (if it has not stopped by itself) and resolves with what it made, or why it made nothing. */
  stop(): Promise<Result>;
  /** Throws the audio away; the microphone goes off at once. */
  cancel(): void;
  /** Resolves when it stopped without stop(): at its limit, or the device went away. */
  readonly autoStopped: Promise<void>;
}

/** The microphone opened, or why it did not. */
export type MicrophoneOpened<Take> = { readonly ok: true; readonly value: Take } | { readonly ok: false; readonly problem: MicrophoneProblem };

/** What every use of the microphone takes from the browser, injected so that it can be tested without one. */
export interface MicrophoneDeps {
  /** undefined where there is no navigator.mediaDevices. */
  readonly getUserMedia: ((constraints: MediaStreamConstraints) => Promise<MediaStream>) | undefined;
  now(): number;
  /** Calls `callback` every `ms` until the returned function is called. */
  every(ms: number, callback: () => void): () => void;
}

/** The browser's microphone and interval timer (each use chooses its own clock). */
export function browserMicrophone(): Omit<MicrophoneDeps, 'now'> {
  const devices = mediaDevices();
  return { getUserMedia: devices && ((constraints) => devices.getUserMedia(constraints)), every };
}

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

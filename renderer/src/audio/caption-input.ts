import { microphoneProblemOf, type MicrophoneProblem } from './microphone-problem';
import { microphoneConstraints } from './recorder';

/** 'system' = getDisplayMedia loopback (Windows/macOS); on Linux the monitor source is a microphone deviceId. */
export type CaptionInput = { kind: 'microphone'; deviceId: string | null } | { kind: 'system' };

export type CaptionInputProblem = MicrophoneProblem | 'system_audio_unavailable';

export type OpenedInput = { ok: true; stream: MediaStream } | { ok: false; problem: CaptionInputProblem };

/** What opening a caption input takes from the browser, injected so that it can be tested without one. */
export interface CaptionInputDeps {
  /** undefined where there is no navigator.mediaDevices. */
  readonly getUserMedia: ((constraints: MediaStreamConstraints) => Promise<MediaStream>) | undefined;
  /** undefined where the browser cannot share its screen. */
  readonly getDisplayMedia: ((options: DisplayMediaStreamOptions) => Promise<MediaStream>) | undefined;
}

/** Opens the chosen microphone or the computer's audio: an audio-only stream, or why there is none. */
export function openCaptionInput(input: CaptionInput, deps: CaptionInputDeps): Promise<OpenedInput> {
  return input.kind === 'system' ? openSystemAudio(deps) : openMicrophone(input.deviceId, deps);
}

async function openMicrophone(deviceId: string | null, { getUserMedia }: CaptionInputDeps): Promise<OpenedInput> {
  if (getUserMedia === undefined) return { ok: false, problem: 'unsupported' };
  try {
    return { ok: true, stream: await getUserMedia(microphoneConstraints(deviceId)) };
  } catch (error) {
    return { ok: false, problem: microphoneProblemOf(error) };
  }
}

async function openSystemAudio({ getDisplayMedia }: CaptionInputDeps): Promise<OpenedInput> {
  const unavailable = { ok: false, problem: 'system_audio_unavailable' } as const;
  if (getDisplayMedia === undefined) return unavailable;
  let stream: MediaStream;
  try {
    stream = await getDisplayMedia({ audio: true, video: true });
  } catch {
    // Whatever the reason (the picker cancelled, no loopback on this system, main's handler refused), there
    // is no computer audio to caption: the member picks a microphone instead.
    return unavailable;
  }
  // Chromium shares the computer's audio only along with a picture (main gives the page's own window, never the
  // screen): the captions need none of it, so it stops before anything else can read a frame.
  for (const track of stream.getVideoTracks()) {
    track.stop();
    stream.removeTrack(track);
  }
  if (stream.getAudioTracks().length > 0) return { ok: true, stream };
  for (const track of stream.getTracks()) track.stop();
  return unavailable;
}

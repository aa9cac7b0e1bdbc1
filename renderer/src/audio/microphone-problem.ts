/** Why the microphone could not be used for a recording: each one has its own advice for the member. */
export type MicrophoneProblem = 'denied' | 'not_found' | 'busy' | 'unsupported';

/**
 * The DOMException names getUserMedia and MediaRecorder refuse with. An OverconstrainedError on this app's
 * constraints can only be the chosen deviceId (the others are preferences), so it means that device is gone.
 * Chromium reports a device it could not start as NotReadableError, or AbortError on some drivers.
 */
const PROBLEM_OF_ERROR: Readonly<Record<string, MicrophoneProblem>> = {
  NotAllowedError: 'denied',
  SecurityError: 'denied',
  NotFoundError: 'not_found',
  OverconstrainedError: 'not_found',
  NotReadableError: 'busy',
  AbortError: 'busy',
  NotSupportedError: 'unsupported',
};

/** What a refusal to open or record the microphone means; any other error is a bug and is thrown on. */
export function microphoneProblemOf(error: unknown): MicrophoneProblem {
  const name = typeof error === 'object' && error !== null && 'name' in error ? error.name : undefined;
  const problem = typeof name === 'string' ? PROBLEM_OF_ERROR[name] : undefined;
  if (problem === undefined) throw error;
  return problem;
}

/** Where each desktop keeps the switch that lets an app use the microphone; "other" when main has not said yet. */
const DENIED_HINT = {
  win32: 'voice.microphone.hint.denied.win32',
  darwin: 'voice.microphone.hint.denied.darwin',
  linux: 'voice.microphone.hint.denied.linux',
  other: 'voice.microphone.hint.denied.other',
} as const;

const MESSAGE = {
  denied: 'voice.microphone.problem.denied',
  not_found: 'voice.microphone.problem.not_found',
  busy: 'voice.microphone.problem.busy',
  unsupported: 'voice.microphone.problem.unsupported',
} as const;

const HINT = {
  not_found: 'voice.microphone.hint.not_found',
  busy: 'voice.microphone.hint.busy',
  unsupported: 'voice.microphone.hint.unsupported',
} as const;

export interface MicrophoneProblemText {
  /** i18n key: what happened. */
  readonly message: (typeof MESSAGE)[MicrophoneProblem];
  /** i18n key: what to do about it, on the member's operating system for a denied permission. */
  readonly hint: (typeof HINT)[keyof typeof HINT] | (typeof DENIED_HINT)[keyof typeof DENIED_HINT];
}

/**
 * The i18n keys that explain `problem` to the member (none takes parameters). `platform` is main's
 * process.platform from usePlatform(): null while unknown; an unlisted Unix gets the Linux advice.
 */
export function microphoneProblemText(problem: MicrophoneProblem, platform: string | null): MicrophoneProblemText {
  if (problem !== 'denied') return { message: MESSAGE[problem], hint: HINT[problem] };
  const desktop = platform === null ? 'other' : platform === 'win32' || platform === 'darwin' ? platform : 'linux';
  return { message: MESSAGE.denied, hint: DENIED_HINT[desktop] };
}

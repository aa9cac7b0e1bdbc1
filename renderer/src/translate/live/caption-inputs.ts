import type { CaptionInput } from '../../audio/caption-input';
import type { Microphones } from '../../audio/use-microphones';

/** One entry of the input list: the select's value, what it records, and its device's name (null: unnamed). */
export interface InputOption {
  readonly value: string;
  readonly input: CaptionInput;
  readonly label: string | null;
}

/**
 * Why the computer's audio is not offered. linux_no_monitor: the sound server lists no monitor input (plain ALSA,
 * or it is hidden); linux_names_hidden: device names are hidden until the microphone has been allowed once, so a
 * monitor cannot be told from a microphone yet; unsupported: an operating system without either way.
 */
export type ComputerAudioGap = 'linux_no_monitor' | 'linux_names_hidden' | 'unsupported';

export interface CaptionInputs {
  /** The system's default first (its device null), then each microphone. */
  readonly microphones: readonly InputOption[];
  /** What others in the meeting say: Windows' and macOS' loopback, or Linux's monitor inputs. */
  readonly computer: readonly InputOption[];
  /** Null while the platform is not known yet, or when `computer` has something. */
  readonly computerGap: ComputerAudioGap | null;
}

export const DEFAULT_MICROPHONE = 'microphone:default';
const SYSTEM_AUDIO = 'system';

/** The input list's value for `input`. */
export function inputValue(input: CaptionInput): string {
  if (input.kind === 'system') return SYSTEM_AUDIO;
  return input.deviceId === null ? DEFAULT_MICROPHONE : `microphone:${input.deviceId}`;
}

/**
 * PulseAudio (and PipeWire's PulseAudio server) offer each output's sound as an input named after it; Chromium
 * lists it among the microphones under that English name.
 */
const MONITOR = /^Monitor of /i;

/** Platforms where Electron's display-media handler gives the computer's audio (loopback). */
const LOOPBACK_PLATFORMS = new Set(['win32', 'darwin']);

/** The inputs live captions can listen to on `platform` (main's process.platform; null while unknown). */
export function captionInputs({ devices, labelsHidden }: Microphones, platform: string | null): CaptionInputs {
  const option = ({ deviceId, label }: { deviceId: string; label: string }): InputOption => {
    const input = { kind: 'microphone', deviceId } as const;
    return { value: inputValue(input), input, label: label === '' ? null : label };
  };
  const monitors = devices.filter(({ label }) => MONITOR.test(label));
  const microphones = [
    { value: DEFAULT_MICROPHONE, input: { kind: 'microphone', deviceId: null }, label: null } as const,
    ...devices.filter((device) => !monitors.includes(device)).map(option),
  ];

  if (platform !== null && LOOPBACK_PLATFORMS.has(platform)) {
    return { microphones, computer: [{ value: SYSTEM_AUDIO, input: { kind: 'system' }, label: null }], computerGap: null };
  }
  if (platform === 'linux') {
    const gap = monitors.length > 0 ? null : labelsHidden ? 'linux_names_hidden' : 'linux_no_monitor';
    return { microphones, computer: monitors.map(option), computerGap: gap };
  }
  return { microphones, computer: [], computerGap: platform === null ? null : 'unsupported' };
}

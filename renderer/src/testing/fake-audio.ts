import { vi } from 'vitest';
import type { ClipSource } from '../audio/speech-output';

/**
 * jsdom plays no audio and makes no Blob URLs: every audio element played is recorded in the array returned, and
 * every Blob URL made is `url`. For a test's beforeEach; vi.restoreAllMocks() puts play and pause back.
 */
export function fakeAudioPlayback(url: string): HTMLMediaElement[] {
  const played: HTMLMediaElement[] = [];
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    played.push(this);
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
  URL.createObjectURL = vi.fn(() => url);
  URL.revokeObjectURL = vi.fn();
  return played;
}

/** The computer's microphones as the page lists them: jsdom has no navigator.mediaDevices. */
export function plugMicrophones(devices: readonly Pick<MediaDeviceInfo, 'deviceId' | 'label'>[]): void {
  const media = Object.assign(new EventTarget(), {
    enumerateDevices: async () => devices.map((device) => ({ ...device, kind: 'audioinput', groupId: '' })),
  });
  Object.defineProperty(navigator, 'mediaDevices', { value: media, configurable: true });
}

/** Back to jsdom's navigator, with no way to list devices. */
export function unplugMicrophones(): void {
  Reflect.deleteProperty(navigator, 'mediaDevices');
}

/** A Web Audio buffer source as the players' tests see it: when it was told to start, whether it was silenced. */
export interface FakeSource extends ClipSource {
  startedAt: number | null;
  stopped: boolean;
  /** The source played to its end. */
  end(): void;
}

/** A new source, kept in `made` so that a test can tell what was scheduled and what silenced. */
export function fakeBufferSource(made: FakeSource[]): FakeSource {
  const source: FakeSource = {
    buffer: null,
    onended: null,
    startedAt: null,
    stopped: false,
    connect: () => undefined,
    start(when = 0) {
      source.startedAt = when;
    },
    stop() {
      source.stopped = true;
    },
    end() {
      source.onended?.(new Event('ended'));
    },
  };
  made.push(source);
  return source;
}

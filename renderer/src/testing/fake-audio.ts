import { vi } from 'vitest';

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

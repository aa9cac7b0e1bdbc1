import { useEffect, useState } from 'react';
import { mediaDevices } from './media-devices';

export interface Microphone {
  /** What settings.voice.microphoneId holds for it. */
  readonly deviceId: string;
  /** Empty while labelsHidden. */
  readonly label: string;
}

export interface Microphones {
  /** The audio inputs, less the system default's aliases: settings.voice.microphoneId null already stands for it. */
  readonly devices: readonly Microphone[];
  /**
   * The browser hides device names (and often the devices themselves) until the member has allowed the microphone
   * once: then there is nothing to choose by name yet, and recording once makes them appear.
   */
  readonly labelsHidden: boolean;
  /** False where the page cannot list devices at all (no navigator.mediaDevices). */
  readonly available: boolean;
}

/** Chromium lists the system's default and its communications device again under these ids. */
const DEFAULT_ALIASES = new Set(['', 'default', 'communications']);

function microphonesOf(devices: readonly MediaDeviceInfo[]): Microphones {
  const inputs = devices.filter((device) => device.kind === 'audioinput');
  return {
    devices: inputs
      .filter((device) => !DEFAULT_ALIASES.has(device.deviceId))
      .map(({ deviceId, label }) => ({ deviceId, label })),
    labelsHidden: inputs.some((device) => device.label === ''),
    available: true,
  };
}

/** The microphones to choose from, kept current as devices are plugged in and out. */
export function useMicrophones(): Microphones {
  const [microphones, setMicrophones] = useState<Microphones>(() => ({
    devices: [],
    labelsHidden: false,
    available: mediaDevices() !== undefined,
  }));

  useEffect(() => {
    const devices = mediaDevices();
    if (devices === undefined) return;
    let live = true;
    const refresh = () => {
      void devices.enumerateDevices().then((all) => {
        if (live) setMicrophones(microphonesOf(all));
      });
    };
    refresh();
    devices.addEventListener('devicechange', refresh);
    return () => {
      live = false;
      devices.removeEventListener('devicechange', refresh);
    };
  }, []);

  return microphones;
}

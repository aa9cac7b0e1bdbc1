import type { Page } from 'playwright-core';

declare global {
  interface Window {
    __captureTracks?: MediaStreamTrack[];
  }
}

/**
 * Keeps every track the page obtains from getUserMedia or getDisplayMedia, so a test can ask afterwards whether
 * the microphone was really let go (a stopped track's readyState is 'ended': the OS's indicator turns off).
 */
export async function recordCaptureTracks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const tracks: MediaStreamTrack[] = [];
    window.__captureTracks = tracks;
    const devices = navigator.mediaDevices;
    for (const name of ['getUserMedia', 'getDisplayMedia'] as const) {
      const original = devices[name]?.bind(devices);
      if (!original) continue;
      devices[name] = async (constraints?: MediaStreamConstraints) => {
        const stream = await original(constraints);
        tracks.push(...stream.getTracks());
        return stream;
      };
    }
  });
}

/** The captured tracks' states, oldest first: 'live' while the page still holds the device. */
export function captureTrackStates(page: Page): Promise<string[]> {
  return page.evaluate(() => (window.__captureTracks ?? []).map((track) => track.readyState));
}

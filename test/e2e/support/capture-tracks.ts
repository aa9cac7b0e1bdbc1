import type { Page } from 'playwright-core';

/** The little of the page's media API this file touches (the tests compile without the DOM library). */
interface Track {
  readyState: string;
}
interface CapturePage {
  __captureTracks?: Track[];
  navigator: { mediaDevices: Record<'getUserMedia' | 'getDisplayMedia', ((constraints?: unknown) => Promise<{ getTracks(): Track[] }>) | undefined> };
}

/**
 * Keeps every track the page obtains from getUserMedia or getDisplayMedia, so a test can ask afterwards whether
 * the microphone was really let go (a stopped track's readyState is 'ended': the OS's indicator turns off).
 */
export async function recordCaptureTracks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const view = globalThis as unknown as CapturePage;
    const tracks: Track[] = [];
    view.__captureTracks = tracks;
    const devices = view.navigator.mediaDevices;
    for (const name of ['getUserMedia', 'getDisplayMedia'] as const) {
      const original = devices[name]?.bind(devices);
      if (!original) continue;
      devices[name] = async (constraints) => {
        const stream = await original(constraints);
        tracks.push(...stream.getTracks());
        return stream;
      };
    }
  });
}

/** The captured tracks' states, oldest first: 'live' while the page still holds the device. */
export function captureTrackStates(page: Page): Promise<string[]> {
  return page.evaluate(() => ((globalThis as unknown as CapturePage).__captureTracks ?? []).map((track) => track.readyState));
}

import type { Page } from 'playwright-core';

/** One caption line as the page showed it. Times are the page's performance.now(). */
export interface SeenLine {
  /** Its start on the session's clock, to the second (its <time datetime>). */
  readonly startSeconds: number;
  /** "You" or "Others" when both sides are captioned, else ''. */
  readonly speaker: string;
  /** When its first translated words were on screen, and when it was final (null: never). */
  readonly firstWordsAt: number | null;
  readonly finalAt: number | null;
}

export interface SeenCaptions {
  /** When the fake microphone began to play: the first getUserMedia resolved. */
  readonly openedAt: number;
  /** In speaking order. */
  readonly lines: readonly SeenLine[];
}

interface Recorded {
  datetime: string;
  speaker: string;
  firstWordsAt: number | null;
  finalAt: number | null;
}

/**
 * Records, in the page, when the capture opened and when each caption line's first translated words and its final
 * form appeared: instrumentation of the test page only, the app is as shipped. Call before the page loads.
 */
export async function watchCaptions(page: Page): Promise<void> {
  await page.addInitScript(() => {
    // What the script uses of the page; this project's Node typings have no DOM.
    interface Line {
      classList: { contains(name: string): boolean };
      querySelector(selector: string): { textContent: string | null; getAttribute(name: string): string | null } | null;
    }
    interface PageGlobals {
      captureOpenedAt?: number;
      captionsSeen: { datetime: string; speaker: string; firstWordsAt: number | null; finalAt: number | null }[];
      navigator: { mediaDevices: { getUserMedia(constraints: unknown): Promise<unknown> } };
      document: { querySelectorAll(selector: string): Iterable<Line> };
      MutationObserver: new (callback: () => void) => { observe(target: unknown, options: object): void };
    }
    const page = globalThis as unknown as PageGlobals;
    page.captionsSeen = [];
    const devices = page.navigator.mediaDevices;
    const open = devices.getUserMedia.bind(devices);
    devices.getUserMedia = async (constraints) => {
      const stream = await open(constraints);
      page.captureOpenedAt ??= performance.now();
      return stream;
    };
    const seen = new Map<Line, PageGlobals['captionsSeen'][number]>();
    new page.MutationObserver(() => {
      const now = performance.now();
      for (const line of page.document.querySelectorAll('.caption-line')) {
        let entry = seen.get(line);
        if (!entry) {
          const datetime = line.querySelector('time')?.getAttribute('datetime') ?? '';
          entry = { datetime, speaker: line.querySelector('.caption-speaker')?.textContent ?? '', firstWordsAt: null, finalAt: null };
          seen.set(line, entry);
          page.captionsSeen.push(entry);
        }
        if (entry.firstWordsAt === null && (line.querySelector('.caption-translation')?.textContent ?? '').trim() !== '') entry.firstWordsAt = now;
        if (entry.finalAt === null && line.classList.contains('caption-done')) entry.finalAt = now;
      }
    }).observe(page.document, { subtree: true, childList: true, characterData: true, attributes: true });
  });
}

/** What watchCaptions recorded so far. */
export async function seenCaptions(page: Page): Promise<SeenCaptions> {
  const { openedAt, seen } = await page.evaluate(() => {
    const view = globalThis as unknown as { captureOpenedAt: number; captionsSeen: Recorded[] };
    return { openedAt: view.captureOpenedAt, seen: view.captionsSeen };
  });
  const lines = seen
    .map(({ datetime, speaker, firstWordsAt, finalAt }) => ({ startSeconds: Number(/PT(\d+)S/.exec(datetime)?.[1]), speaker, firstWordsAt, finalAt }))
    .sort((a, b) => a.startSeconds - b.startSeconds);
  return { openedAt, lines };
}

/**
 * A second input the page can caption as the other side of the meeting: Linux lists the speakers' "Monitor of …"
 * input among the microphones, so the page is shown one beside the fake microphone, and opening it opens the fake
 * microphone (Chromium has one fake device). Both sides then hear the same meeting.
 */
export async function fakeMonitorInput(page: Page): Promise<void> {
  await page.addInitScript(() => {
    interface Devices {
      enumerateDevices(): Promise<{ deviceId: string; kind: string; label: string; groupId: string }[]>;
      getUserMedia(constraints: { audio?: unknown }): Promise<unknown>;
    }
    const devices = (globalThis as unknown as { navigator: { mediaDevices: Devices } }).navigator.mediaDevices;
    const list = devices.enumerateDevices.bind(devices);
    const open = devices.getUserMedia.bind(devices);
    const MONITOR = 'fake-monitor';
    devices.enumerateDevices = async () => [
      ...(await list()),
      { deviceId: MONITOR, kind: 'audioinput', label: 'Monitor of Fake Speakers', groupId: MONITOR },
    ];
    devices.getUserMedia = (constraints) => {
      const audio = constraints.audio as { deviceId?: { exact?: string } } | undefined;
      if (audio?.deviceId?.exact !== MONITOR) return open(constraints);
      const { deviceId: _monitor, ...rest } = audio;
      return open({ ...constraints, audio: rest });
    };
  });
}

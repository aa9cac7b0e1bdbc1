import { STARTUP } from '../../../shared/limits';
import type { Logger } from '../log/logger';
import type { Timers } from '../timers/alarm';

/** What a start reaches (RD4): the tray icon, the window on screen, the pane's first frame painted in it. */
export const START_MARKS = ['trayReady', 'windowShown', 'firstPaint'] as const;
export type StartMark = (typeof START_MARKS)[number];

export interface StartupFigures {
  /** The marks this start reached, in the order it reached them, in milliseconds since the process started. */
  readonly reached: ReadonlyArray<{ readonly mark: StartMark; readonly ms: number }>;
  /** Started at login: the window waited in the tray, so its showing was no part of the start. */
  readonly startedHidden: boolean;
  /** Every figure is in, or the wait for the missing ones ran out (`STARTUP.settleMs`): the start is logged. */
  readonly over: boolean;
  /** Quick ask's time from the member's command (its shortcut, the tray) to its window on screen: the run's first and latest. */
  readonly quickAsk: { readonly firstMs: number; readonly lastMs: number } | null;
}

export interface StartupMarks {
  trayReady(): void;
  windowShown(): void;
  /** The main window's page drew its first frame (`app:painted`); a reload's frame is no start's. */
  firstPaint(): void;
  /** The quick-ask window's way to the screen: asked for while hidden, then visible. */
  readonly quickAsk: { asked(): void; visible(): void };
  figures(): StartupFigures;
}

export interface StartupMarksDeps {
  /** Milliseconds since the process started (the OS's start of it, not Node's). */
  now: () => number;
  startedHidden: boolean;
  timers: Timers;
  log: Logger;
}

/**
 * The start's figures, each taken once, for the log (one `startup` line of numbers a script can read), the
 * diagnostics report and the smoke suite. The start is over when it has reached every mark it will (a start hidden at
 * login shows no window), or `STARTUP.settleMs` after the tray is ready; a mark after that is no start's.
 */
export function createStartupMarks(deps: StartupMarksDeps): StartupMarks {
  const expected = START_MARKS.filter((mark) => !(deps.startedHidden && mark === 'windowShown'));
  const reached: Array<{ mark: StartMark; ms: number }> = [];
  let over = false;
  let settle: unknown = null;
  let askedAt: number | null = null;
  let quickAsk: StartupFigures['quickAsk'] = null;

  const msOf = (mark: StartMark) => reached.find((figure) => figure.mark === mark)?.ms ?? null;

  function end(complete: boolean) {
    over = true;
    if (settle !== null) deps.timers.clearTimeout(settle);
    const figures = Object.fromEntries(START_MARKS.map((mark) => [`${mark}Ms`, msOf(mark)]));
    deps.log.info('startup', { ...figures, startedHidden: deps.startedHidden, complete });
  }

  function mark(name: StartMark) {
    if (over || !expected.includes(name) || msOf(name) !== null) return;
    reached.push({ mark: name, ms: Math.round(deps.now()) });
    if (expected.every((mark) => msOf(mark) !== null)) end(true);
    else if (name === 'trayReady') settle = deps.timers.setTimeout(() => end(false), STARTUP.settleMs);
  }

  return {
    trayReady: () => mark('trayReady'),
    windowShown: () => mark('windowShown'),
    firstPaint: () => mark('firstPaint'),
    quickAsk: {
      // A second press while the window is on its way changes nothing: the member has waited since the first.
      asked() {
        askedAt ??= deps.now();
      },
      visible() {
        if (askedAt === null) return;
        const ms = Math.round(deps.now() - askedAt);
        askedAt = null;
        quickAsk = { firstMs: quickAsk?.firstMs ?? ms, lastMs: ms };
        deps.log.info('quick ask visible', { ms });
      },
    },
    figures: () => ({ reached: [...reached], startedHidden: deps.startedHidden, over, quickAsk }),
  };
}

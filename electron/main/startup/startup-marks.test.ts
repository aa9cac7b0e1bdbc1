import { describe, expect, it } from 'vitest';
import { STARTUP } from '../../../shared/limits';
import { manualClock } from '../../../test/support/auth-test-kit';
import { createMemoryLogger } from '../log/logger';
import { createStartupMarks } from './startup-marks';

/** A start on a clock that reads milliseconds since the process started. */
function start(startedHidden = false) {
  const clock = manualClock(0);
  const log = createMemoryLogger();
  const marks = createStartupMarks({ now: clock.now, startedHidden, timers: clock.timers, log });
  const logged = (message: string) =>
    log.lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.message === message);
  return { clock, marks, logged };
}

describe('RD4 the start’s figures', () => {
  it('are recorded in the order they happen, and the start is logged once, as numbers, when the pane has painted', () => {
    const { clock, marks, logged } = start();
    clock.advance(640);
    marks.trayReady();
    clock.advance(300);
    marks.windowShown();
    expect(logged('startup')).toEqual([]);
    clock.advance(460.4);
    marks.firstPaint();

    expect(marks.figures()).toMatchObject({
      reached: [
        { mark: 'trayReady', ms: 640 },
        { mark: 'windowShown', ms: 940 },
        { mark: 'firstPaint', ms: 1400 },
      ],
      startedHidden: false,
      over: true,
    });
    expect(logged('startup')).toEqual([
      expect.objectContaining({ trayReadyMs: 640, windowShownMs: 940, firstPaintMs: 1400, startedHidden: false, complete: true }),
    ]);
    // Nothing is left waiting once the start is over.
    expect(clock.pendingCount()).toBe(0);
  });

  it('keep the first of each: a page that reloads, or a window shown again, changes no figure and logs nothing more', () => {
    const { clock, marks, logged } = start();
    clock.advance(500);
    marks.trayReady();
    marks.windowShown();
    clock.advance(700);
    marks.firstPaint();
    clock.advance(5_000);
    marks.firstPaint();
    marks.windowShown();
    marks.trayReady();
    expect(marks.figures().reached.map(({ mark, ms }) => `${mark} ${ms}`)).toEqual(['trayReady 500', 'windowShown 500', 'firstPaint 1200']);
    expect(logged('startup')).toHaveLength(1);
  });

  it('a start hidden at login is over when the tray is ready and the hidden page painted; the window opened later is no part of it', () => {
    const { clock, marks, logged } = start(true);
    clock.advance(700);
    marks.trayReady();
    clock.advance(600);
    marks.firstPaint();
    expect(logged('startup')).toEqual([
      expect.objectContaining({ trayReadyMs: 700, windowShownMs: null, firstPaintMs: 1300, startedHidden: true, complete: true }),
    ]);
    clock.advance(3 * 60 * 60 * 1000);
    marks.windowShown();
    expect(marks.figures()).toMatchObject({ reached: [{ mark: 'trayReady' }, { mark: 'firstPaint' }], startedHidden: true, over: true });
  });

  it('a page that never paints: the start is logged with what it reached once the wait after the tray runs out', () => {
    const { clock, marks, logged } = start();
    clock.advance(800);
    marks.trayReady();
    marks.windowShown();
    clock.advance(STARTUP.settleMs - 1);
    expect(logged('startup')).toEqual([]);
    expect(marks.figures().over).toBe(false);
    clock.advance(1);
    expect(logged('startup')).toEqual([expect.objectContaining({ trayReadyMs: 800, windowShownMs: 800, firstPaintMs: null, complete: false })]);
    marks.firstPaint();
    expect(marks.figures()).toMatchObject({ reached: [{ mark: 'trayReady' }, { mark: 'windowShown' }], over: true });
  });

  it('the wait starts at the tray: a start held up before it (a dialog about the database) is measured whole', () => {
    const { clock, marks, logged } = start();
    clock.advance(STARTUP.settleMs * 3);
    marks.trayReady();
    clock.advance(200);
    marks.windowShown();
    marks.firstPaint();
    expect(logged('startup')).toEqual([expect.objectContaining({ trayReadyMs: STARTUP.settleMs * 3, complete: true })]);
  });

  it('quick ask’s time runs from the member’s command to the window on screen, each time, the first kept beside the latest', () => {
    const { clock, marks, logged } = start();
    expect(marks.figures().quickAsk).toBeNull();
    clock.advance(5_000);
    marks.quickAsk.asked();
    clock.advance(100);
    // Pressed again while the window is on its way: the member has waited since the first press.
    marks.quickAsk.asked();
    clock.advance(80);
    marks.quickAsk.visible();
    expect(marks.figures().quickAsk).toEqual({ firstMs: 180, lastMs: 180 });

    clock.advance(60_000);
    marks.quickAsk.asked();
    clock.advance(25);
    marks.quickAsk.visible();
    // Shown again with no command (nothing asked): not a time to visible.
    marks.quickAsk.visible();
    expect(marks.figures().quickAsk).toEqual({ firstMs: 180, lastMs: 25 });
    expect(logged('quick ask visible').map((line) => line.ms)).toEqual([180, 25]);
  });
});

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WINDOW } from '../../../shared/limits';
import { openDatabase } from '../store/open-database';
import { expectOpened, makeTempDir } from '../../../test/support/store-helpers';
import { createWindowPlacementStore } from './window-placement-store';
import { choosePlacement, displayKey, type DisplayInfo, type Placement } from './window-placement';

const MIN = { width: 720, height: 520 };
/** A laptop screen with a 40 px taskbar, and a larger monitor to its right. */
const LAPTOP: DisplayInfo = { id: 1, bounds: { x: 0, y: 0, width: 1920, height: 1080 }, workArea: { x: 0, y: 0, width: 1920, height: 1040 } };
const MONITOR: DisplayInfo = {
  id: 2,
  bounds: { x: 1920, y: 0, width: 2560, height: 1440 },
  workArea: { x: 1920, y: 0, width: 2560, height: 1400 },
};
const on = (display: DisplayInfo, bounds: Placement['bounds'], maximized = false): Placement => ({ display: displayKey(display), bounds, maximized });

describe('D4 the window opens where it was, on a display that is there', () => {
  it('opens exactly where it was when that display is present and the window fits on it', () => {
    const saved = [on(MONITOR, { x: 2100, y: 100, width: 1200, height: 900 }, true)];
    expect(choosePlacement(saved, [LAPTOP, MONITOR], MIN)).toEqual({ bounds: saved[0]!.bounds, maximized: true });
  });

  it('takes the latest place on a display that is present: the monitor unplugged, the laptop place is used', () => {
    const saved = [on(MONITOR, { x: 2100, y: 100, width: 1200, height: 900 }), on(LAPTOP, { x: 50, y: 60, width: 1000, height: 700 })];
    expect(choosePlacement(saved, [LAPTOP], MIN)).toEqual({ bounds: { x: 50, y: 60, width: 1000, height: 700 }, maximized: false });
  });

  it('lets the system place the window when no remembered display is present', () => {
    expect(choosePlacement([on(MONITOR, { x: 2100, y: 100, width: 1200, height: 900 })], [LAPTOP], MIN)).toBeNull();
    expect(choosePlacement([], [LAPTOP], MIN)).toBeNull();
  });

  it('a display at another resolution is another display', () => {
    const smaller = { ...LAPTOP, bounds: { ...LAPTOP.bounds, width: 1280, height: 800 } };
    expect(displayKey(smaller)).not.toBe(displayKey(LAPTOP));
    expect(choosePlacement([on(LAPTOP, { x: 50, y: 60, width: 1000, height: 700 })], [smaller], MIN)).toBeNull();
  });

  it('moves a window partly off its display back inside the work area, clear of the taskbar', () => {
    const saved = [on(LAPTOP, { x: 1500, y: 800, width: 1000, height: 700 })];
    expect(choosePlacement(saved, [LAPTOP], MIN)?.bounds).toEqual({ x: 920, y: 340, width: 1000, height: 700 });
    const above = [on(LAPTOP, { x: -300, y: -50, width: 1000, height: 700 })];
    expect(choosePlacement(above, [LAPTOP], MIN)?.bounds).toEqual({ x: 0, y: 0, width: 1000, height: 700 });
  });

  it('shrinks a window larger than the work area to it, and grows one below the minimum size', () => {
    const large = [on(LAPTOP, { x: 0, y: 0, width: 2400, height: 1300 })];
    expect(choosePlacement(large, [LAPTOP], MIN)?.bounds).toEqual({ x: 0, y: 0, width: 1920, height: 1040 });
    const tiny = [on(LAPTOP, { x: 100, y: 100, width: 200, height: 100 })];
    expect(choosePlacement(tiny, [LAPTOP], MIN)?.bounds).toEqual({ x: 100, y: 100, width: 720, height: 520 });
  });
});

describe('window placement store', () => {
  const open = () => expectOpened(openDatabase(join(makeTempDir(), 'app.db')));

  it('keeps one place per display, the latest first, and only so many displays', () => {
    const db = open();
    const store = createWindowPlacementStore(db);
    expect(store.all()).toEqual([]);
    const laptop = on(LAPTOP, { x: 10, y: 10, width: 900, height: 700 });
    store.save(laptop);
    store.save(on(MONITOR, { x: 2000, y: 10, width: 900, height: 700 }));
    const moved = on(LAPTOP, { x: 40, y: 40, width: 900, height: 700 }, true);
    store.save(moved);
    expect(store.all().map((placement) => placement.display)).toEqual([displayKey(LAPTOP), displayKey(MONITOR)]);
    expect(createWindowPlacementStore(db).all()[0]).toEqual(moved);

    for (let id = 10; id < 10 + WINDOW.placementsKept + 2; id += 1) store.save(on({ ...LAPTOP, id }, laptop.bounds));
    expect(store.all()).toHaveLength(WINDOW.placementsKept);
  });

});

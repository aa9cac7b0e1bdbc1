import { z } from 'zod';
import { WINDOW } from '../../../shared/limits';

const rectSchema = z.object({ x: z.number().int(), y: z.number().int(), width: z.number().int().positive(), height: z.number().int().positive() });
export type Rect = z.infer<typeof rectSchema>;

/** Where the window was on one display: its size and place when not maximized, and whether it was maximized. */
export const placementSchema = z.object({ display: z.string(), bounds: rectSchema, maximized: z.boolean() });
export type Placement = z.infer<typeof placementSchema>;
/** The latest first, one per display. */
export const placementsSchema = z.array(placementSchema).max(WINDOW.placementsKept);

/** A display as the screen module describes it: `workArea` leaves out the taskbar, the dock and the menu bar. */
export interface DisplayInfo {
  id: number;
  bounds: Rect;
  workArea: Rect;
}

/**
 * A display is told apart by its id and its bounds: the same screen at another resolution, or moved in the
 * arrangement, is another display to remember a place on.
 */
export function displayKey(display: Pick<DisplayInfo, 'id' | 'bounds'>): string {
  const { x, y, width, height } = display.bounds;
  return `${display.id}@${x},${y},${width}x${height}`;
}

/** The window's place remembered for `display`, the others kept after it, the oldest dropped past the limit. */
export function remember(placements: readonly Placement[], placement: Placement): Placement[] {
  return [placement, ...placements.filter((kept) => kept.display !== placement.display)].slice(0, WINDOW.placementsKept);
}

/**
 * Where the window opens: the latest place remembered on a display that is there now, kept inside that display's
 * work area (moved in, and shrunk only if larger than it, never below `min` unless the area itself is smaller);
 * null when no remembered display is present, and the system places the window.
 */
export function choosePlacement(
  placements: readonly Placement[],
  displays: readonly DisplayInfo[],
  min: { width: number; height: number },
): { bounds: Rect; maximized: boolean } | null {
  for (const placement of placements) {
    const display = displays.find((candidate) => displayKey(candidate) === placement.display);
    if (display) return { bounds: clamp(placement.bounds, display.workArea, min), maximized: placement.maximized };
  }
  return null;
}

function clamp(bounds: Rect, area: Rect, min: { width: number; height: number }): Rect {
  const width = Math.min(Math.max(bounds.width, min.width), area.width);
  const height = Math.min(Math.max(bounds.height, min.height), area.height);
  const x = Math.min(Math.max(bounds.x, area.x), area.x + area.width - width);
  const y = Math.min(Math.max(bounds.y, area.y), area.y + area.height - height);
  return { x, y, width, height };
}

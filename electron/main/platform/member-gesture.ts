import { TRANSLATE } from '../../../shared/limits';

/**
 * The member's own act, as main sees it: a click, tap or key press in the app's window, or a Start of live captions
 * from the tray or a global shortcut. Neither can come from the page's script: input reaches main from the system,
 * and the tray and the shortcuts are main's. The computer's audio is granted only just after one (T2).
 */
export interface MemberGesture {
  acted(): void;
  /** Within TRANSLATE.computerAudioGestureMs of the last act. */
  recent(): boolean;
}

export function createMemberGesture(now: () => number = Date.now): MemberGesture {
  let lastAct = Number.NEGATIVE_INFINITY;
  return {
    acted() {
      lastAct = now();
    },
    recent: () => now() - lastAct < TRANSLATE.computerAudioGestureMs,
  };
}

/**
 * The input Chromium counts as a user's activation of a page (not a move, hover or scroll). Electron's
 * input-event names.
 */
const ACTIVATING_INPUT: ReadonlySet<string> = new Set(['mouseDown', 'rawKeyDown', 'keyDown', 'gestureTap', 'touchEnd']);

export function isActivatingInput(type: string): boolean {
  return ACTIVATING_INPUT.has(type);
}

import { useEffect, type RefObject } from 'react';

/** How close to the end (in CSS pixels) still counts as "at the end": rounding makes exact equality rare. */
export const END_SLACK_PX = 24;

/** Whether the member is at the end of `element`, where a view that follows new content keeps following it. */
export function atScrollEnd(element: HTMLElement): boolean {
  return element.scrollHeight - element.scrollTop - element.clientHeight <= END_SLACK_PX;
}

/**
 * Calls `onResize` whenever the scroll area or its content changes size (the window did, a line wrapped anew, more
 * came in): a view that follows its end goes back to it. `onResize` should be stable, or the observer is remade.
 */
export function useOnResize(
  scroller: RefObject<HTMLElement | null>,
  content: RefObject<HTMLElement | null>,
  onResize: () => void,
): void {
  useEffect(() => {
    const element = scroller.current;
    const inner = content.current;
    // jsdom has no ResizeObserver; nothing there is ever laid out to be resized.
    if (!element || !inner || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(onResize);
    observer.observe(element);
    observer.observe(inner);
    return () => observer.disconnect();
  }, [scroller, content, onResize]);
}

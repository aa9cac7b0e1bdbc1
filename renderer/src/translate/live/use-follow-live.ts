import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

/** How close to the end (in CSS pixels) still counts as "at the live end": rounding makes exact equality rare. */
const END_SLACK_PX = 24;

/**
 * The captions follow the live end while the member is there: a new or grown line scrolls it into view. Scrolled
 * up to read, they stay where the member put them, and `following` is false until they scroll back down or jump.
 * The content grows with the lines and with a larger text.
 */
export function useFollowLive(lines: readonly unknown[], large: boolean) {
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLOListElement>(null);
  const atEnd = useRef(true);
  const [following, setFollowing] = useState(true);

  const toEnd = useCallback(() => {
    const element = scroller.current;
    if (element && atEnd.current) element.scrollTop = element.scrollHeight;
  }, []);

  useLayoutEffect(toEnd, [toEnd, lines, large]);

  useEffect(() => {
    const element = scroller.current;
    const inner = content.current;
    // jsdom has no ResizeObserver; nothing there is ever laid out to be resized.
    if (!element || !inner || typeof ResizeObserver === 'undefined') return;
    // The window changed size, or a line wrapped differently: the live end stays in view.
    const observer = new ResizeObserver(toEnd);
    observer.observe(element);
    observer.observe(inner);
    return () => observer.disconnect();
  }, [toEnd]);

  const onScroll = useCallback(() => {
    const element = scroller.current;
    if (!element) return;
    atEnd.current = element.scrollHeight - element.scrollTop - element.clientHeight <= END_SLACK_PX;
    setFollowing(atEnd.current);
  }, []);

  /** Back to the live end, following again; focus goes to the captions, as the button that was pressed goes. */
  const jumpToLive = useCallback(() => {
    atEnd.current = true;
    setFollowing(true);
    toEnd();
    scroller.current?.focus();
  }, [toEnd]);

  return { scroller, content, following, onScroll, jumpToLive };
}

import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { atScrollEnd, useOnResize } from '../../ui/scroll-end';

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
  useOnResize(scroller, content, toEnd);

  const onScroll = useCallback(() => {
    const element = scroller.current;
    if (!element) return;
    atEnd.current = atScrollEnd(element);
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

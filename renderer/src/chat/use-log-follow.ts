import { useCallback, useLayoutEffect, useRef } from 'react';
import { atScrollEnd, END_SLACK_PX, useOnResize } from '../ui/scroll-end';

/** Room left above an answer brought into view at its first line, so that it does not touch the log's edge. */
const ANSWER_MARGIN_PX = 8;

/**
 * Where the conversation log stands (S15's auto-scroll): it follows new bubbles only while the member is at its end
 * (or has just asked), so an answer arriving never pulls away text they scrolled up to read; an exchange taller than
 * the log comes into view at its question and the answer's first line, not the answer's last, and stays there as it grows. While the log holds no
 * conversation it is left where it is: what sits above the conversation (the Secretary's digest) is read from its top.
 */
export function useLogFollow(exchanges: readonly unknown[]) {
  const log = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  // Only asking adds an exchange: more of them than last time means the member asked (or the log just opened).
  const shown = useRef(0);

  useLayoutEffect(() => {
    const asked = exchanges.length > shown.current;
    shown.current = exchanges.length;
    const element = log.current;
    if (!element || exchanges.length === 0 || !(asked || atBottom.current)) return;
    const exchange = element.querySelector<HTMLElement>('.chat-exchange:last-child');
    const room = element.clientHeight - END_SLACK_PX;
    const whole = exchange?.getBoundingClientRect();
    if (exchange && whole && element.clientHeight > 0 && whole.height > room) {
      // Too tall to show whole: from the question asked when the question and the answer's first lines fit, so
      // the member sees what the answer answers; from the answer's first line when the question alone is too long.
      const answer = exchange.querySelector<HTMLElement>('.bubble-assistant')?.getBoundingClientRect();
      const from = answer && answer.top - whole.top > room / 2 ? answer.top : whole.top;
      element.scrollTop += from - element.getBoundingClientRect().top - ANSWER_MARGIN_PX;
      atBottom.current = false;
      return;
    }
    element.scrollTop = element.scrollHeight;
    atBottom.current = true;
  }, [exchanges]);

  // The log grew above the conversation (the digest came in) or the window changed size: the end stays in view.
  const keepEnd = useCallback(() => {
    const element = log.current;
    if (element && shown.current > 0 && atBottom.current) element.scrollTop = element.scrollHeight;
  }, []);
  useOnResize(log, content, keepEnd);

  function onScroll() {
    const element = log.current;
    if (element) atBottom.current = atScrollEnd(element);
  }

  return { log, content, onScroll };
}

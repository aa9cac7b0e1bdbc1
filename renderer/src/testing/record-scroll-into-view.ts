import { afterEach, beforeEach, vi } from 'vitest';

/**
 * jsdom lays nothing out and has no scrollIntoView: for the tests of the file that calls this, every element asked
 * to scroll itself into view is recorded (in `mock.contexts`, oldest first) instead. Where it lands is Chromium's
 * part (test/e2e/shell-layout.e2e.test.ts).
 */
export function recordScrollIntoView() {
  const scrolledTo = vi.fn<(this: Element) => void>();
  beforeEach(() => {
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolledTo.call(this);
    };
  });
  afterEach(() => {
    scrolledTo.mockReset();
    delete (Element.prototype as Partial<Element>).scrollIntoView;
  });
  return scrolledTo;
}

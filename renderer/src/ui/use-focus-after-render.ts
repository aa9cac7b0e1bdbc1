import { useCallback, useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * Moves the keyboard to one of `targets` once it is on screen and usable: a button enabled again when the work is
 * done, a field or button that appears only with main's answer. Asked for before the render that shows it; the
 * request waits until the element exists, and null withdraws it.
 */
export function useFocusAfterRender<T extends string>(targets: Record<T, RefObject<HTMLElement | null>>): (target: T | null) => void {
  const next = useRef<T | null>(null);
  // Runs after every render: the element may exist (or be enabled) only once the new state has been rendered. A
  // layout effect, so the element is focused in the commit that shows it: no frame, and no observer of the page
  // (a screen reader, a test), ever sees it without the focus it was asked to have.
  useLayoutEffect(() => {
    const target = next.current;
    const element = target && targets[target].current;
    // Still disabled (the work's end re-enables it in a render of its own): wait for that render.
    if (!element || (element instanceof HTMLButtonElement && element.disabled)) return;
    next.current = null;
    element.focus();
  });
  return useCallback((target: T | null) => {
    next.current = target;
  }, []);
}

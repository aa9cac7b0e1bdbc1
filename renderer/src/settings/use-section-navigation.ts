import { useCallback, useEffect, useRef, useState } from 'react';
import { SETTINGS_SECTION_IDS, type SettingsSectionId } from '../navigation/settings-sections';

/** How far below the top of the scroll area a section's start counts as "being read" (px). */
const READING_LINE_PX = 96;
const [FIRST_SECTION] = SETTINGS_SECTION_IDS;
const LAST_SECTION = SETTINGS_SECTION_IDS[SETTINGS_SECTION_IDS.length - 1] ?? FIRST_SECTION;
/** What the member does to scroll or move on by themselves; any of them ends the hold on a section shown. */
const MEMBER_ACTIONS = ['wheel', 'pointerdown', 'touchstart', 'keydown'] as const;

export interface SectionNavigation {
  /** The section the member is reading: the last one whose start has passed the reading line. */
  readonly current: SettingsSectionId;
  /** Where each section's element registers itself (a ref callback per section, the same at every render). */
  readonly anchors: Readonly<Record<SettingsSectionId, (element: HTMLElement | null) => void>>;
  /** Scrolls the section to the top of the view and moves keyboard focus to its heading. */
  show(id: SettingsSectionId): void;
}

/** The nearest ancestor that scrolls (the shell's <main>), or null where nothing is laid out (tests without CSS). */
function scrollerOf(element: HTMLElement): HTMLElement | null {
  for (let node = element.parentElement; node; node = node.parentElement) {
    if (/(auto|scroll)/.test(getComputedStyle(node).overflowY)) return node;
  }
  return null;
}

/** True when the scroll area cannot go further down: the last sections may never reach the reading line. */
function atBottom(scroller: HTMLElement): boolean {
  return scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1;
}

/** A section shown on request, kept at the top until the member acts; `scrollTop` is where that put the view. */
interface Hold {
  readonly id: SettingsSectionId;
  scrollTop: number;
  release(): void;
}

/**
 * Holds `element` at the top of `scroller` while the sections around it load and change height, until the member
 * scrolls, clicks or presses a key: Settings opens on a section before the sections above it have their data.
 */
function holdAtTop(id: SettingsSectionId, element: HTMLElement, scroller: HTMLElement): Hold {
  const hold: Hold = { id, scrollTop: scroller.scrollTop, release };
  const observer = new ResizeObserver(() => {
    element.scrollIntoView({ block: 'start' });
    hold.scrollTop = scroller.scrollTop;
  });
  if (element.parentElement) observer.observe(element.parentElement);
  for (const type of MEMBER_ACTIONS) scroller.addEventListener(type, release, { passive: true });
  function release() {
    observer.disconnect();
    for (const type of MEMBER_ACTIONS) scroller.removeEventListener(type, release);
  }
  return hold;
}

/**
 * Settings' section list: which section is being read as the member scrolls, and going to one (from the list, the
 * first-run checklist, or another pane's "Open Settings") with its heading at the top and focused.
 */
export function useSectionNavigation(): SectionNavigation {
  const anchors = useRef(new Map<SettingsSectionId, HTMLElement>());
  const [current, setCurrent] = useState<SettingsSectionId>(FIRST_SECTION);
  // A section shown on request stays current while the view stays where that put it: one near the end may never
  // reach the reading line, and would otherwise lose its mark to the last section.
  const held = useRef<Hold | null>(null);

  const [refs] = useState(
    () =>
      Object.fromEntries(
        SETTINGS_SECTION_IDS.map((id) => [
          id,
          (element: HTMLElement | null) => {
            if (element) anchors.current.set(id, element);
            else anchors.current.delete(id);
          },
        ]),
      ) as Record<SettingsSectionId, (element: HTMLElement | null) => void>,
  );

  const show = useCallback((id: SettingsSectionId) => {
    const element = anchors.current.get(id);
    if (!element) return;
    held.current?.release();
    element.scrollIntoView({ block: 'start' });
    const heading = element.querySelector('h2');
    if (heading) {
      // The sections own their headings; a heading takes focus only when a request lands on it.
      heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
    }
    setCurrent(id);
    const scroller = scrollerOf(element);
    held.current = scroller && holdAtTop(id, element, scroller);
  }, []);

  useEffect(() => {
    function follow(event: Event) {
      const scroller = event.target;
      const first = anchors.current.get(FIRST_SECTION);
      if (!(scroller instanceof HTMLElement) || !first || !scroller.contains(first)) return;
      if (held.current && Math.abs(scroller.scrollTop - held.current.scrollTop) <= 1) return;
      held.current?.release();
      held.current = null;
      const line = scroller.getBoundingClientRect().top + READING_LINE_PX;
      let reading: SettingsSectionId = FIRST_SECTION;
      for (const id of SETTINGS_SECTION_IDS) {
        const element = anchors.current.get(id);
        if (element && element.getBoundingClientRect().top <= line) reading = id;
      }
      setCurrent(atBottom(scroller) ? LAST_SECTION : reading);
    }
    // Scroll events do not bubble; listening while they go down to the target catches <main>'s.
    document.addEventListener('scroll', follow, { capture: true, passive: true });
    return () => {
      document.removeEventListener('scroll', follow, { capture: true });
      held.current?.release();
    };
  }, []);

  return { current, anchors: refs, show };
}

/**
 * Captions on a shared screen (issue 26) for the screenshots: a meeting captioned over the Live translation double,
 * then paused (so the pane reopens on the captions and nothing moves while the pictures are taken), and the compact
 * view shown at each size, scheme and language. The browser test of the compact view measures it the same way.
 */
import type { Page } from 'playwright-core';
import { DEFAULT_MODELS } from '../../../shared/settings';
import { liveScript, type GeminiDouble } from '../../doubles/gemini-double';
import { drawn, type Screen } from './screens';
import { ui } from './ui-text';

type CompactScreen = Omit<Screen, 'pane'>;

const CAPTIONED_TIMEOUT_MS = 60_000;
/** The smallest translation text a room reads from across the table, in CSS pixels. */
export const COMPACT_TRANSLATION_MIN_PX = 28;

/** What the meeting says, as the double hears it in the fake microphone's one question: one line, long enough to wrap. */
const MEETING = [
  {
    heard: 'Buenos días a todos. Luis ya aceptó el presupuesto del rack; Carmen necesita la fecha de instalación antes del jueves.',
    translation: 'Good morning, everyone. Luis has accepted the quote for the rack; Carmen needs the installation date by Thursday.',
    speechMs: 2_000,
  },
];

const pane = (page: Page) => page.getByRole('tabpanel');

/** `compact-captions-900x650-dark-ar.png` */
export function compactFileName(screen: CompactScreen): string {
  return `compact-captions-${screen.width}x${screen.height}-${screen.scheme}-${screen.lang}.png`;
}

/** Captions the meeting in the Translate pane (opened with Ctrl+5) until its line is final, then pauses. */
export async function captionMeeting(page: Page, gemini: GeminiDouble): Promise<void> {
  gemini.scriptFor(DEFAULT_MODELS.liveTranslate, 'live', liveScript({ turns: [], translation: { utterances: MEETING } }));
  await page.keyboard.press('Control+5');
  await pane(page).getByRole('button', { name: ui.translate.views.live }).click();
  await pane(page).getByRole('button', { name: ui.translate.live.start }).click();
  const done = pane(page).getByRole('region', { name: ui.translate.live.captions }).locator('.caption-done');
  await done.nth(MEETING.length - 1).waitFor({ timeout: CAPTIONED_TIMEOUT_MS });
  await pane(page).getByRole('button', { name: ui.translate.live.pause }).click();
  await pane(page).getByText(ui.translate.live.status.paused).waitFor();
}

/** The compact view over the paused meeting, at the screen's size and scheme, in the UI language already chosen. */
export async function showCompactCaptions(page: Page, screen: CompactScreen): Promise<void> {
  await page.setViewportSize({ width: screen.width, height: screen.height });
  await page.emulateMedia({ colorScheme: screen.scheme });
  await page.keyboard.press('Control+5');
  // In any UI language: the one button of the pane that opens a dialog.
  await pane(page).locator('button[aria-haspopup="dialog"]').click();
  const view = page.getByRole('dialog');
  await view.waitFor();
  await drawn(view);
}

/** Escape, as the member leaves it. */
export async function leaveCompactCaptions(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}

export interface CompactLayout {
  window: { width: number; height: number };
  view: Box;
  captions: Box;
  newest: Box | null;
  translationPx: number;
  /** What is drawn where a control of the pane lies is the view's. */
  paneCovered: boolean;
  pageScrollWidth: number;
  dir: string;
  /** Of the captions' text colour, 0 (black) to 1 (white). */
  lightness: number;
}

interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** How the compact view sits in the window: its box, the captions' box and newest line, the text, the pane behind. */
export async function compactLayout(page: Page): Promise<CompactLayout> {
  return page.getByRole('dialog').evaluate((view) => {
    const document = view.ownerDocument;
    const window = document.defaultView!;
    const rect = (element: { getBoundingClientRect(): Box }) => {
      const box = element.getBoundingClientRect();
      return { top: box.top, bottom: box.bottom, left: box.left, right: box.right };
    };
    const scroller = view.querySelector('[role="region"]')!;
    const lines = view.querySelectorAll('.caption-line');
    const translation = view.querySelector('.caption-translation');
    const behind = [...document.querySelectorAll('[role="tabpanel"] button')].find((button) => button.getBoundingClientRect().height > 0);
    const at = behind?.getBoundingClientRect();
    const hit = at ? document.elementFromPoint((at.left + at.right) / 2, (at.top + at.bottom) / 2) : null;
    // Painted on a canvas, the colour reads back as sRGB whatever notation the style used.
    const context = document.createElement('canvas').getContext('2d')!;
    context.fillStyle = window.getComputedStyle(translation ?? view).color;
    context.fillRect(0, 0, 1, 1);
    const [red = 0, green = 0, blue = 0] = context.getImageData(0, 0, 1, 1).data;
    return {
      window: { width: window.innerWidth, height: window.innerHeight },
      view: rect(view),
      captions: rect(scroller),
      newest: lines.length > 0 ? rect(lines[lines.length - 1]!) : null,
      translationPx: translation ? Number.parseFloat(window.getComputedStyle(translation).fontSize) : 0,
      paneCovered: hit !== null && view.contains(hit),
      pageScrollWidth: document.documentElement.scrollWidth,
      dir: document.documentElement.dir,
      lightness: (0.2126 * red + 0.7152 * green + 0.0722 * blue) / 255,
    };
  });
}

/**
 * What a member would notice is wrong with the compact view, in words: not over the whole window, the pane showing
 * through, the newest line out of view, text too small for a room, sideways scroll, Arabic not right to left, or
 * colours that ignore the scheme.
 */
export function compactProblems(layout: CompactLayout, screen: CompactScreen): string[] {
  const problems: string[] = [];
  const { view, window } = layout;
  if (view.top !== 0 || view.left !== 0 || view.right !== window.width || view.bottom !== window.height) {
    problems.push(`the view is not the whole ${window.width}x${window.height} window (${JSON.stringify(view)})`);
  }
  if (!layout.paneCovered) problems.push('the pane shows through the view');
  if (!layout.newest) problems.push('no caption line is shown');
  else if (layout.newest.bottom > layout.captions.bottom + 0.5 || layout.newest.top < layout.captions.top - 0.5) {
    problems.push(`the newest line (${Math.round(layout.newest.top)} to ${Math.round(layout.newest.bottom)}) is not within the captions' box`);
  }
  if (layout.translationPx < COMPACT_TRANSLATION_MIN_PX) problems.push(`the translation is ${layout.translationPx}px, too small for a room`);
  if (layout.pageScrollWidth > window.width) problems.push(`the page is ${layout.pageScrollWidth} px wide: it scrolls sideways`);
  if (screen.lang === 'ar' && layout.dir !== 'rtl') problems.push(`Arabic is laid out dir="${layout.dir}"`);
  const darkText = layout.lightness < 0.5;
  if (darkText !== (screen.scheme === 'light')) problems.push(`the captions' text is ${darkText ? 'dark' : 'light'} in the ${screen.scheme} scheme`);
  return problems;
}

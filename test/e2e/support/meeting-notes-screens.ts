/**
 * Meeting notes (issue 27) for the screenshots: the captions meeting stopped, then its notes drafted over the Gemini
 * double and shown at each size, scheme and language, measured for what a member would notice.
 */
import type { Page } from 'playwright-core';
import { jsonReply, type GeminiDouble } from '../../doubles/gemini-double';
import { drawn, type Screen } from './screens';
import { ui, uiIn } from './ui-text';

type NotesScreen = Omit<Screen, 'pane'>;

const DRAFTED_TIMEOUT_MS = 30_000;
/** What the double's model makes of the captioned meeting (compact-screens.ts): every section has something. */
const NOTES = {
  title: 'Rack installation: quote accepted, date needed',
  summary: 'Luis accepted the quote for the rack. Carmen needs the installation date by Thursday to plan the work.',
  decisions: ['The quote for the rack is accepted.'],
  actions: [{ who: 'Carmen', what: 'Get the installation date from the supplier', when: 'Thursday' }],
  openQuestions: ['Who is on site on the day of the installation?'],
};

const pane = (page: Page) => page.getByRole('tabpanel');

/** `meeting-notes-900x650-dark-ar.png` */
export function meetingNotesFileName(screen: NotesScreen): string {
  return `meeting-notes-${screen.width}x${screen.height}-${screen.scheme}-${screen.lang}.png`;
}

/** Stops the paused meeting in the English UI, so its notes may be saved. */
export async function stopCaptions(page: Page): Promise<void> {
  await page.keyboard.press('Control+5');
  await pane(page).getByRole('button', { name: ui.translate.live.stop }).click();
  await pane(page).getByText(ui.translate.live.status.stopped).waitFor();
}

/** The drafted notes over the stopped captions, at the screen's size and scheme, in the UI language already chosen. */
export async function showMeetingNotes(page: Page, gemini: GeminiDouble, screen: NotesScreen): Promise<void> {
  const words = uiIn[screen.lang].translate.meetingNotes;
  gemini.script('generateContent', jsonReply(NOTES));
  await page.setViewportSize({ width: screen.width, height: screen.height });
  await page.emulateMedia({ colorScheme: screen.scheme });
  await page.keyboard.press('Control+5');
  await pane(page).getByRole('button', { name: words.open }).click();
  const dialog = page.getByRole('dialog', { name: words.heading });
  await dialog.getByRole('textbox', { name: words.title }).waitFor({ timeout: DRAFTED_TIMEOUT_MS });
  await drawn(dialog);
}

/** Escape, as the member leaves notes they did not change. */
export async function leaveMeetingNotes(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}

/**
 * In words, what is wrong with the notes as shown (none when fine): the dialog or its Save button outside the window,
 * a page wider than the window, text running the wrong way, or a text area too small to read the notes in.
 */
export async function meetingNotesProblems(page: Page, screen: NotesScreen): Promise<string[]> {
  const words = uiIn[screen.lang].translate.meetingNotes;
  const dialog = page.getByRole('dialog', { name: words.heading });
  const [box, save, text, layout] = await Promise.all([
    dialog.boundingBox(),
    dialog.getByRole('button', { name: words.save }).boundingBox(),
    dialog.getByRole('textbox', { name: words.text }).boundingBox(),
    dialog.evaluate((element) => ({ scrollWidth: element.ownerDocument.documentElement.scrollWidth, dir: element.ownerDocument.documentElement.dir })),
  ]);
  const problems: string[] = [];
  const inside = (part: { x: number; y: number; width: number; height: number } | null) =>
    part !== null && part.x >= 0 && part.y >= 0 && part.x + part.width <= screen.width && part.y + part.height <= screen.height;
  if (!inside(box)) problems.push('the dialog does not fit the window');
  if (!inside(save)) problems.push('Save is outside the window');
  if (text === null || text.height < screen.height * 0.3) problems.push('the notes get less than 30% of the window’s height');
  if (layout.scrollWidth > screen.width) problems.push(`the page is ${layout.scrollWidth}px wide`);
  if (layout.dir !== (screen.lang === 'ar' ? 'rtl' : 'ltr')) problems.push(`the page runs ${layout.dir}`);
  return problems;
}

/**
 * The app as a member sees it after a morning's use, for screenshots: signed in, a Zoho mailbox connected with a
 * mailbox pass that found work, and one answered question in the Secretary, the Oracle and the Assistant. The
 * browser test that photographs every pane and `npm run screenshot` (the README's picture) both start it here.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import type { KnowledgeStatus } from '../../../shared/oracle';
import type { Result } from '../../../shared/result';
import { DEFAULT_MODELS } from '../../../shared/settings';
import { functionCallReply, jsonReply, liveScript, stream, textChunk, type GeminiDouble } from '../../doubles/gemini-double';
import { answerTo, SEEDED_QUESTIONS, type SeededMessage } from '../../doubles/zoho-double';
import { JORDI, MARTA } from '../../doubles/zoho-seed-kit';
import { LUIS } from '../../doubles/zoho-seed-conversations';
import type { SocketClient } from '../../harness/socket-client';
import { readListedResult } from '../../support/secretary/secretary-prompt';
import { launchChromium, newPage } from './browser';
import { speechAudio, type SpeechAudio } from './speech-audio';
import { openSecretaryWorld, type SecretaryWorld } from './secretary-world';
import { ui } from './ui-text';

/** The panes in navigation order: Ctrl+1 opens the first. */
export const SCREEN_PANES = ['secretary', 'oracle', 'assistant', 'voice', 'translate', 'settings'] as const satisfies ReadonlyArray<
  keyof typeof ui.panes
>;
export type ScreenPane = (typeof SCREEN_PANES)[number];
export const SCREEN_SIZES = [
  { width: 1280, height: 800 },
  { width: 900, height: 650 },
] as const;
export const SCREEN_SCHEMES = ['light', 'dark'] as const;
/** English first: the language is switched once, through Settings, as a member would. */
export const SCREEN_LANGS = ['en', 'ar'] as const;

export interface Screen {
  pane: ScreenPane;
  width: number;
  height: number;
  scheme: (typeof SCREEN_SCHEMES)[number];
  lang: (typeof SCREEN_LANGS)[number];
}

/** The README's picture: the Secretary with its pass and an answer, on a laptop-sized window. */
export const README_SCREEN: Screen = { pane: 'secretary', width: 1280, height: 800, scheme: 'light', lang: 'en' };

/** `secretary-1280x800-light-en.png` */
export function screenFileName(screen: Screen): string {
  return `${screen.pane}-${screen.width}x${screen.height}-${screen.scheme}-${screen.lang}.png`;
}

/**
 * The Gemini double's embeddings are hashed bags of words, scoring lower than a real model's: the floor is set
 * for it, as a team calibrates its own (O9), so the Oracle's answer comes with its notes.
 */
const DOUBLE_FLOOR = 0.3;
const INDEX_TIMEOUT_MS = 60_000;
const ANSWER_TIMEOUT_MS = 30_000;

/** The morning's new mail: three messages that need the member and two that do not. */
const MORNING_MAIL = [
  {
    from: LUIS,
    subject: 'Re: Presupuesto rack para la bodega',
    text: 'Edu, we accept quote PRES-2026-031. Carmen needs an installation date by Thursday.',
    why: 'Luis accepts quote PRES-2026-031 and needs an installation date by Thursday.',
  },
  {
    from: MARTA,
    subject: 'Can you take Friday on-call?',
    text: 'Could you take my on-call shift this Friday? I will take yours on the 18th.',
    why: 'Marta asks you to swap the on-call shift this Friday.',
  },
  {
    from: JORDI,
    subject: 'Support contract 2027, signature needed',
    text: 'Attached is the 2027 support contract. Please sign it before 15 December so the service continues.',
    why: 'Jordi needs the 2027 support contract signed before 15 December.',
  },
  { from: { name: 'The Cloud Brief', address: 'news@cloudbrief.io' }, subject: 'This week in cloud: 12 launches', text: 'Twelve launches.' },
  { from: { name: 'Meetup', address: 'info@meetup.com' }, subject: '3 new events near Madrid', text: 'Three events.' },
];
const MORNING_SUMMARY = 'Five new messages: a quote accepted, an on-call swap and a contract to sign need you; two are newsletters.';

const SECRETARY_QUESTION = SEEDED_QUESTIONS.find((seeded) => seeded.question === 'When is the next maintenance window?')!;
const SECRETARY_ANSWER =
  'The next maintenance window is on **9 December 2026, 02:00 to 04:00 CET** at FSN1-DC14: crearack-db1 may be unreachable for up to 15 minutes.';
const ORACLE_QUESTION = 'How do I save my Gemini API key?';
const ORACLE_ANSWER = 'Open **Settings**, paste the key under Gemini API key and press Save; it goes to the system keychain.';
const ASSISTANT_QUESTION = 'How do I connect my Zoho mailbox?';
const ASSISTANT_ANSWER = 'Open **Settings**, find Zoho Mail and press Connect, then approve Staff Desk in the browser. The Secretary reads your mailbox from then on.';
/** Asked out loud in the Voice pane, by the fake microphone (the words are speechAudio()'s). */
const VOICE_ANSWER = 'It is 9:41 in the morning in Ulaanbaatar, on Wednesday. Your first meeting is at eleven.';

export interface ScreenDesk {
  page: Page;
  /** Console errors and uncaught exceptions of the page. */
  consoleErrors: string[];
  /** For more of the morning than the desk scripts (a meeting's captions). */
  gemini: GeminiDouble;
}

/**
 * Starts the doubles, a harness signed in as the seeded mailbox's owner and Chromium, and uses the app until it is
 * in the state described on top. `onTeardown` is handed what stops each part (vitest's onTestFinished in a test).
 */
export async function openScreenDesk(onTeardown: (teardown: () => Promise<void>) => void): Promise<ScreenDesk> {
  const world = await openSecretaryWorld(onTeardown);
  const morning = MORNING_MAIL.map(({ from, subject, text }) =>
    world.zoho.addMessage({ sender: from.name, fromAddress: from.address, subject, text }),
  );
  const { harness, client } = await world.startHarness(undefined, {
    knowledgeBase: { floors: { [DEFAULT_MODELS.embedding]: DOUBLE_FLOOR } },
  });
  const spoken = speechAudio();
  const browser = await launchChromium({ fakeMicrophone: spoken.file });
  onTeardown(() => browser.close());
  const { page, consoleErrors } = await newPage(browser);

  await page.goto(harness.url);
  await runMorningPass(world, page, morning);
  await askSecretary(world, page);
  await untilIndexed(client);
  world.gemini.script('generateContent', jsonReply({ answer: ORACLE_ANSWER }));
  await ask(page, 2, ORACLE_QUESTION, 'it goes to the system keychain');
  world.gemini.script(
    'streamGenerateContent',
    functionCallReply('search_knowledge', { query: 'Zoho mailbox' }),
    stream([textChunk(ASSISTANT_ANSWER.slice(0, 40)), textChunk(ASSISTANT_ANSWER.slice(40), { finishReason: 'STOP' })]),
  );
  await ask(page, 3, ASSISTANT_QUESTION, 'reads your mailbox from then on');
  await askByVoice(world, page, spoken);
  return { page, consoleErrors, gemini: world.gemini };
}

/** One pass, started with "Run pass now", whose reply names the three messages that need the member. */
async function runMorningPass(world: SecretaryWorld, page: Page, morning: SeededMessage[]) {
  world.gemini.script(
    'generateContent',
    jsonReply({
      resumen: MORNING_SUMMARY,
      ruido_count: 2,
      items: MORNING_MAIL.flatMap((mail, index) => (mail.why ? [{ messageId: morning[index]!.messageId, why: mail.why }] : [])),
    }),
  );
  await openPane(page, 1);
  await pane(page).getByRole('button', { name: ui.secretary.digest.run }).click();
  await pane(page).getByText(MORNING_MAIL[0]!.why!).waitFor({ timeout: ANSWER_TIMEOUT_MS });
}

/** The Secretary searches the mailbox, reads the notice it found and answers with it as the source. */
async function askSecretary(world: SecretaryWorld, page: Page) {
  const notice = answerTo(world.zoho.mailbox, SECRETARY_QUESTION);
  world.gemini.script(
    'generateContent',
    jsonReply({ action: 'buscar', subject: 'maintenance' }),
    readListedResult((results) => results.find((result) => result.messageId === notice.messageId)),
    jsonReply({ action: 'responder', answer: SECRETARY_ANSWER, sources: [notice.messageId] }),
  );
  await ask(page, 1, SECRETARY_QUESTION.question, 'may be unreachable for up to 15 minutes');
}

/** A question held on Space in the Voice pane: its transcript, then the answer, spoken (the double's speech). */
async function askByVoice(world: SecretaryWorld, page: Page, spoken: SpeechAudio) {
  world.gemini.script('live', liveScript({ turns: [{ heard: [spoken.text], answer: { text: VOICE_ANSWER, audioMs: 2_000 } }] }));
  await openPane(page, SCREEN_PANES.indexOf('voice') + 1);
  await pane(page).getByRole('button', { name: ui.voice.pane.hold }).focus();
  await page.keyboard.down('Space');
  await pane(page).getByRole('status').getByText(ui.voice.pane.listening).waitFor();
  await page.waitForTimeout(spoken.durationMs);
  await page.keyboard.up('Space');
  // first(): once whole, the answer is also in the hidden log that announces it.
  await pane(page).getByText('Your first meeting is at eleven.', { exact: false }).first().waitFor({ timeout: ANSWER_TIMEOUT_MS });
}

/** The Oracle answers with its notes once the shipped guide is embedded, not from keywords alone. */
async function untilIndexed(client: SocketClient) {
  const deadline = Date.now() + INDEX_TIMEOUT_MS;
  for (;;) {
    const status = (await client.call('oracle:status')) as Result<KnowledgeStatus>;
    if (status.ok && status.value.state === 'idle' && status.value.indexedAt !== null && status.value.embedded > 0) return;
    if (Date.now() > deadline) throw new Error(`The knowledge base was not indexed within ${INDEX_TIMEOUT_MS} ms: ${JSON.stringify(status)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const pane = (page: Page) => page.getByRole('tabpanel');

/** Opens the `position`th pane with its shortcut (Ctrl+1..6). */
async function openPane(page: Page, position: number) {
  await page.keyboard.press(`Control+${position}`);
  await page.getByRole('tab').nth(position - 1).and(page.locator('[aria-selected="true"]')).waitFor();
}

/** Asks `question` in the `position`th pane and waits for the answer's `ending` to be on screen. */
async function ask(page: Page, position: number, question: string, ending: string) {
  await openPane(page, position);
  const box = pane(page).getByRole('textbox', { name: ui.chat.label });
  await box.fill(question);
  await box.press('Enter');
  await pane(page).getByText(ending, { exact: false }).first().waitFor({ timeout: ANSWER_TIMEOUT_MS });
}

/** Switches the interface language in Settings as a member does, from any language, and waits until the page speaks it. */
export async function chooseLanguage(page: Page, lang: Screen['lang']) {
  await openPane(page, SCREEN_PANES.indexOf('settings') + 1);
  // Found from any UI language: the one list whose options are languages named in themselves.
  await pane(page).getByRole('combobox').filter({ has: page.locator('option[lang]') }).selectOption(lang);
  await page.locator(`html[lang="${lang}"]`).waitFor();
}

/** Sets the window's size and colour scheme, opens the pane and waits for it to be drawn. */
export async function showScreen(page: Page, screen: Screen) {
  await page.setViewportSize({ width: screen.width, height: screen.height });
  await page.emulateMedia({ colorScheme: screen.scheme });
  await openPane(page, SCREEN_PANES.indexOf(screen.pane) + 1);
  const title = pane(page).getByRole('heading', { level: 1 });
  // The pointer left where the last click was would hover whatever the new layout puts there: it rests on the title.
  await title.hover();
  await drawn(title);
}

/** Once `shown`'s fonts have loaded and two frames have passed: the layout of a new size, pane or view is painted. */
export async function drawn(shown: Locator): Promise<void> {
  await shown.evaluate(async (element) => {
    await element.ownerDocument.fonts.ready;
    const view = element.ownerDocument.defaultView!;
    for (let frame = 0; frame < 2; frame++) await new Promise((resolve) => view.requestAnimationFrame(resolve));
  });
}

/** The window as shown, not the whole scrollable page: what the member sees. */
export async function saveScreen(page: Page, file: string) {
  mkdirSync(dirname(file), { recursive: true });
  await page.screenshot({ path: file, animations: 'disabled' });
}

/**
 * What a member would notice is wrong with the screen, in words (none when it is fine): the pane's title out of
 * view, covered or in the wrong language, a page wider than the window, colours that ignore the light or dark scheme.
 */
export async function screenProblems(page: Page, screen: Screen): Promise<string[]> {
  const seen = await pane(page)
    .getByRole('heading', { level: 1 })
    .evaluate((title) => {
      const box = title.getBoundingClientRect();
      const view = title.ownerDocument.defaultView!;
      const root = title.ownerDocument.documentElement;
      // Painted on a canvas, the title's colour reads back as sRGB whatever notation the style used.
      const context = title.ownerDocument.createElement('canvas').getContext('2d')!;
      context.fillStyle = view.getComputedStyle(title).color;
      context.fillRect(0, 0, 1, 1);
      const [red = 0, green = 0, blue = 0] = context.getImageData(0, 0, 1, 1).data;
      const hit = title.ownerDocument.elementFromPoint((box.left + box.right) / 2, (box.top + box.bottom) / 2);
      return {
        title: title.textContent?.trim() ?? '',
        covered: hit !== null && !title.contains(hit),
        box: { top: box.top, bottom: box.bottom, left: box.left, right: box.right },
        view: { width: view.innerWidth, height: view.innerHeight },
        scrollWidth: root.scrollWidth,
        dir: root.dir,
        lightness: (0.2126 * red + 0.7152 * green + 0.0722 * blue) / 255,
      };
    });
  const problems: string[] = [];
  const { box, view } = seen;
  if (box.top < 0 || box.bottom > view.height || box.left < 0 || box.right > view.width) {
    problems.push(`the title "${seen.title}" is not inside the window (top ${Math.round(box.top)}, bottom ${Math.round(box.bottom)} of ${view.height})`);
  }
  if (seen.covered) problems.push(`the title "${seen.title}" is covered by something drawn over it`);
  if (screen.lang === 'en' && seen.title !== ui.panes[screen.pane].title) problems.push(`the title reads "${seen.title}", not "${ui.panes[screen.pane].title}"`);
  if (screen.lang === 'ar' && (!/\p{Script=Arabic}/u.test(seen.title) || seen.dir !== 'rtl')) {
    problems.push(`the title "${seen.title}" is not Arabic read right to left (dir="${seen.dir}")`);
  }
  if (seen.scrollWidth > view.width) problems.push(`the page is ${seen.scrollWidth} px wide in a ${view.width} px window: it scrolls sideways`);
  const darkText = seen.lightness < 0.5;
  if (darkText !== (screen.scheme === 'light')) problems.push(`the title's text is ${darkText ? 'dark' : 'light'} in the ${screen.scheme} scheme`);
  return problems;
}

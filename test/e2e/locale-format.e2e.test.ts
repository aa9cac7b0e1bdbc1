import type { Locator, Page } from 'playwright-core';
import { expect, it, onTestFinished } from 'vitest';
import type { Lang } from '../../shared/lang';
import { jsonReply } from '../doubles/gemini-double';
import type { SeededMessage } from '../doubles/zoho-double';
import { launchChromium, newPage, pageProblems, saveScreenshot, tabTo } from './support/browser';
import { chooseLanguage } from './support/language';
import { startSecretaryWorld, type SecretaryWorld } from './support/secretary-world';
import { ui } from './support/ui-text';

/** A registrar writing in Spanish: a Latin sender and subject, long enough to wrap in the answer's source list. */
const REGISTRAR = { sender: 'Registro de Dominios', fromAddress: 'noreply@registro-dominios.es' };
const TRANSFER_SUBJECT = 'Solicitud de transferencia del dominio crearack.es a otro registrador: confirme la autorización antes del viernes 4';
const INVOICE_SUBJECT = 'Factura DOM-2026-118';

/** Opens the app in Chromium on `url`; the page is photographed and the browser closed when the test ends. */
async function openApp(url: string): Promise<{ page: Page; consoleErrors: string[] }> {
  const browser = await launchChromium();
  onTestFinished(() => browser.close());
  const opened = await newPage(browser);
  onTestFinished(({ task }) => saveScreenshot(opened.page, task.name));
  await opened.page.goto(url);
  await opened.page.getByRole('tab', { name: ui.panes.secretary.title }).waitFor();
  return opened;
}

/**
 * Switches the app to `lang` and asks the Secretary about the registrar's mail; the model cites `cited`, which the
 * answer lists as buttons that open each mail.
 */
async function askAboutRegistrar(world: SecretaryWorld, lang: Lang, cited: readonly SeededMessage[], question: string, answer: string) {
  world.gemini.script(
    'generateContent',
    jsonReply({ action: 'buscar', from: REGISTRAR.sender }),
    jsonReply({ action: 'responder', answer, sources: cited.map((message) => message.messageId) }),
  );
  const { harness } = await world.startHarness();
  const { page, consoleErrors } = await openApp(harness.url);
  await chooseLanguage(page, lang);
  await page.keyboard.press('Control+1');
  // By role: every name on the page is in `lang` now.
  const pane = page.getByRole('tabpanel');
  await tabTo(page, pane.getByRole('textbox'));
  await page.keyboard.type(question);
  await page.keyboard.press('Enter');
  // The conversation, whichever language names it (the hidden log beside it only announces finished answers).
  const log = pane.getByRole('log').filter({ hasText: question });
  await log.getByText(answer).waitFor();
  return { page, consoleErrors, sourceFor: (message: SeededMessage) => log.getByRole('button', { name: message.subject }) };
}

/** The element of `source` that holds `text` and nothing else, and its layout as the member sees it. */
async function runOf(source: Locator, text: string) {
  const run = source.getByText(text, { exact: true });
  return run.evaluate((element) => {
    const rects = [...element.getClientRects()].map(({ left, right, top, bottom }) => ({ left, right, top, bottom }));
    const box = element.getBoundingClientRect();
    const style = element.ownerDocument.defaultView!.getComputedStyle(element);
    return {
      tag: element.tagName.toLowerCase(),
      dir: element.getAttribute('dir'),
      direction: style.direction,
      isolated: style.unicodeBidi === 'isolate',
      fragments: rects.length,
      box: { left: box.left, right: box.right, top: box.top, bottom: box.bottom },
    };
  });
}

it('in Arabic, a Latin sender and subject are each an isolated left-to-right run, the sender read first', async () => {
  const world = await startSecretaryWorld();
  const transfer = world.zoho.addMessage({ ...REGISTRAR, subject: TRANSFER_SUBJECT, text: 'Para autorizar la transferencia, responda a este correo.' });
  const invoice = world.zoho.addMessage({ ...REGISTRAR, subject: INVOICE_SUBJECT, text: 'Adjuntamos la factura de la renovación anual.' });
  const { page, consoleErrors, sourceFor } = await askAboutRegistrar(
    world,
    'ar',
    [transfer, invoice],
    'ماذا يريد سجل النطاقات؟',
    'يطلب سجل النطاقات تأكيد نقل النطاق crearack.es قبل يوم الجمعة.',
  );
  expect(await page.locator('html').getAttribute('dir')).toBe('rtl');

  // The sender by name (the address is its tooltip), as a member recognises it.
  const sender = REGISTRAR.sender;
  for (const message of [transfer, invoice]) {
    const from = await runOf(sourceFor(message), sender);
    const about = await runOf(sourceFor(message), message.subject);
    for (const run of [from, about]) {
      // Its own element, isolated from the Arabic around it, taking its direction from its own (Latin) text.
      expect(run.tag === 'bdi' || run.dir === 'auto', JSON.stringify(run)).toBe(true);
      expect(run.isolated).toBe(true);
      expect(run.direction).toBe('ltr');
    }
    // Not cut in two by the line end, which would set half of it on either side of the sender.
    expect(about.fragments, message.subject).toBe(1);
    // Read right to left and down, the sender comes first: the subject sits on its line to its left, or starts the
    // next line whole.
    if (about.box.top < from.box.bottom - 1) expect(about.box.right, message.subject).toBeLessThanOrEqual(from.box.left + 1);
    else expect(about.box.top, message.subject).toBeGreaterThanOrEqual(from.box.bottom - 1);
  }
  expect(pageProblems(consoleErrors)).toEqual([]);
});

it('in Mongolian, a mail date reads as Mongolian writes it, though Chromium has no Mongolian date data', async () => {
  const world = await startSecretaryWorld();
  const invoice = world.zoho.addMessage({
    ...REGISTRAR,
    subject: INVOICE_SUBJECT,
    text: 'Adjuntamos la factura de la renovación anual.',
    // Mid-December, so that it is December on this computer's clock whatever its time zone.
    receivedTime: String(Date.UTC(2026, 11, 15, 12, 10)),
  });
  const { page, consoleErrors, sourceFor } = await askAboutRegistrar(
    world,
    'mn',
    [invoice],
    'Домэйн бүртгэлээс ямар нэхэмжлэх ирсэн бэ?',
    'Домэйн бүртгэл жилийн сунгалтын нэхэмжлэх илгээсэн.',
  );
  // Chromium itself would write this date in English: the app writes it.
  expect(await page.evaluate(() => Intl.DateTimeFormat.supportedLocalesOf('mn'))).toEqual([]);

  // "2026 оны 12-р сарын 15 12:10": the year, the 12th month, the day, a 24-hour clock.
  const item = sourceFor(invoice);
  await item.getByText(/^2026 оны 12-р сарын \d{1,2} \d{2}:\d{2}$/).waitFor();
  expect(await item.textContent()).not.toMatch(/Dec|AM|PM/);
  expect(pageProblems(consoleErrors)).toEqual([]);
});

import { expect, it } from 'vitest';
import { SECRETARY } from '../../shared/limits';
import { bigNewsletter, NEWSLETTER_FIRST_PARAGRAPH } from '../support/mail-text-fixtures';
import { mailHtmlToText } from '../../electron/main/zoho/mail-text';
import { medianMs, record } from './measure';

it('measures converting a 5 MB newsletter to the text the secretary reads', async () => {
  const html = bigNewsletter(5_000_000);
  // Measured warm, as every read after the first in a session runs: the first conversions wait for the JIT.
  for (let i = 0; i < 10; i++) mailHtmlToText(html);
  const ms = await medianMs(25, () => mailHtmlToText(html));
  const text = mailHtmlToText(html);
  expect(text.startsWith(NEWSLETTER_FIRST_PARAGRAPH)).toBe(true);
  expect(text.length).toBeLessThanOrEqual(SECRETARY.readBodyMaxChars);
  record({ name: 'html_to_text_5mb_ms', value: ms, target: '<= 30' });
});

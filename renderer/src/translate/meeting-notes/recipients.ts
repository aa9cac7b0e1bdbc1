import { z } from 'zod';
import { MEETING_NOTES } from '../../../../shared/limits';

const emailSchema = z.email();

/** The To field read: the addresses, or what is wrong with it (the first address that is not one, or too many). */
export type Recipients =
  | { readonly ok: true; readonly to: string[] }
  | { readonly ok: false; readonly problem: 'bad'; readonly address: string }
  | { readonly ok: false; readonly problem: 'tooMany' };

/** Addresses as people type them: separated by commas, semicolons or spaces; none at all is a draft to nobody. */
export function readRecipients(field: string): Recipients {
  const to = field.split(/[\s,;]+/u).filter((address) => address !== '');
  const bad = to.find((address) => !emailSchema.safeParse(address).success);
  if (bad !== undefined) return { ok: false, problem: 'bad', address: bad };
  if (to.length > MEETING_NOTES.recipientsMax) return { ok: false, problem: 'tooMany' };
  return { ok: true, to };
}

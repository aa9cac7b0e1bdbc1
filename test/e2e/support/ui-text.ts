import { en } from '../../../renderer/src/i18n/locales/en';

/**
 * What the English UI says, from the app's own catalogue: the tests look for the sentence the member sees for
 * each situation, so rewording it does not break them, while showing the wrong one does.
 */
export const ui = en;

/** Matches a catalogue sentence with {{placeholders}} by the words before its first placeholder. */
export function startOf(sentence: string): RegExp {
  const fixed = sentence.split('{{')[0] ?? sentence;
  return new RegExp(`^${fixed.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
}

import type { Lang } from '../../../shared/lang';
import type { Catalog } from '../../../renderer/src/i18n/catalog';
import { ar } from '../../../renderer/src/i18n/locales/ar';
import { en } from '../../../renderer/src/i18n/locales/en';
import { es } from '../../../renderer/src/i18n/locales/es';
import { fr } from '../../../renderer/src/i18n/locales/fr';
import { mn } from '../../../renderer/src/i18n/locales/mn';
import { ru } from '../../../renderer/src/i18n/locales/ru';
import { zh } from '../../../renderer/src/i18n/locales/zh';

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

/** What the UI says in each of its languages: the complete catalogues (renderer/src/i18n/catalogs.test.ts checks them). */
export const uiIn: Record<Lang, Catalog> = { en, ar, es, fr, mn, ru, zh } as Record<Lang, Catalog>;

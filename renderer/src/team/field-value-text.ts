import type { TFunction } from 'i18next';
import { managedFieldKind, type FieldValue, type ManagedField } from '../../../shared/managed-fields';
import { TRANSLATION_LANGS, type TranslationLang } from '../../../shared/translate';
import { ZOHO_DATA_CENTRES, type ZohoDataCentre } from '../../../shared/zoho-data-centres';
import { languageText } from '../i18n/locale-format';

/** What a field holds with no value: each says what the app does then, not only that nothing is there. */
const UNSET: Partial<Record<ManagedField, 'team.value.detected' | 'team.value.followsLanguage' | 'team.value.builtInGuide'>> = {
  'captions.from': 'team.value.detected',
  'captions.to': 'team.value.followsLanguage',
  'knowledgeBase.path': 'team.value.builtInGuide',
};

/**
 * A field's value as a profile's preview shows it, in the member's language. A secret's value is whether it is
 * configured (`from`), or that the profile sets it (`to`): never the secret itself, which the preview never has.
 */
export function fieldValueText(field: ManagedField, value: FieldValue, side: 'from' | 'to', t: TFunction, lang: string): string {
  if (managedFieldKind(field) === 'secret') {
    if (side === 'to') return t('team.value.setByProfile');
    return t(value === true ? 'team.value.configured' : 'team.value.notSet');
  }
  if (typeof value === 'boolean') return t(value ? 'team.value.on' : 'team.value.off');
  if (value === null || value === '') return t(UNSET[field] ?? 'team.value.notSet');
  if ((field === 'captions.from' || field === 'captions.to') && (TRANSLATION_LANGS as readonly string[]).includes(value)) {
    return languageText(value as TranslationLang, lang);
  }
  // The data centre by the address its members sign in at (zoho.eu): the same in every language.
  if (field === 'zoho.dataCentre' && Object.hasOwn(ZOHO_DATA_CENTRES, value)) {
    return new URL(ZOHO_DATA_CENTRES[value as ZohoDataCentre].mailUrl).hostname.replace(/^mail\./, '');
  }
  return value;
}

import type { Lang } from '../../../shared/lang';

export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

/** `#` stands for the number, in the language's own plural form for it. */
export function plural(lang: Lang, count: number, forms: PluralForms): string {
  const form = forms[new Intl.PluralRules(lang).select(count)] ?? forms.other;
  return form.replace('#', String(count));
}

import type { en } from './locales/en';

/**
 * A plural string is `key_<category>`; English needs only one/other, but i18next picks the category by each
 * language's own rules (Russian needs few and many, Arabic six forms), so a translation may add the others.
 */
export const PLURAL_CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
type PluralForms<T> = {
  [K in keyof T as K extends `${infer Base}_other` ? `${Base}_${(typeof PLURAL_CATEGORIES)[number]}` : never]?: string;
};

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> } & PluralForms<T>;
type PartialShape<T> = { [K in keyof T]?: T[K] extends string ? string : PartialShape<T[K]> } & PluralForms<T>;

/** A complete translation: exactly English's keys, plus the plural forms its language needs. */
export type Catalog = Shape<typeof en>;
/** A translation that may lag behind English; missing strings fall back to English. */
export type PartialCatalog = PartialShape<typeof en>;

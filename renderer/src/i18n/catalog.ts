import type { en } from './locales/en';

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };
type PartialShape<T> = { [K in keyof T]?: T[K] extends string ? string : PartialShape<T[K]> };

/** A complete translation: exactly English's keys. */
export type Catalog = Shape<typeof en>;
/** A translation that may lag behind English; missing strings fall back to English. */
export type PartialCatalog = PartialShape<typeof en>;

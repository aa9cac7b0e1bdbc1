/**
 * The ways the data file can fail to open, each with its own advice: open-error.ts tells them apart, the store's
 * texts say each in the member's language.
 */
export type StoreOpenErrorKind = 'corrupt' | 'locked' | 'newer' | 'unwritable';

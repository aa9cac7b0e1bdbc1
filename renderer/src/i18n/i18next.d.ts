import 'i18next';
import type { en } from './locales/en';

// Typed keys: a misspelt key is a compile error, not an English fallback found by a member.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}

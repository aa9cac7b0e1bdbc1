import type { Lang } from '../../../shared/lang';
import type { PartialCatalog } from './catalog';
import { ar } from './locales/ar';
import { en } from './locales/en';
import { es } from './locales/es';
import { fr } from './locales/fr';
import { mn } from './locales/mn';
import { ru } from './locales/ru';
import { zh } from './locales/zh';

/** Every language's catalogue, bundled: the app works offline and switches language without loading anything. */
export const catalogs: Record<Lang, PartialCatalog> = { mn, en, ar, zh, fr, ru, es };

import type { Lang } from '../../../shared/lang';

/** The small always-on-top notice that the microphone is live while the window is out of sight. */
export interface IndicatorTexts {
  /** The microphone is live, and no global shortcut stops it (the question was started in the window). */
  listening: string;
  /** The microphone is live; `shortcut` (as the keyboard shows it) stops it from anywhere. */
  listeningUntil: (shortcut: string) => string;
  /** The space bar's name, for a shortcut that ends in it. */
  space: string;
}

// Keys are named left to right inside right-to-left text.
const ltr = (text: string) => `\u2068${text}\u2069`;

export const INDICATOR_TEXTS: Record<Lang, IndicatorTexts> = {
  en: {
    listening: 'Listening…',
    listeningUntil: (shortcut) => `Listening… press ${shortcut} to stop`,
    space: 'Space',
  },
  es: {
    listening: 'Escuchando…',
    listeningUntil: (shortcut) => `Escuchando… pulsa ${shortcut} para terminar`,
    space: 'Espacio',
  },
  fr: {
    listening: 'À l’écoute…',
    listeningUntil: (shortcut) => `À l’écoute… appuyez sur ${shortcut} pour arrêter`,
    space: 'Espace',
  },
  ru: {
    listening: 'Слушаю…',
    listeningUntil: (shortcut) => `Слушаю… нажмите ${shortcut}, чтобы остановить`,
    space: 'Пробел',
  },
  zh: {
    listening: '正在聆听…',
    listeningUntil: (shortcut) => `正在聆听… 按 ${shortcut} 停止`,
    space: '空格键',
  },
  ar: {
    listening: 'جارٍ الاستماع…',
    listeningUntil: (shortcut) => `جارٍ الاستماع… اضغط ${ltr(shortcut)} للإيقاف`,
    space: 'مسافة',
  },
  mn: {
    listening: 'Сонсож байна…',
    listeningUntil: (shortcut) => `Сонсож байна… зогсоохын тулд ${shortcut} дарна уу`,
    space: 'Зай',
  },
};

import type { Lang } from '../../../shared/lang';

/** The system dialog that saves a meeting's captions (Translate > Live captions > Export). */
export interface TranslateTexts {
  transcriptTitle: string;
  /** The file type in the dialog's filter, by the format chosen. */
  transcriptKind: { txt: string; srt: string };
}

export const TRANSLATE_TEXTS: Record<Lang, TranslateTexts> = {
  en: { transcriptTitle: "Save the meeting's captions", transcriptKind: { txt: 'Captions (plain text)', srt: 'Subtitles (SRT)' } },
  es: {
    transcriptTitle: 'Guardar los subtítulos de la reunión',
    transcriptKind: { txt: 'Subtítulos (texto sin formato)', srt: 'Subtítulos (SRT)' },
  },
  fr: {
    transcriptTitle: 'Enregistrer les sous-titres de la réunion',
    transcriptKind: { txt: 'Sous-titres (texte brut)', srt: 'Sous-titres (SRT)' },
  },
  ru: { transcriptTitle: 'Сохранить субтитры встречи', transcriptKind: { txt: 'Субтитры (обычный текст)', srt: 'Субтитры (SRT)' } },
  zh: { transcriptTitle: '保存会议字幕', transcriptKind: { txt: '字幕（纯文本）', srt: '字幕（SRT）' } },
  ar: {
    transcriptTitle: 'حفظ الترجمة النصية للاجتماع',
    transcriptKind: { txt: 'ترجمة نصية (نص عادي)', srt: 'ترجمة نصية (SRT)' },
  },
  mn: { transcriptTitle: 'Уулзалтын хадмал орчуулгыг хадгалах', transcriptKind: { txt: 'Хадмал (энгийн текст)', srt: 'Хадмал (SRT)' } },
};

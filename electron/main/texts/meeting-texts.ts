import type { Lang } from '../../../shared/lang';

/** What main writes into a meeting's notes (issue 27), in the member's UI language; the model writes the rest. */
export interface MeetingTexts {
  headings: { summary: string; decisions: string; actions: string; openQuestions: string; transcript: string };
  /** A section the model found nothing for. */
  none: string;
  /** Who spoke a caption line: the member's microphone, or the meeting's sound. */
  speakers: { you: string; others: string };
  /** Before an action's deadline, as it was said. */
  when: string;
  /** The notes' title when the model gave none. */
  untitled: string;
}

export const MEETING_TEXTS: Record<Lang, MeetingTexts> = {
  en: {
    headings: { summary: 'Summary', decisions: 'Decisions', actions: 'Action items', openQuestions: 'Open questions', transcript: 'Transcript' },
    none: 'None noted.',
    speakers: { you: 'You', others: 'Others' },
    when: 'When',
    untitled: 'Meeting notes',
  },
  es: {
    headings: { summary: 'Resumen', decisions: 'Decisiones', actions: 'Tareas', openQuestions: 'Preguntas abiertas', transcript: 'Transcripción' },
    none: 'Nada que señalar.',
    speakers: { you: 'Tú', others: 'Otros' },
    when: 'Cuándo',
    untitled: 'Notas de la reunión',
  },
  fr: {
    headings: { summary: 'Résumé', decisions: 'Décisions', actions: 'Actions à mener', openQuestions: 'Questions ouvertes', transcript: 'Transcription' },
    none: 'Rien à signaler.',
    speakers: { you: 'Vous', others: 'Autres' },
    when: 'Quand',
    untitled: 'Notes de réunion',
  },
  ru: {
    headings: { summary: 'Краткое содержание', decisions: 'Решения', actions: 'Задачи', openQuestions: 'Открытые вопросы', transcript: 'Стенограмма' },
    none: 'Нет.',
    speakers: { you: 'Вы', others: 'Другие' },
    when: 'Когда',
    untitled: 'Заметки о встрече',
  },
  zh: {
    headings: { summary: '摘要', decisions: '决定', actions: '待办事项', openQuestions: '未决问题', transcript: '文字记录' },
    none: '无。',
    speakers: { you: '你', others: '其他人' },
    when: '时间',
    untitled: '会议记录',
  },
  ar: {
    headings: { summary: 'الملخص', decisions: 'القرارات', actions: 'المهام', openQuestions: 'أسئلة مفتوحة', transcript: 'النص الكامل' },
    none: 'لا شيء.',
    speakers: { you: 'أنت', others: 'الآخرون' },
    when: 'متى',
    untitled: 'ملاحظات الاجتماع',
  },
  mn: {
    headings: { summary: 'Хураангуй', decisions: 'Шийдвэрүүд', actions: 'Хийх ажлууд', openQuestions: 'Нээлттэй асуултууд', transcript: 'Ярианы бичвэр' },
    none: 'Байхгүй.',
    speakers: { you: 'Та', others: 'Бусад' },
    when: 'Хэзээ',
    untitled: 'Уулзалтын тэмдэглэл',
  },
};

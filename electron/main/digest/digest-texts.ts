import type { Lang } from '../../../shared/lang';
import { plural } from '../texts/plural';

/**
 * The few sentences a pass writes itself, in the member's language: the summary of a pass that found nothing
 * (no model call is made for it) and the desktop notification. The model writes everything else.
 */
interface DigestTexts {
  noNewMail: string;
  noticeTitle: string;
  needYou(count: number, subject: string): string;
}

const TEXTS: Record<Lang, DigestTexts> = {
  en: {
    noNewMail: 'No new unread mail.',
    noticeTitle: 'Mailbox digest',
    needYou: (count, subject) =>
      `${plural('en', count, { one: '# message needs you', other: '# messages need you' })}: ${subject}`,
  },
  es: {
    noNewMail: 'No hay correo nuevo sin leer.',
    noticeTitle: 'Resumen del correo',
    needYou: (count, subject) =>
      `${plural('es', count, { one: '# mensaje te necesita', other: '# mensajes te necesitan' })}: ${subject}`,
  },
  fr: {
    noNewMail: 'Aucun nouveau message non lu.',
    noticeTitle: 'Synthèse du courrier',
    needYou: (count, subject) =>
      `${plural('fr', count, { one: '# message demande votre attention', other: '# messages demandent votre attention' })} : ${subject}`,
  },
  ru: {
    noNewMail: 'Новых непрочитанных писем нет.',
    noticeTitle: 'Сводка почты',
    needYou: (count, subject) =>
      `${plural('ru', count, {
        one: '# письмо требует вашего внимания',
        few: '# письма требуют вашего внимания',
        other: '# писем требуют вашего внимания',
      })}: ${subject}`,
  },
  zh: {
    noNewMail: '没有新的未读邮件。',
    noticeTitle: '邮件摘要',
    needYou: (count, subject) => `${count} 封邮件需要你处理：${subject}`,
  },
  // Phrased around the number, so that Arabic's six plural forms are not needed.
  ar: {
    noNewMail: 'لا توجد رسائل جديدة غير مقروءة.',
    noticeTitle: 'ملخص البريد',
    needYou: (count, subject) => `عدد الرسائل التي تحتاج إليك: ${count} — ${subject}`,
  },
  mn: {
    noNewMail: 'Шинэ уншаагүй захидал алга.',
    noticeTitle: 'Шуудангийн тойм',
    needYou: (count, subject) => `Таны анхаарал шаардсан ${count} захидал байна: ${subject}`,
  },
};

export function digestTexts(lang: Lang): DigestTexts {
  return TEXTS[lang];
}

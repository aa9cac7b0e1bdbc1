import type { Lang } from '../../../shared/lang';

/** Copy diagnostics outside the window (Help, the tray): the notice that it was copied, and the save dialog's words. */
export interface DiagnosticsTexts {
  copied: { title: string; body: string };
  saveTitle: string;
  fileKind: string;
}

export const DIAGNOSTICS_TEXTS: Record<Lang, DiagnosticsTexts> = {
  en: {
    copied: { title: 'Diagnostics copied', body: 'Paste them into your message to support. They hold no keys, mail or transcripts.' },
    saveTitle: 'Save diagnostics',
    fileKind: 'Text file',
  },
  es: {
    copied: { title: 'Diagnóstico copiado', body: 'Pégalo en tu mensaje a soporte. No contiene claves, correo ni transcripciones.' },
    saveTitle: 'Guardar diagnóstico',
    fileKind: 'Archivo de texto',
  },
  fr: {
    copied: { title: 'Diagnostic copié', body: 'Collez-le dans votre message au support. Il ne contient ni clés, ni courriels, ni transcriptions.' },
    saveTitle: 'Enregistrer le diagnostic',
    fileKind: 'Fichier texte',
  },
  ru: {
    copied: { title: 'Диагностика скопирована', body: 'Вставьте её в сообщение для поддержки. В ней нет ключей, писем и расшифровок.' },
    saveTitle: 'Сохранить диагностику',
    fileKind: 'Текстовый файл',
  },
  zh: {
    copied: { title: '诊断信息已复制', body: '请将其粘贴到发给支持人员的消息中。其中不含密钥、邮件或转录内容。' },
    saveTitle: '保存诊断信息',
    fileKind: '文本文件',
  },
  ar: {
    copied: { title: 'تم نسخ معلومات التشخيص', body: 'الصقها في رسالتك إلى الدعم. لا تحتوي على مفاتيح أو بريد أو نصوص مفرغة.' },
    saveTitle: 'حفظ معلومات التشخيص',
    fileKind: 'ملف نصي',
  },
  mn: {
    copied: { title: 'Оношилгоо хуулагдлаа', body: 'Дэмжлэгт илгээх зурвастаа буулгана уу. Үүнд түлхүүр, имэйл, бичвэр байхгүй.' },
    saveTitle: 'Оношилгоог хадгалах',
    fileKind: 'Текст файл',
  },
};

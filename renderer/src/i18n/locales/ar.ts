import type { PartialCatalog } from '../catalog';

export const ar: PartialCatalog = {
  app: {
    skipToContent: 'انتقل إلى المحتوى',
    sections: 'الأقسام',
  },
  common: {
    cancel: 'إلغاء',
    retry: 'إعادة المحاولة',
    loading: 'جارٍ التحميل…',
  },
  panes: {
    secretary: {
      title: 'السكرتير',
      summary: 'اسأل عن بريدك في Zoho بكلمات بسيطة: ما الذي وصل، ومن كتب، وما الذي يحتاج إلى رد.',
      upcoming: 'سكرتير البريد قادم في إصدار قريب. في هذه الأثناء، اضبط مفتاح Gemini في الإعدادات.',
    },
    oracle: {
      title: 'العرّاف',
      summary: 'احصل على إجابات من قاعدة معارف الفريق، مع روابط إلى الملاحظات التي جاءت منها.',
      upcoming: 'العرّاف قادم في إصدار قريب. في هذه الأثناء، اضبط مفتاح Gemini في الإعدادات.',
    },
    assistant: {
      title: 'المساعد',
      summary: 'تحدّث مع مساعد Gemini يُريك كل خطوة يقوم بها.',
      upcoming: 'المساعد قادم في إصدار قريب. في هذه الأثناء، اضبط مفتاح Gemini في الإعدادات.',
    },
    voice: {
      title: 'الصوت',
      summary: 'اسأل بصوت عالٍ واستمع إلى الإجابة.',
      upcoming: 'الأسئلة الصوتية قادمة في إصدار قريب. في هذه الأثناء، اضبط مفتاح Gemini في الإعدادات.',
    },
    translate: {
      title: 'الترجمة',
      summary: 'ترجم النصوص والتسجيلات والاجتماعات لحظة حدوثها.',
      upcoming: 'الترجمة قادمة في إصدار قريب. في هذه الأثناء، اضبط مفتاح Gemini في الإعدادات.',
    },
    settings: {
      title: 'الإعدادات',
    },
  },
  upcoming: {
    openSettings: 'افتح الإعدادات',
  },
  settings: {
    apiKey: {
      heading: 'مفتاح Gemini API',
      intro: 'يستخدم Staff Desk هذا المفتاح للتواصل مع Google Gemini. يُحفظ في سلسلة مفاتيح النظام ولا يُعرض مرة أخرى أبدًا.',
      label: 'مفتاح API',
      save: 'حفظ المفتاح',
      checking: 'جارٍ التحقق من سلسلة المفاتيح…',
      configured: 'مُهيّأ',
      notConfigured: 'غير مُهيّأ',
      replace: 'استبدال',
      remove: 'إزالة',
      confirmRemove: 'هل تريد إزالة مفتاح Gemini من هذا الحاسوب؟ ستتوقف الميزات التي تستخدم Gemini عن العمل حتى تضيف مفتاحًا جديدًا.',
      confirmRemoveAction: 'إزالة المفتاح',
      empty: 'اكتب مفتاحك أو الصقه قبل الحفظ.',
      saved: 'تم حفظ المفتاح في سلسلة مفاتيح النظام.',
      removed: 'تمت إزالة المفتاح من هذا الحاسوب.',
    },
    language: {
      heading: 'اللغة',
      label: 'لغة الواجهة',
      system: 'النظام ({{name}})',
      help: 'خيار النظام يتبع لغة حاسوبك.',
    },
    about: {
      heading: 'حول',
      version: 'الإصدار',
      dataPath: 'مجلد البيانات',
    },
  },
};

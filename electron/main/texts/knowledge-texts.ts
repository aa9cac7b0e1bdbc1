import type { Lang } from '../../../shared/lang';

/** The system folder picker the oracle's Settings section opens. */
export interface KnowledgeTexts {
  folderPickerTitle: string;
}

export const KNOWLEDGE_TEXTS: Record<Lang, KnowledgeTexts> = {
  en: { folderPickerTitle: 'Choose the knowledge base folder' },
  es: { folderPickerTitle: 'Elige la carpeta de la base de conocimiento' },
  fr: { folderPickerTitle: 'Choisissez le dossier de la base de connaissances' },
  ru: { folderPickerTitle: 'Выберите папку базы знаний' },
  zh: { folderPickerTitle: '选择知识库文件夹' },
  ar: { folderPickerTitle: 'اختر مجلد قاعدة المعرفة' },
  mn: { folderPickerTitle: 'Мэдлэгийн сангийн хавтсыг сонгоно уу' },
};

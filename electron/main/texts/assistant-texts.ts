import type { Lang } from '../../../shared/lang';

/** The system dialogs that export and import the Assistant's prompts (Settings > Assistant). */
export interface AssistantTexts {
  exportTitle: string;
  importTitle: string;
  /** The file type in the dialogs' filter. */
  fileKind: string;
}

export const ASSISTANT_TEXTS: Record<Lang, AssistantTexts> = {
  en: { exportTitle: "Export the Assistant's prompts", importTitle: "Import the Assistant's prompts", fileKind: 'Assistant prompts' },
  es: { exportTitle: 'Exportar las instrucciones del Asistente', importTitle: 'Importar las instrucciones del Asistente', fileKind: 'Instrucciones del Asistente' },
  fr: { exportTitle: "Exporter les consignes de l'Assistant", importTitle: "Importer les consignes de l'Assistant", fileKind: "Consignes de l'Assistant" },
  ru: { exportTitle: 'Экспорт инструкций Ассистента', importTitle: 'Импорт инструкций Ассистента', fileKind: 'Инструкции Ассистента' },
  zh: { exportTitle: '导出助手的提示词', importTitle: '导入助手的提示词', fileKind: '助手提示词' },
  ar: { exportTitle: 'تصدير تعليمات المساعد', importTitle: 'استيراد تعليمات المساعد', fileKind: 'تعليمات المساعد' },
  mn: { exportTitle: 'Туслахын зааврыг экспортлох', importTitle: 'Туслахын зааврыг импортлох', fileKind: 'Туслахын заавар' },
};

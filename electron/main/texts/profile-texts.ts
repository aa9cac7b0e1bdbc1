import type { Lang } from '../../../shared/lang';

/** The system dialogs that export a team profile and choose one to import (Settings, issue 28). */
export interface ProfileTexts {
  exportTitle: string;
  importTitle: string;
  /** The file type in the dialogs' filter. */
  fileKind: string;
}

export const PROFILE_TEXTS: Record<Lang, ProfileTexts> = {
  en: { exportTitle: 'Export the team profile', importTitle: 'Import a team profile', fileKind: 'Staff Desk team profile' },
  es: { exportTitle: 'Exportar el perfil del equipo', importTitle: 'Importar un perfil de equipo', fileKind: 'Perfil de equipo de Staff Desk' },
  fr: { exportTitle: "Exporter le profil d'équipe", importTitle: "Importer un profil d'équipe", fileKind: "Profil d'équipe Staff Desk" },
  ru: { exportTitle: 'Экспорт профиля команды', importTitle: 'Импорт профиля команды', fileKind: 'Профиль команды Staff Desk' },
  zh: { exportTitle: '导出团队配置', importTitle: '导入团队配置', fileKind: 'Staff Desk 团队配置' },
  ar: { exportTitle: 'تصدير ملف تعريف الفريق', importTitle: 'استيراد ملف تعريف فريق', fileKind: 'ملف تعريف فريق Staff Desk' },
  mn: { exportTitle: 'Багийн тохиргоог экспортлох', importTitle: 'Багийн тохиргоо импортлох', fileKind: 'Staff Desk багийн тохиргоо' },
};

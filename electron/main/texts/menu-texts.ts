import type { Lang } from '../../../shared/lang';

/**
 * The macOS menu bar (Windows and Linux have none): the app menu, Edit and Window, worded as macOS words them.
 * The app's name stays "Staff Desk" in every language, as in the window.
 */
export interface MenuTexts {
  about: string;
  hide: string;
  hideOthers: string;
  showAll: string;
  quit: string;
  edit: string;
  undo: string;
  redo: string;
  cut: string;
  copy: string;
  paste: string;
  pasteAndMatchStyle: string;
  selectAll: string;
  window: string;
  minimize: string;
  close: string;
  help: string;
  /** Puts the diagnostics report on the clipboard (issue 28, TP4). */
  copyDiagnostics: string;
}

export const MENU_TEXTS: Record<Lang, MenuTexts> = {
  en: {
    about: 'About Staff Desk',
    hide: 'Hide Staff Desk',
    hideOthers: 'Hide Others',
    showAll: 'Show All',
    quit: 'Quit Staff Desk',
    edit: 'Edit',
    undo: 'Undo',
    redo: 'Redo',
    cut: 'Cut',
    copy: 'Copy',
    paste: 'Paste',
    pasteAndMatchStyle: 'Paste and Match Style',
    selectAll: 'Select All',
    window: 'Window',
    minimize: 'Minimize',
    close: 'Close',
    help: 'Help',
    copyDiagnostics: 'Copy Diagnostics',
  },
  es: {
    about: 'Acerca de Staff Desk',
    hide: 'Ocultar Staff Desk',
    hideOthers: 'Ocultar otros',
    showAll: 'Mostrar todo',
    quit: 'Salir de Staff Desk',
    edit: 'Edición',
    undo: 'Deshacer',
    redo: 'Rehacer',
    cut: 'Cortar',
    copy: 'Copiar',
    paste: 'Pegar',
    pasteAndMatchStyle: 'Pegar y adaptar estilo',
    selectAll: 'Seleccionar todo',
    window: 'Ventana',
    minimize: 'Minimizar',
    close: 'Cerrar',
    help: 'Ayuda',
    copyDiagnostics: 'Copiar diagnóstico',
  },
  fr: {
    about: 'À propos de Staff Desk',
    hide: 'Masquer Staff Desk',
    hideOthers: 'Masquer les autres',
    showAll: 'Tout afficher',
    quit: 'Quitter Staff Desk',
    edit: 'Édition',
    undo: 'Annuler',
    redo: 'Rétablir',
    cut: 'Couper',
    copy: 'Copier',
    paste: 'Coller',
    pasteAndMatchStyle: 'Coller et adapter le style',
    selectAll: 'Tout sélectionner',
    window: 'Fenêtre',
    minimize: 'Réduire',
    close: 'Fermer',
    help: 'Aide',
    copyDiagnostics: 'Copier le diagnostic',
  },
  ru: {
    about: 'О программе Staff Desk',
    hide: 'Скрыть Staff Desk',
    hideOthers: 'Скрыть остальные',
    showAll: 'Показать все',
    quit: 'Завершить Staff Desk',
    edit: 'Правка',
    undo: 'Отменить',
    redo: 'Повторить',
    cut: 'Вырезать',
    copy: 'Копировать',
    paste: 'Вставить',
    pasteAndMatchStyle: 'Вставить в том же стиле',
    selectAll: 'Выбрать все',
    window: 'Окно',
    minimize: 'Свернуть',
    close: 'Закрыть',
    help: 'Справка',
    copyDiagnostics: 'Скопировать диагностику',
  },
  zh: {
    about: '关于 Staff Desk',
    hide: '隐藏 Staff Desk',
    hideOthers: '隐藏其他',
    showAll: '全部显示',
    quit: '退出 Staff Desk',
    edit: '编辑',
    undo: '撤销',
    redo: '重做',
    cut: '剪切',
    copy: '拷贝',
    paste: '粘贴',
    pasteAndMatchStyle: '粘贴并匹配样式',
    selectAll: '全选',
    window: '窗口',
    minimize: '最小化',
    close: '关闭',
    help: '帮助',
    copyDiagnostics: '拷贝诊断信息',
  },
  ar: {
    about: 'حول Staff Desk',
    hide: 'إخفاء Staff Desk',
    hideOthers: 'إخفاء الآخرين',
    showAll: 'إظهار الكل',
    quit: 'إنهاء Staff Desk',
    edit: 'تحرير',
    undo: 'تراجع',
    redo: 'إعادة',
    cut: 'قص',
    copy: 'نسخ',
    paste: 'لصق',
    pasteAndMatchStyle: 'لصق ومطابقة النمط',
    selectAll: 'تحديد الكل',
    window: 'نافذة',
    minimize: 'تصغير',
    close: 'إغلاق',
    help: 'مساعدة',
    copyDiagnostics: 'نسخ معلومات التشخيص',
  },
  mn: {
    about: 'Staff Desk-ийн тухай',
    hide: 'Staff Desk-ийг нуух',
    hideOthers: 'Бусдыг нуух',
    showAll: 'Бүгдийг харуулах',
    quit: 'Staff Desk-ээс гарах',
    edit: 'Засварлах',
    undo: 'Буцаах',
    redo: 'Дахин хийх',
    cut: 'Хайчлах',
    copy: 'Хуулах',
    paste: 'Буулгах',
    pasteAndMatchStyle: 'Загварт тааруулж буулгах',
    selectAll: 'Бүгдийг сонгох',
    window: 'Цонх',
    minimize: 'Жижигрүүлэх',
    close: 'Хаах',
    help: 'Тусламж',
    copyDiagnostics: 'Оношилгоог хуулах',
  },
};

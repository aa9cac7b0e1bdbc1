import type { Lang } from '../../../shared/lang';
import { plural } from './plural';

/** The tray icon's menu and tooltip. The app's name stays "Staff Desk" in every language, as in the window. */
export interface TrayTexts {
  open: string;
  /** Opens the quick-ask window. */
  ask: string;
  pushToTalk: string;
  startCaptions: string;
  stopCaptions: string;
  settings: string;
  /** Puts the diagnostics report on the clipboard (issue 28, TP4): Windows and Linux have no Help menu. */
  copyDiagnostics: string;
  quit: string;
  /** The tooltip while the microphone is live (the icon shows a red dot then). */
  microphoneOn: string;
  /** The tooltip while live captions run (a caption bar on the icon). */
  captionsOn: string;
  /** The tooltip when the latest mailbox pass left messages that need the member (an amber dot). */
  needsYou(count: number): string;
  /** Said once, the first time closing the window leaves the app running: where it went, and how to quit. */
  stillRunning: { tray: string; menuBar: string };
}

export const TRAY_TEXTS: Record<Lang, TrayTexts> = {
  en: {
    open: 'Open Staff Desk',
    ask: 'Ask…',
    pushToTalk: 'Push to talk',
    startCaptions: 'Start live captions',
    stopCaptions: 'Stop live captions',
    settings: 'Settings',
    copyDiagnostics: 'Copy diagnostics',
    quit: 'Quit',
    microphoneOn: 'Staff Desk — microphone on',
    captionsOn: 'Staff Desk — live captions on',
    needsYou: (count) => `Staff Desk — ${plural('en', count, { one: '# message needs you', other: '# messages need you' })}`,
    stillRunning: {
      tray: 'Staff Desk is still running in the notification area. Click its icon to open it; Quit is in its menu.',
      menuBar: 'Staff Desk is still running in the menu bar. Open it or quit from its icon there.',
    },
  },
  es: {
    open: 'Abrir Staff Desk',
    ask: 'Preguntar…',
    pushToTalk: 'Pulsar para hablar',
    startCaptions: 'Iniciar subtítulos en directo',
    stopCaptions: 'Detener subtítulos en directo',
    settings: 'Ajustes',
    copyDiagnostics: 'Copiar diagnóstico',
    quit: 'Salir',
    microphoneOn: 'Staff Desk — micrófono activado',
    captionsOn: 'Staff Desk — subtítulos en directo activados',
    needsYou: (count) =>
      `Staff Desk — ${plural('es', count, { one: '# mensaje te necesita', many: '# mensajes te necesitan', other: '# mensajes te necesitan' })}`,
    stillRunning: {
      tray: 'Staff Desk sigue abierto en el área de notificaciones. Haz clic en su icono para abrirlo; Salir está en su menú.',
      menuBar: 'Staff Desk sigue abierto en la barra de menús. Ábrelo o sal desde su icono.',
    },
  },
  fr: {
    open: 'Ouvrir Staff Desk',
    ask: 'Demander…',
    pushToTalk: 'Appuyer pour parler',
    startCaptions: 'Démarrer les sous-titres en direct',
    stopCaptions: 'Arrêter les sous-titres en direct',
    settings: 'Paramètres',
    copyDiagnostics: 'Copier le diagnostic',
    quit: 'Quitter',
    microphoneOn: 'Staff Desk — micro activé',
    captionsOn: 'Staff Desk — sous-titres en direct activés',
    needsYou: (count) =>
      `Staff Desk — ${plural('fr', count, {
        one: '# message demande votre attention',
        many: '# messages demandent votre attention',
        other: '# messages demandent votre attention',
      })}`,
    stillRunning: {
      tray: 'Staff Desk reste ouvert dans la zone de notification. Cliquez sur son icône pour l’ouvrir ; Quitter est dans son menu.',
      menuBar: 'Staff Desk reste ouvert dans la barre des menus. Ouvrez-le ou quittez-le depuis son icône.',
    },
  },
  ru: {
    open: 'Открыть Staff Desk',
    ask: 'Спросить…',
    pushToTalk: 'Нажми и говори',
    startCaptions: 'Включить живые субтитры',
    stopCaptions: 'Выключить живые субтитры',
    settings: 'Настройки',
    copyDiagnostics: 'Скопировать диагностику',
    quit: 'Выход',
    microphoneOn: 'Staff Desk — микрофон включён',
    captionsOn: 'Staff Desk — живые субтитры включены',
    needsYou: (count) =>
      `Staff Desk — ${plural('ru', count, {
        one: '# письмо требует вашего внимания',
        few: '# письма требуют вашего внимания',
        many: '# писем требуют вашего внимания',
        other: '# письма требуют вашего внимания',
      })}`,
    stillRunning: {
      tray: 'Staff Desk продолжает работать в области уведомлений. Нажмите на его значок, чтобы открыть; «Выход» — в его меню.',
      menuBar: 'Staff Desk продолжает работать в строке меню. Откройте его или выйдите через его значок.',
    },
  },
  zh: {
    open: '打开 Staff Desk',
    ask: '提问…',
    pushToTalk: '按键说话',
    startCaptions: '开始实时字幕',
    stopCaptions: '停止实时字幕',
    settings: '设置',
    copyDiagnostics: '复制诊断信息',
    quit: '退出',
    microphoneOn: 'Staff Desk — 麦克风已开启',
    captionsOn: 'Staff Desk — 实时字幕已开启',
    needsYou: (count) => `Staff Desk — ${count} 封邮件需要你处理`,
    stillRunning: {
      tray: 'Staff Desk 仍在通知区域运行。点击其图标即可打开；“退出”在其菜单中。',
      menuBar: 'Staff Desk 仍在菜单栏中运行。可从其图标打开或退出。',
    },
  },
  // Phrased around the number, so that Arabic's six plural forms are not needed.
  ar: {
    open: 'فتح Staff Desk',
    ask: 'اسأل…',
    pushToTalk: 'الضغط للتحدث',
    startCaptions: 'بدء الترجمة الفورية',
    stopCaptions: 'إيقاف الترجمة الفورية',
    settings: 'الإعدادات',
    copyDiagnostics: 'نسخ معلومات التشخيص',
    quit: 'إنهاء',
    microphoneOn: 'Staff Desk — الميكروفون قيد التشغيل',
    captionsOn: 'Staff Desk — الترجمة الفورية قيد التشغيل',
    needsYou: (count) => `Staff Desk — عدد الرسائل التي تحتاج إليك: ${count}`,
    stillRunning: {
      tray: 'لا يزال Staff Desk يعمل في منطقة الإشعارات. انقر على أيقونته لفتحه؛ ستجد «إنهاء» في قائمتها.',
      menuBar: 'لا يزال Staff Desk يعمل في شريط القوائم. افتحه أو أنهِه من أيقونته هناك.',
    },
  },
  mn: {
    open: 'Staff Desk-ийг нээх',
    ask: 'Асуух…',
    pushToTalk: 'Дараад ярих',
    startCaptions: 'Шууд хадмал эхлүүлэх',
    stopCaptions: 'Шууд хадмал зогсоох',
    settings: 'Тохиргоо',
    copyDiagnostics: 'Оношилгоог хуулах',
    quit: 'Гарах',
    microphoneOn: 'Staff Desk — микрофон асаалттай',
    captionsOn: 'Staff Desk — шууд хадмал асаалттай',
    needsYou: (count) => `Staff Desk — таны анхаарал шаардсан ${count} захидал байна`,
    stillRunning: {
      tray: 'Staff Desk мэдэгдлийн хэсэгт ажилласаар байна. Нээхийн тулд дүрс дээр нь дарна уу; «Гарах» нь цэсэнд нь бий.',
      menuBar: 'Staff Desk цэсний мөрөнд ажилласаар байна. Дүрснээс нь нээх эсвэл гарах боломжтой.',
    },
  },
};

import type { Lang } from '../../../shared/lang';
import type { StoreOpenErrorKind } from './open-error-kind';

/**
 * What the app says about its data file: the dialog when the database cannot be opened at start (shown before the
 * settings can be read, so in the system's language) and the notice when the background check finds damage.
 */
export interface StoreTexts {
  cannotOpen: string;
  /** Why it cannot, and what the member can do about it. */
  openFailure: Record<StoreOpenErrorKind, (file: string) => string>;
  startFresh: string;
  quit: string;
  notMovedAside(file: string): string;
  damageNotice: { title: string; body: string };
}

/** A file path is left-to-right: isolated, it keeps its own order inside right-to-left text. */
const ltr = (text: string) => `\u2068${text}\u2069`;

export const STORE_TEXTS: Record<Lang, StoreTexts> = {
  en: {
    cannotOpen: 'Staff Desk cannot open its data.',
    openFailure: {
      corrupt: (file) =>
        `The app's database file is damaged and cannot be read: ${file}. ` +
        'You can start fresh: the damaged file is kept beside the new one, and your settings and history start empty.',
      locked: (file) =>
        `The app's database file is in use by another program: ${file}. ` +
        'Close any other copy of Staff Desk (or the program that has the file open), then start the app again.',
      newer: (file) =>
        `The app's database file was written by a newer version of Staff Desk: ${file}. ` +
        'Install the newest version to use it; this version has left it untouched.',
      unwritable: (file) =>
        `The app cannot write its database file: ${file}. ` +
        'Check that you are allowed to write to that folder and that the disk has free space, then start the app again.',
    },
    startFresh: 'Start fresh (keep the damaged file aside)',
    quit: 'Quit',
    notMovedAside: (file) =>
      `The damaged database file could not be moved aside: ${file}. Move or delete it yourself, then start the app again.`,
    damageNotice: {
      title: 'Staff Desk found damage in its data file',
      body:
        "Part of the app's data file is damaged. The next time Staff Desk starts, it will check the file and offer " +
        'to start fresh, keeping the damaged file aside.',
    },
  },
  es: {
    cannotOpen: 'Staff Desk no puede abrir sus datos.',
    openFailure: {
      corrupt: (file) =>
        `El archivo de base de datos de la aplicación está dañado y no se puede leer: ${file}. ` +
        'Puedes empezar de cero: el archivo dañado se guarda junto al nuevo, y tus ajustes y tu historial empiezan vacíos.',
      locked: (file) =>
        `Otro programa está usando el archivo de base de datos de la aplicación: ${file}. ` +
        'Cierra cualquier otra copia de Staff Desk (o el programa que tiene el archivo abierto) y vuelve a abrir la aplicación.',
      newer: (file) =>
        `El archivo de base de datos de la aplicación lo escribió una versión más reciente de Staff Desk: ${file}. ` +
        'Instala la versión más reciente para usarlo; esta versión no lo ha tocado.',
      unwritable: (file) =>
        `La aplicación no puede escribir su archivo de base de datos: ${file}. ` +
        'Comprueba que tienes permiso para escribir en esa carpeta y que el disco tiene espacio libre, y vuelve a abrir la aplicación.',
    },
    startFresh: 'Empezar de cero (guardar aparte el archivo dañado)',
    quit: 'Salir',
    notMovedAside: (file) =>
      `No se ha podido apartar el archivo de base de datos dañado: ${file}. Muévelo o bórralo tú y vuelve a abrir la aplicación.`,
    damageNotice: {
      title: 'Staff Desk ha encontrado daños en su archivo de datos',
      body:
        'Parte del archivo de datos de la aplicación está dañada. La próxima vez que se abra, Staff Desk comprobará el ' +
        'archivo y te ofrecerá empezar de cero, guardando aparte el archivo dañado.',
    },
  },
  fr: {
    cannotOpen: 'Staff Desk ne peut pas ouvrir ses données.',
    openFailure: {
      corrupt: (file) =>
        `Le fichier de base de données de l'application est endommagé et illisible : ${file}. ` +
        'Vous pouvez repartir de zéro : le fichier endommagé est conservé à côté du nouveau, et vos paramètres et votre historique repartent vides.',
      locked: (file) =>
        `Le fichier de base de données de l'application est utilisé par un autre programme : ${file}. ` +
        "Fermez toute autre copie de Staff Desk (ou le programme qui a ouvert le fichier), puis relancez l'application.",
      newer: (file) =>
        `Le fichier de base de données de l'application a été écrit par une version plus récente de Staff Desk : ${file}. ` +
        "Installez la dernière version pour l'utiliser ; cette version ne l'a pas modifié.",
      unwritable: (file) =>
        `L'application ne peut pas écrire son fichier de base de données : ${file}. ` +
        "Vérifiez que vous avez le droit d'écrire dans ce dossier et que le disque a de l'espace libre, puis relancez l'application.",
    },
    startFresh: 'Repartir de zéro (garder le fichier endommagé de côté)',
    quit: 'Quitter',
    notMovedAside: (file) =>
      `Le fichier de base de données endommagé n'a pas pu être mis de côté : ${file}. ` +
      "Déplacez-le ou supprimez-le vous-même, puis relancez l'application.",
    damageNotice: {
      title: 'Staff Desk a détecté des dommages dans son fichier de données',
      body:
        "Une partie du fichier de données de l'application est endommagée. Au prochain démarrage, Staff Desk vérifiera " +
        'le fichier et proposera de repartir de zéro en gardant le fichier endommagé de côté.',
    },
  },
  ru: {
    cannotOpen: 'Staff Desk не может открыть свои данные.',
    openFailure: {
      corrupt: (file) =>
        `Файл базы данных приложения повреждён и не читается: ${file}. ` +
        'Можно начать заново: повреждённый файл сохранится рядом с новым, а настройки и история начнутся с чистого листа.',
      locked: (file) =>
        `Файл базы данных приложения занят другой программой: ${file}. ` +
        'Закройте другие копии Staff Desk (или программу, которая открыла файл) и запустите приложение снова.',
      newer: (file) =>
        `Файл базы данных приложения записан более новой версией Staff Desk: ${file}. ` +
        'Установите последнюю версию, чтобы работать с ним; эта версия его не изменяла.',
      unwritable: (file) =>
        `Приложение не может записать файл базы данных: ${file}. ` +
        'Проверьте, что у вас есть права на запись в эту папку и что на диске есть свободное место, затем запустите приложение снова.',
    },
    startFresh: 'Начать заново (сохранить повреждённый файл отдельно)',
    quit: 'Выйти',
    notMovedAside: (file) =>
      `Не удалось убрать повреждённый файл базы данных: ${file}. Переместите или удалите его сами, затем запустите приложение снова.`,
    damageNotice: {
      title: 'Staff Desk обнаружил повреждение файла данных',
      body:
        'Часть файла данных приложения повреждена. При следующем запуске Staff Desk проверит файл и предложит начать ' +
        'заново, сохранив повреждённый файл отдельно.',
    },
  },
  zh: {
    cannotOpen: 'Staff Desk 无法打开其数据。',
    openFailure: {
      corrupt: (file) =>
        `应用的数据库文件已损坏，无法读取：${file}。` +
        '你可以重新开始：损坏的文件会保留在新文件旁边，你的设置和历史记录将从空白开始。',
      locked: (file) =>
        `应用的数据库文件正被另一个程序使用：${file}。请关闭其他正在运行的 Staff Desk（或打开该文件的程序），然后重新启动应用。`,
      newer: (file) =>
        `应用的数据库文件由更新版本的 Staff Desk 写入：${file}。请安装最新版本来使用它；此版本未改动该文件。`,
      unwritable: (file) =>
        `应用无法写入其数据库文件：${file}。请检查你是否有权写入该文件夹、磁盘是否有可用空间，然后重新启动应用。`,
    },
    startFresh: '重新开始（将损坏的文件另行保留）',
    quit: '退出',
    notMovedAside: (file) => `无法将损坏的数据库文件移到一旁：${file}。请自行移动或删除它，然后重新启动应用。`,
    damageNotice: {
      title: 'Staff Desk 发现其数据文件已损坏',
      body: '应用数据文件的一部分已损坏。下次启动时，Staff Desk 会检查该文件，并提供重新开始的选项，同时将损坏的文件另行保留。',
    },
  },
  ar: {
    cannotOpen: 'لا يستطيع Staff Desk فتح بياناته.',
    openFailure: {
      corrupt: (file) =>
        `ملف قاعدة بيانات التطبيق تالف ولا يمكن قراءته: ${ltr(file)}. ` +
        'يمكنك البدء من جديد: يُحتفَظ بالملف التالف بجانب الملف الجديد، وتبدأ إعداداتك وسجلّك فارغة.',
      locked: (file) =>
        `ملف قاعدة بيانات التطبيق يستخدمه برنامج آخر: ${ltr(file)}. ` +
        'أغلق أي نسخة أخرى من Staff Desk (أو البرنامج الذي فتح الملف)، ثم شغّل التطبيق مرة أخرى.',
      newer: (file) =>
        `كُتب ملف قاعدة بيانات التطبيق بإصدار أحدث من Staff Desk: ${ltr(file)}. ` +
        'ثبّت أحدث إصدار لاستخدامه؛ لم يغيّر هذا الإصدار الملف.',
      unwritable: (file) =>
        `لا يستطيع التطبيق الكتابة في ملف قاعدة بياناته: ${ltr(file)}. ` +
        'تحقّق من أن لديك إذنًا بالكتابة في ذلك المجلد وأن في القرص مساحة فارغة، ثم شغّل التطبيق مرة أخرى.',
    },
    startFresh: 'البدء من جديد (مع الاحتفاظ بالملف التالف جانبًا)',
    quit: 'إنهاء',
    notMovedAside: (file) =>
      `تعذّر نقل ملف قاعدة البيانات التالف جانبًا: ${ltr(file)}. انقله أو احذفه بنفسك، ثم شغّل التطبيق مرة أخرى.`,
    damageNotice: {
      title: 'عثر Staff Desk على تلف في ملف بياناته',
      body:
        'جزء من ملف بيانات التطبيق تالف. في المرة القادمة التي يبدأ فيها Staff Desk، سيفحص الملف ويعرض عليك البدء ' +
        'من جديد مع الاحتفاظ بالملف التالف جانبًا.',
    },
  },
  mn: {
    cannotOpen: 'Staff Desk өгөгдлөө нээж чадахгүй байна.',
    openFailure: {
      corrupt: (file) =>
        `Аппын өгөгдлийн сангийн файл гэмтсэн тул уншиж чадахгүй байна: ${file}. ` +
        'Та шинээр эхэлж болно: гэмтсэн файл шинэ файлын хажууд хадгалагдах бөгөөд тохиргоо, түүх тань хоосноос эхэлнэ.',
      locked: (file) =>
        `Аппын өгөгдлийн сангийн файлыг өөр програм ашиглаж байна: ${file}. ` +
        'Staff Desk-ийн бусад хуулбарыг (эсвэл файлыг нээсэн програмыг) хааж, аппыг дахин асаана уу.',
      newer: (file) =>
        `Аппын өгөгдлийн сангийн файлыг Staff Desk-ийн илүү шинэ хувилбар бичсэн байна: ${file}. ` +
        'Үүнийг ашиглахын тулд хамгийн сүүлийн хувилбарыг суулгана уу; энэ хувилбар файлд хүрээгүй.',
      unwritable: (file) =>
        `Апп өгөгдлийн сангийн файлаа бичиж чадахгүй байна: ${file}. ` +
        'Тэр хавтсанд бичих эрхтэй эсэх, дискэнд сул зай байгаа эсэхийг шалгаад аппыг дахин асаана уу.',
    },
    startFresh: 'Шинээр эхлэх (гэмтсэн файлыг тусад нь хадгална)',
    quit: 'Гарах',
    notMovedAside: (file) =>
      `Гэмтсэн өгөгдлийн сангийн файлыг зайлуулж чадсангүй: ${file}. Түүнийг өөрөө зөөх эсвэл устгаад аппыг дахин асаана уу.`,
    damageNotice: {
      title: 'Staff Desk өгөгдлийн файлдаа гэмтэл илрүүллээ',
      body:
        'Аппын өгөгдлийн файлын нэг хэсэг гэмтсэн байна. Дараагийн удаа Staff Desk асахдаа файлыг шалгаж, гэмтсэн ' +
        'файлыг тусад нь хадгалаад шинээр эхлэхийг санал болгоно.',
    },
  },
};

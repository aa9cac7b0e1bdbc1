import type { Lang } from '../../../shared/lang';

/** What the staff sign-in shows on its own: the sign-in window's title and the notice that a renewal failed. */
export interface SessionTexts {
  /** Names the host of the page on show, so the member sees who asks for their password. */
  signInTitle: (host: string) => string;
  /** The silent renewal failed: the session still holds until it expires, then the next action signs in. */
  renewalFailed: { title: string; body: string };
}

export const SESSION_TEXTS: Record<Lang, SessionTexts> = {
  en: {
    signInTitle: (host) => `Sign in at ${host} — Staff Desk`,
    renewalFailed: { title: 'Your sign-in is ending', body: 'Sign in again to keep using Staff Desk.' },
  },
  es: {
    signInTitle: (host) => `Iniciar sesión en ${host} — Staff Desk`,
    renewalFailed: {
      title: 'Tu sesión está a punto de terminar',
      body: 'Vuelve a iniciar sesión para seguir usando Staff Desk.',
    },
  },
  fr: {
    signInTitle: (host) => `Se connecter sur ${host} — Staff Desk`,
    renewalFailed: {
      title: 'Votre session va bientôt prendre fin',
      body: 'Reconnectez-vous pour continuer à utiliser Staff Desk.',
    },
  },
  ru: {
    signInTitle: (host) => `Вход на ${host} — Staff Desk`,
    renewalFailed: { title: 'Ваш сеанс скоро закончится', body: 'Войдите снова, чтобы продолжить работу в Staff Desk.' },
  },
  zh: {
    signInTitle: (host) => `在 ${host} 登录 — Staff Desk`,
    renewalFailed: { title: '你的会话即将结束', body: '请重新登录以继续使用 Staff Desk。' },
  },
  ar: {
    signInTitle: (host) => `تسجيل الدخول في \u2068${host}\u2069 — Staff Desk`,
    renewalFailed: { title: 'جلستك على وشك الانتهاء', body: 'سجّل الدخول مرة أخرى لمواصلة استخدام Staff Desk.' },
  },
  mn: {
    signInTitle: (host) => `${host} дээр нэвтрэх — Staff Desk`,
    renewalFailed: {
      title: 'Таны сешн дуусах гэж байна',
      body: 'Staff Desk-ийг үргэлжлүүлэн ашиглахын тулд дахин нэвтэрнэ үү.',
    },
  },
};

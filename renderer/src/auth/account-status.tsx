import { CircleUserRound } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpenPane } from '../navigation/pane-id';
import { errorNotice, NoticeRegion, type Notice } from '../ui/notice';
import { useAuth } from './auth-context';
import { sessionTimeText } from './session-time';
import { SignInButton } from './sign-in-button';
import './auth.css';

type FocusTarget = 'signIn' | 'signOut';

/** Who is signed in and until when, with Sign in or Sign out beside it: the shell shows it on every pane. */
export function AccountStatus({ openPane }: { openPane: OpenPane }) {
  const { t, i18n } = useTranslation();
  const { status, loadError, work, signOut, reload } = useAuth();
  const [notice, setNotice] = useState<Notice | null>(null);
  const signInButton = useRef<HTMLButtonElement>(null);
  const signOutButton = useRef<HTMLButtonElement>(null);
  const focusNext = useRef<FocusTarget | null>(null);

  const buttons = { signIn: signInButton, signOut: signOutButton };

  /** True once `target` is on screen and usable, and has the focus. */
  function focusIfReady(target: FocusTarget): boolean {
    const button = buttons[target].current;
    if (!button || button.disabled) return false;
    button.focus();
    return true;
  }

  /**
   * The button pressed is replaced by the other one: keyboard focus follows, instead of falling to the page. Main's
   * news of the session may be on screen before its answer or after, so whichever comes last moves it.
   */
  function focusOnceShown(target: FocusTarget) {
    focusNext.current = focusIfReady(target) ? null : target;
  }

  useEffect(() => {
    const target = focusNext.current;
    if (target && focusIfReady(target)) focusNext.current = null;
  });

  async function pressSignOut() {
    setNotice(null);
    const result = await signOut();
    if (result.ok) focusOnceShown('signIn');
    else setNotice(errorNotice(result.error));
  }

  const time = (at: number) => sessionTimeText(at, Date.now(), i18n.language);

  return (
    <section className="account" aria-label={t('auth.account')} aria-busy={status === null && loadError === null}>
      {/* Alone in the narrow icon rail, where the account's lines show once the rail opens. */}
      <CircleUserRound className="account-icon" aria-hidden="true" data-signed-in={status?.state === 'signed_in'} />
      {status === null && loadError === null && <p className="muted">{t('auth.checking')}</p>}

      {status?.state === 'not_configured' && (
        <>
          <p className="muted">{t('auth.notConfigured')}</p>
          <button type="button" className="button-link" onClick={() => openPane('settings', { section: 'access' })}>
            {t('auth.setUp')}
          </button>
        </>
      )}

      {status?.state === 'signed_out' && (
        <>
          <p>{t('auth.signedOut')}</p>
          <SignInButton buttonRef={signInButton} onSignedIn={() => focusOnceShown('signOut')} />
        </>
      )}

      {status?.state === 'expired' && (
        <>
          <p>{t('auth.expired', { time: time(status.expiredAt) })}</p>
          <p className="muted account-email" dir="ltr">{status.email}</p>
          <SignInButton buttonRef={signInButton} onSignedIn={() => focusOnceShown('signOut')} />
        </>
      )}

      {status?.state === 'signed_in' && (
        <>
          <p className="account-member">{t('auth.signedInAs', { member: status.name ?? status.email })}</p>
          {status.name !== undefined && <p className="muted account-email" dir="ltr">{status.email}</p>}
          <p className="muted">{t('auth.until', { time: time(status.expiresAt) })}</p>
          <button type="button" ref={signOutButton} disabled={work !== null} onClick={() => void pressSignOut()}>
            {work === 'signingOut' ? t('auth.signingOut') : t('auth.signOut')}
          </button>
        </>
      )}

      <NoticeRegion notice={notice ?? (loadError && errorNotice(loadError))} />
      {loadError && (
        <button type="button" onClick={() => void reload()}>
          {t('common.retry')}
        </button>
      )}
    </section>
  );
}

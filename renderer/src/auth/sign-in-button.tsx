import { useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuthStatus } from '../../../shared/auth';
import { errorNotice, NoticeRegion, type Notice } from '../ui/notice';
import { useAuth } from './auth-context';

interface SignInButtonProps {
  readonly buttonRef?: Ref<HTMLButtonElement>;
  /** Called once the member is signed in through this button. */
  readonly onSignedIn?: (status: AuthStatus) => void;
}

/**
 * Opens the company's sign-in window. Every Sign in button waits while one window is open; the one pressed
 * says where to finish, and afterwards why it did not work, if it did not.
 */
export function SignInButton({ buttonRef, onSignedIn }: SignInButtonProps) {
  const { t } = useTranslation();
  const { work, signIn } = useAuth();
  const [pressed, setPressed] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);

  async function press() {
    setPressed(true);
    setNotice(null);
    const result = await signIn();
    setPressed(false);
    if (!result.ok) setNotice(errorNotice(result.error));
    else if (result.value.state === 'signed_in') onSignedIn?.(result.value);
    else setNotice({ tone: 'info', message: t('auth.cancelled') });
  }

  return (
    <div className="sign-in">
      <button type="button" ref={buttonRef} className="button-primary" disabled={work !== null} aria-busy={pressed} onClick={() => void press()}>
        {work === 'signingIn' ? t('auth.signingIn') : t('auth.signIn')}
      </button>
      {pressed && <p className="muted">{t('auth.finishInWindow')}</p>}
      <NoticeRegion notice={notice} />
    </div>
  );
}

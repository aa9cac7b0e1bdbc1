import { useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuthStatus } from '../../../shared/auth';
import { errorNotice, NoticeRegion, type Notice } from '../ui/notice';
import { useFocusAfterRender } from '../ui/use-focus-after-render';
import { useAuth } from './auth-context';

interface SignInButtonProps {
  readonly buttonRef?: RefObject<HTMLButtonElement | null>;
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
  const ownButton = useRef<HTMLButtonElement>(null);
  const button = buttonRef ?? ownButton;
  const focusAfterRender = useFocusAfterRender({ button });

  async function press() {
    setPressed(true);
    setNotice(null);
    const result = await signIn();
    setPressed(false);
    if (result.ok && result.value.state === 'signed_in') {
      onSignedIn?.(result.value);
      return;
    }
    setNotice(result.ok ? { tone: 'info', message: t('auth.cancelled') } : errorNotice(result.error));
    // The button was disabled while the window was open, which dropped the keyboard: it goes back to where it was.
    focusAfterRender('button');
  }

  return (
    <div className="sign-in">
      <button type="button" ref={button} className="button-primary" disabled={work !== null} aria-busy={pressed} onClick={() => void press()}>
        {work === 'signingIn' ? t('auth.signingIn') : t('auth.signIn')}
      </button>
      {pressed && <p className="muted">{t('auth.finishInWindow')}</p>}
      <NoticeRegion notice={notice} />
    </div>
  );
}

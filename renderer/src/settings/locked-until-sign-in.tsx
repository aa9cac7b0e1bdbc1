import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../auth/auth-context';
import type { SettingsSectionId } from '../navigation/settings-sections';

/**
 * The sections main changes only for a signed-in member (SEC-5): they shape what the app does with a member's mail,
 * notes and voice (a crash report may hold fragments of them: only a member consents to sending it). Sign-in, the
 * Gemini key, the start at login, the language and About are the first run's.
 */
const NEEDS_SIGN_IN: ReadonlySet<SettingsSectionId> = new Set(['models', 'mailbox', 'digest', 'knowledge', 'assistant', 'voice', 'shortcuts', 'crashReports']);

/**
 * A section whose settings wait for sign-in is shown as it is, its controls disabled and the reason said above
 * it, rather than letting the member fill in what main would refuse to store.
 */
export function LockedUntilSignIn({ section, children }: { section: SettingsSectionId; children: ReactNode }) {
  const { t } = useTranslation();
  const { status } = useAuth();
  const noteId = useId();
  // Not while main has not said yet: a signed-in member would see the lock flash.
  const locked = NEEDS_SIGN_IN.has(section) && status !== null && status.state !== 'signed_in';
  if (!locked) return children;
  return (
    <fieldset className="settings-locked" disabled aria-describedby={noteId}>
      <p id={noteId} className="settings-locked-note">
        {t('settings.signInToChange')}
      </p>
      {children}
    </fieldset>
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../auth/auth-context';
import { SignInButton } from '../auth/sign-in-button';
import { FirstRunChecklist } from '../first-run/first-run-checklist';
import { SetupStillNeeded } from '../first-run/setup-still-needed';
import { StartAtLoginQuestion } from '../first-run/start-at-login-question';
import { useSetupStatus } from '../first-run/use-setup-status';
import type { OpenPane } from '../navigation/pane-id';
import { ImportProfileButton } from '../team/import-profile-button';
import { errorNotice, NoticeRegion } from '../ui/notice';

interface SignInGateProps {
  readonly openPane: OpenPane;
  /** The pane the app opens on: once the member is in, it says what setup still needs (the others say their own). */
  readonly landing: boolean;
  /** Where keyboard focus goes once the member is in: the Sign in button pressed is gone by then. */
  readonly onSignedIn: () => void;
  readonly children: ReactNode;
}

/**
 * Stands in front of a pane that works only for a signed-in staff member: until then it says so in one sentence
 * and offers the way in (or, when sign-in is not set up, the way to its section of Settings), instead of a pane
 * whose every action would fail. Below, the first-run checklist shows what else is left to set up; once the
 * member is in, the landing pane goes on saying what is still needed until it is done.
 */
export function SignInGate({ openPane, landing, onSignedIn, children }: SignInGateProps) {
  const { status } = useAuth();
  if (status?.state !== 'signed_in') return <SignInPrompt openPane={openPane} onSignedIn={onSignedIn} />;
  return landing ? <Landing openPane={openPane}>{children}</Landing> : children;
}

/** The landing pane, and over it what the first run still needs before anything works: signing in was not all of it. */
function Landing({ openPane, children }: Pick<SignInGateProps, 'openPane' | 'children'>) {
  const setup = useSetupStatus();
  return (
    <>
      <SetupStillNeeded setup={setup} onOpen={(section) => openPane('settings', section && { section })} />
      {children}
    </>
  );
}

function SignInPrompt({ openPane, onSignedIn }: Pick<SignInGateProps, 'openPane' | 'onSignedIn'>) {
  const { t } = useTranslation();
  const { status, loadError, reload } = useAuth();
  const setup = useSetupStatus();

  return (
    <div className="sign-in-gate">
      <div className="callout" aria-busy={status === null && loadError === null}>
        {status === null && loadError === null && <p className="muted">{t('auth.checking')}</p>}
        {status?.state === 'not_configured' && (
          <>
            <p className="callout-lead">{t('auth.setUpFirst')}</p>
            <button type="button" className="button-primary" onClick={() => openPane('settings', { section: 'access' })}>
              {t('auth.setUp')}
            </button>
          </>
        )}
        {(status?.state === 'signed_out' || status?.state === 'expired') && (
          <>
            <p className="callout-lead">{t(status.state === 'expired' ? 'auth.signInAgain' : 'auth.signInFirst')}</p>
            <SignInButton onSignedIn={onSignedIn} />
          </>
        )}
        {status !== null && <TeamProfileOffer />}
        <NoticeRegion notice={loadError && errorNotice(loadError)} />
        {loadError && (
          <button type="button" onClick={() => void reload()}>
            {t('common.retry')}
          </button>
        )}
      </div>
      <StartAtLoginQuestion setup={setup} />
      <FirstRunChecklist setup={setup} onOpen={(section) => openPane('settings', { section })} />
    </div>
  );
}

/** A member given the team's profile sets the app up in one step, sign-in included, before signing in. */
function TeamProfileOffer() {
  const { t } = useTranslation();
  return (
    <div className="sign-in-gate-profile">
      <p className="muted">{t('team.gate.offer')}</p>
      <ImportProfileButton label={t('team.gate.import')} />
    </div>
  );
}

import { useCallback, useEffect, useRef, useState } from 'react';
import type { LoginItemState } from '../../../shared/desktop';
import type { Result } from '../../../shared/result';
import { useApi } from '../api';
import { useAuth } from '../auth/auth-context';
import { setupSteps, type SetupFacts, type SetupStep, type SetupStepId } from './setup-steps';

export interface SetupStatus {
  /** Null until main has said, or when it could not: the checklist is a guide, and each section says its own errors. */
  readonly steps: readonly SetupStep[] | null;
  /** The member put the checklist away for good. */
  readonly dismissed: boolean;
  /**
   * Whether to ask once if the app should start at login (D4): where the app can set it, until the member answers
   * (here or in Settings), and not when it already does.
   */
  readonly askStartAtLogin: boolean;
  /** The member's answer: start at login, or not (the question is not asked again either way). */
  answerStartAtLogin(open: boolean): Promise<Result<unknown>>;
  /** Start at login as the system has it (Settings' Desktop section shows it); null until main has said. */
  readonly loginItem: LoginItemState | null;
  /** Puts the checklist away for good (stored in the settings). */
  dismiss(): Promise<Result<unknown>>;
  /** Asks main again; stable, so an api built on it stays the same between renders. */
  reload(): void;
}

type Facts = Omit<SetupFacts, 'signIn'> & {
  readonly dismissed: boolean;
  readonly askStartAtLogin: boolean;
  readonly loginItem: LoginItemState | null;
  /** The steps the team took for the member (a profile, the machine's policy). */
  readonly team: ReadonlySet<SetupStepId>;
};

/**
 * Where the member is with the first run: signed in (the session everyone shares), the Gemini key, the Zoho
 * mailbox (main says only to a signed-in member) and the team's notes (any folder but the built-in guide), unless
 * the team's profile or the machine's policy already says where those are.
 */
export function useSetupStatus(): SetupStatus {
  const api = useApi();
  const { status } = useAuth();
  const signedIn = status?.state === 'signed_in';
  const [facts, setFacts] = useState<Facts | null>(null);
  const asked = useRef(0);
  // Read inside reload, so that reload keeps its identity when the session changes.
  const signedInNow = useRef(signedIn);

  const reload = useCallback(() => {
    const ask = ++asked.current;
    void Promise.all([
      api.settings.get(),
      api.secrets.status(),
      api.oracle.status(),
      signedInNow.current ? api.zoho.status() : Promise.resolve(null),
      api.desktop.loginItem(),
      api.policy.state(),
    ]).then(([settings, secrets, knowledge, zoho, loginItem, policy]) => {
      // Only the newest answer counts: an older one may predate the change that asked again.
      if (ask !== asked.current) return;
      if (!settings.ok || !secrets.ok || !knowledge.ok) {
        setFacts(null);
        return;
      }
      setFacts({
        dismissed: settings.value.firstRun.checklistDismissed,
        askStartAtLogin:
          loginItem.ok && loginItem.value.supported && !loginItem.value.openAtLogin && !settings.value.desktop.startAtLoginAsked,
        loginItem: loginItem.ok ? loginItem.value : null,
        geminiKey: secrets.value.configured['gemini.apiKey'],
        mailbox: zoho?.ok === true && zoho.value.state === 'connected',
        knowledge: !knowledge.value.folder.isDefault,
        // Unread, the policy counts as none: the step is then shown, and main still holds what it locks.
        team: new Set(
          (policy.ok && policy.value.locked.includes('knowledgeBase.path')) || settings.value.knowledgeBase.hint !== null ? ['knowledge'] : [],
        ),
      });
    });
  }, [api]);

  // Again whenever the session changes: the mailbox can be read only while signed in.
  useEffect(() => {
    signedInNow.current = signedIn;
    reload();
  }, [reload, signedIn]);

  useEffect(() => {
    const stops = [
      api.on('oracle:changed', (knowledge) => setFacts((current) => current && { ...current, knowledge: !knowledge.folder.isDefault })),
      api.onStream('zoho:connect', (event) => {
        if (event.kind === 'done') reload();
      }),
      // A team profile applied, or the machine's policy changed, can take a step off the list.
      api.on('settings:changed', reload),
      api.on('policy:changed', reload),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }, [api, reload]);

  const dismiss = useCallback(async () => {
    const result = await api.settings.update({ firstRun: { checklistDismissed: true } });
    if (result.ok) setFacts((current) => current && { ...current, dismissed: true });
    return result;
  }, [api]);

  const answerStartAtLogin = useCallback(
    async (open: boolean) => {
      // Main remembers that the question was answered when it sets the login item.
      if (!open) {
        const result = await api.settings.update({ desktop: { startAtLoginAsked: true } });
        if (result.ok) setFacts((current) => current && { ...current, askStartAtLogin: false });
        return result;
      }
      const result = await api.desktop.setLoginItem({ openAtLogin: true });
      if (result.ok) setFacts((current) => current && { ...current, askStartAtLogin: false, loginItem: result.value });
      return result;
    },
    [api],
  );

  return {
    steps: facts && setupSteps({ ...facts, signIn: signedIn }, facts.team),
    dismissed: facts?.dismissed ?? false,
    askStartAtLogin: facts?.askStartAtLogin ?? false,
    loginItem: facts?.loginItem ?? null,
    answerStartAtLogin,
    dismiss,
    reload,
  };
}

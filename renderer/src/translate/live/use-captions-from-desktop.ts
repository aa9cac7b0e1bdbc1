import { useCallback, useEffect, useRef } from 'react';
import { useApi } from '../../api';
import { useAuth } from '../../auth/auth-context';
import { useLanguage } from '../../i18n/language-context';
import { useSettings } from '../../settings-provider';
import { languagePair } from '../language-choice';
import { sessionActive } from './caption-runner';
import type { LiveCaptions } from './use-live-captions';

const DEFAULT_INPUTS = { you: { kind: 'microphone', deviceId: null } } as const;

/**
 * Live captions as the desktop sees them (D4): main is told whether they run (the tray shows it and offers Stop),
 * and the tray's Start or Stop reaches the session here. Started from the tray, a session takes the member's last
 * languages and inputs (else the defaults Settings keeps); when it cannot start (nobody signed in, no microphone) the window comes
 * forward on the Translate pane, where the member sees why.
 */
export function useCaptionsFromDesktop(captions: LiveCaptions): void {
  const api = useApi();
  const { status: auth } = useAuth();
  const { lang } = useLanguage();
  const captionDefaults = useSettings()?.captions ?? null;
  // Not while starting: a start the system refuses would flash the tray's captions face for nothing.
  const running = captions.status === 'listening' || captions.status === 'paused';
  /** A Start asked from the tray whose outcome is not known yet. */
  const startedFromTray = useRef(false);
  // The command arrives in a listener registered once: it reads the session as this render sees it, so a press
  // right after sign-in, before the render's effects ran, does not meet the signed-out state.
  const latest = useRef({ captions, signedIn: false, lang, captionDefaults });
  latest.current = { captions, signedIn: auth?.state === 'signed_in', lang, captionDefaults };

  useEffect(() => {
    void api.translate.captions({ running });
  }, [api, running]);

  const showTranslate = useCallback(() => {
    window.location.hash = '#/translate';
    void api.desktop.showWindow({});
  }, [api]);

  useEffect(
    () =>
      api.on('desktop:command', ({ command }) => {
        if (command !== 'liveCaptions') return;
        const { captions: now, signedIn, lang: uiLang, captionDefaults: defaults } = latest.current;
        if (sessionActive(now.status)) return now.stop();
        if (!signedIn) return showTranslate();
        startedFromTray.current = true;
        void now.start(now.inputs ?? DEFAULT_INPUTS, now.languages ?? languagePair(defaults ?? { from: null, to: null }, uiLang));
      }),
    [api, showTranslate],
  );

  useEffect(() => {
    if (!startedFromTray.current || captions.status === 'starting') return;
    startedFromTray.current = false;
    if (captions.problem?.kind === 'start') showTranslate();
  }, [captions.status, captions.problem, showTranslate]);
}

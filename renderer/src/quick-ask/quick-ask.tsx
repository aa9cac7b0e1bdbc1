import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ASSISTANT, ORACLE, SECRETARY } from '../../../shared/limits';
import type { QuickAskOpen } from '../../../shared/shortcuts';
import { useApi } from '../api';
import { useAuth } from '../auth/auth-context';
import { AnswerAnnouncement } from '../chat/answer-announcement';
import { useAssistantConversation } from '../chat/assistant-conversation';
import type { OpenPane } from '../navigation/pane-id';
import { useOracleConversation } from '../oracle/oracle-conversation';
import { useSecretaryConversation } from '../secretary/conversation-context';
import { isolated } from '../ui/bidi-isolate';
import { QuickAskAnswer } from './quick-ask-answer';
import { cycleTarget, QUICK_ASK_PREFIXES, QUICK_ASK_TARGETS, routedDraft, type QuickAskTarget } from './quick-ask-target';
import '../chat/chat.css';
import '../oracle/oracle.css';
import './quick-ask.css';

const MAX_CHARS: Readonly<Record<QuickAskTarget, number>> = {
  assistant: ASSISTANT.messageMaxChars,
  secretary: SECRETARY.questionMaxChars,
  oracle: ORACLE.questionMaxChars,
};

/** Whether a Gemini key is stored (null until main has said): every target needs one. */
function useGeminiKey(): { stored: boolean | null; recheck: () => void } {
  const api = useApi();
  const [stored, setStored] = useState<boolean | null>(null);
  const recheck = useCallback(() => {
    void api.secrets.status().then((result) => {
      if (result.ok) setStored(result.value.configured['gemini.apiKey']);
    });
  }, [api]);
  useEffect(recheck, [recheck]);
  return { stored, recheck };
}

/** What stands in for the question box's answer when asking cannot work yet: why, and the way to fix it. */
function Blocked({ lead, action, onAction }: { lead: string; action: string; onAction: () => void }) {
  return (
    <div className="quick-ask-blocked">
      <p className="quick-ask-blocked-lead">{lead}</p>
      {/* The box above cannot be used: the way forward takes the keyboard. */}
      <button type="button" className="button-primary" autoFocus onClick={onAction}>
        {action}
      </button>
    </div>
  );
}

/**
 * The quick-ask window's page (Spotlight-like): one question box whose answer streams in place, to the Assistant
 * unless Tab (or a prefix such as "/mail ") sends it to the Secretary or the Oracle. It focuses its box whenever the
 * window is shown, and Escape asks main to hide the window. A question that needs the app (signing in, a key, a
 * setting) hides it and opens the app where that is done.
 */
export function QuickAsk() {
  const { t } = useTranslation();
  const api = useApi();
  const { status, reload } = useAuth();
  const key = useGeminiKey();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const answer = useRef<HTMLElement>(null);
  const [target, setTarget] = useState<QuickAskTarget>('assistant');
  const [draft, setDraft] = useState('');
  const conversations = { assistant: useAssistantConversation(), secretary: useSecretaryConversation(), oracle: useOracleConversation() };
  const conversation = conversations[target];
  const answered = conversation.exchanges.length > 0;

  const hide = useCallback((open?: QuickAskOpen) => void api.desktop.hideQuickAsk(open ? { open } : {}), [api]);
  const openPane: OpenPane = (pane) => hide(pane === 'settings' ? 'settings' : 'app');

  // Shown again: the box is ready to type in, and what may have changed in the app meanwhile is asked again.
  const { recheck } = key;
  useEffect(() => {
    function shown() {
      input.current?.focus();
      input.current?.select();
      void reload();
      recheck();
    }
    window.addEventListener('focus', shown);
    return () => window.removeEventListener('focus', shown);
  }, [reload, recheck]);

  useEffect(() => {
    function onKeyDown(event: globalThis.KeyboardEvent) {
      // An input method composing a character uses Escape to drop it: that is not leaving.
      if (event.key !== 'Escape' || event.isComposing || event.defaultPrevented) return;
      event.preventDefault();
      hide();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [hide]);

  function onChange(value: string) {
    const routed = routedDraft(value);
    if (routed) setTarget(routed.target);
    setDraft(routed ? routed.rest : value);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'Tab' && !event.ctrlKey && !event.altKey && !event.metaKey) {
      event.preventDefault();
      setTarget((current) => cycleTarget(current, event.shiftKey));
    } else if (event.key === 'ArrowDown' && answered) {
      // The one way out of the box by keyboard (Tab switches the target): into the answer, its sources and links.
      event.preventDefault();
      answer.current?.focus();
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const question = draft.trim();
    if (question === '' || conversation.busy) return;
    conversation.ask(question);
    setDraft('');
  }

  const signedIn = status?.state === 'signed_in';
  const blocked =
    status === null ? null : !signedIn ? (
      <Blocked
        lead={t(status.state === 'not_configured' ? 'quickAsk.setUpFirst' : 'quickAsk.signInFirst')}
        action={t('quickAsk.openApp')}
        onAction={() => hide(status.state === 'not_configured' ? 'settings' : 'app')}
      />
    ) : key.stored === false ? (
      <Blocked lead={t('quickAsk.addKeyFirst')} action={t('chat.openSettings')} onAction={() => hide('settings')} />
    ) : null;

  return (
    <main className="quick-ask" aria-label={t('quickAsk.title')}>
      <form className="quick-ask-bar" onSubmit={onSubmit}>
        <div className="quick-ask-targets" role="radiogroup" aria-label={t('quickAsk.target')}>
          {QUICK_ASK_TARGETS.map((name) => (
            <button
              key={name}
              type="button"
              role="radio"
              aria-checked={name === target}
              // Tab in the box switches the target: the buttons are for the pointer.
              tabIndex={-1}
              className="quick-ask-target"
              onClick={() => {
                setTarget(name);
                input.current?.focus();
              }}
            >
              {t(`panes.${name}.title`)}
            </button>
          ))}
        </div>
        <input
          ref={input}
          className="quick-ask-input"
          type="text"
          dir="auto"
          // The window opens to be typed in.
          autoFocus
          autoComplete="off"
          aria-label={t(`quickAsk.placeholder.${target}`)}
          aria-describedby={hintId}
          placeholder={t(`quickAsk.placeholder.${target}`)}
          maxLength={MAX_CHARS[target]}
          value={draft}
          disabled={blocked !== null}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
        />
      </form>
      <p id={hintId} className="quick-ask-hint">
        {t('quickAsk.hint', { mail: isolated(QUICK_ASK_PREFIXES.secretary), notes: isolated(QUICK_ASK_PREFIXES.oracle) })}
        {answered && ` ${t('quickAsk.toAnswer')}`}
      </p>
      {blocked ?? (
        // Not a live region: the answer grows as it streams, and is announced once, whole, when it ends.
        <section ref={answer} className="quick-ask-answer" tabIndex={-1} aria-label={t('quickAsk.answer')}>
          {/* Until the first question: what the one it goes to is good for. */}
          {answered ? <QuickAskAnswer target={target} openPane={openPane} /> : <p className="quick-ask-empty">{t(`panes.${target}.summary`)}</p>}
        </section>
      )}
      {/* The answers of the one asked; another's, asked before a switch, are not read out over this one. */}
      {target === 'assistant' && <AnswerAnnouncement conversation={conversations.assistant} />}
      {target === 'secretary' && <AnswerAnnouncement conversation={conversations.secretary} />}
      {target === 'oracle' && <AnswerAnnouncement conversation={conversations.oracle} />}
    </main>
  );
}

import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { KeyCheck, MemberSecretName, SecretsStatus } from '../../../shared/secrets';
import type { Result } from '../../../shared/result';
import { useApi } from '../api';
import { errorNotice, NoticeRegion, type Notice } from '../ui/notice';
import { KeyState } from './key-state';
import { SecretInput } from './secret-input';
import { useFocusAfterRender } from '../ui/use-focus-after-render';

const KEY_NAME: MemberSecretName = 'gemini.apiKey';

type KeyStatus = { kind: 'checking' } | { kind: 'unknown' } | { kind: 'known'; configured: boolean; check: KeyCheck | null };

function known(status: SecretsStatus): KeyStatus {
  return { kind: 'known', configured: status.configured[KEY_NAME], check: status.geminiCheck };
}

/** Why the last check did not prove the key, kept by main: still said after a restart, until something replaces it. */
function lastCheckNotice(status: SecretsStatus): Notice | null {
  const check = status.geminiCheck;
  return status.configured[KEY_NAME] && check?.error ? errorNotice(check.error) : null;
}

type Mode = 'idle' | 'replacing' | 'confirmingRemove';
/** What main is doing for the section: storing or removing the key, or trying it with a real call. */
type Work = 'changingKey' | 'checkingKey';

/**
 * The Gemini key is write-only: the field is uncontrolled and emptied as soon as Save reads it, so the key never
 * sits in React state, nor in the DOM while main has it, and once stored the page only ever learns that it is
 * configured and what its last check came to. Main tries a key before storing it: one Google refuses is not saved,
 * and is handed back to the field it was typed in.
 */
export function ApiKeySection() {
  const api = useApi();
  const { t } = useTranslation();
  const headingId = useId();
  const inputId = useId();
  const confirmId = useId();
  const [status, setStatus] = useState<KeyStatus>({ kind: 'checking' });
  const [mode, setMode] = useState<Mode>('idle');
  const [work, setWork] = useState<Work | null>(null);
  const busy = work !== null;
  const [notice, setNotice] = useState<Notice | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const replaceButton = useRef<HTMLButtonElement>(null);
  const keepKeyButton = useRef<HTMLButtonElement>(null);
  const checkKeyButton = useRef<HTMLButtonElement>(null);

  const focusAfterRender = useFocusAfterRender({ input, replace: replaceButton, keepKey: keepKeyButton, checkKey: checkKeyButton });

  const check = useCallback(async () => {
    setStatus({ kind: 'checking' });
    setNotice(null);
    const result = await api.secrets.status();
    setStatus(result.ok ? known(result.value) : { kind: 'unknown' });
    setNotice(result.ok ? lastCheckNotice(result.value) : errorNotice(result.error));
  }, [api]);

  useEffect(() => {
    void check();
  }, [check]);

  /** `done` says what happened, from main's answer: a key saved unchecked or not working says so. */
  async function run(call: Promise<Result<SecretsStatus>>, done: (status: SecretsStatus) => Notice): Promise<boolean> {
    setWork('changingKey');
    setNotice(null);
    const result = await call;
    setWork(null);
    if (!result.ok) {
      setNotice(errorNotice(result.error));
      return false;
    }
    setStatus(known(result.value));
    setMode('idle');
    setNotice(done(result.value));
    focusAfterRender(result.value.configured[KEY_NAME] ? 'replace' : 'input');
    return true;
  }

  function savedNotice(status: SecretsStatus): Notice {
    const check = status.geminiCheck;
    if (check?.outcome === 'unverified') return { tone: 'info', message: t('settings.apiKey.savedUnverified') };
    // Saved, but Google would not work with it (the quota, the model): why, in place of "saved".
    if (check?.outcome === 'failed' && check.error) return errorNotice(check.error);
    return { tone: 'success', message: t('settings.apiKey.saved') };
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const field = input.current;
    if (!field) return;
    const value = field.value.trim();
    field.value = '';
    if (value === '') {
      setNotice({ tone: 'error', message: t('settings.apiKey.empty') });
      field.focus();
      return;
    }
    const saved = await run(api.secrets.set({ name: KEY_NAME, value }), savedNotice);
    if (saved) return;
    // Refused (Google turned the key down, or the keychain is locked): nothing was stored. The key goes back in
    // the field, as it is the member's own typing, so that a typo is fixed rather than the whole key typed again.
    if (input.current) input.current.value = value;
    focusAfterRender('input');
  }

  /** The result stays in the section's notice, so saving or removing a key replaces it; main keeps it for the dot. */
  async function checkKey() {
    setWork('checkingKey');
    setNotice(null);
    const result = await api.secrets.check();
    const latest = await api.secrets.status();
    setWork(null);
    if (latest.ok) setStatus(known(latest.value));
    setNotice(result.ok ? { tone: 'success', message: t('settings.apiKey.works') } : errorNotice(result.error));
    // The button was disabled while checking, which drops focus: give it back so the keyboard stays in place.
    focusAfterRender('checkKey');
  }

  function startReplacing() {
    setMode('replacing');
    setNotice(null);
    focusAfterRender('input');
  }

  function startRemoving() {
    setMode('confirmingRemove');
    setNotice(null);
    // The safe choice takes focus, so a stray Enter keeps the key.
    focusAfterRender('keepKey');
  }

  function backToIdle() {
    setMode('idle');
    focusAfterRender('replace');
  }

  const configured = status.kind === 'known' && status.configured;
  const showForm = status.kind === 'known' && (!status.configured || mode === 'replacing');

  return (
    <section className="settings-section" aria-labelledby={headingId} aria-busy={busy || status.kind === 'checking'}>
      <h2 id={headingId}>{t('settings.apiKey.heading')}</h2>
      <p className="muted">{t('settings.apiKey.intro')}</p>

      {status.kind === 'checking' && <p className="muted">{t('settings.apiKey.checking')}</p>}

      {status.kind === 'known' && <KeyState configured={status.configured} check={status.check} />}

      {configured && mode === 'idle' && (
        <div className="actions">
          <button type="button" ref={checkKeyButton} onClick={() => void checkKey()} disabled={busy}>
            {work === 'checkingKey' ? t('settings.apiKey.checkingKey') : t('settings.apiKey.check')}
          </button>
          <button type="button" ref={replaceButton} onClick={startReplacing} disabled={busy}>
            {t('settings.apiKey.replace')}
          </button>
          <button type="button" className="button-danger" onClick={startRemoving} disabled={busy}>
            {t('settings.apiKey.remove')}
          </button>
        </div>
      )}

      {configured && mode === 'confirmingRemove' && (
        <div role="group" aria-labelledby={confirmId} className="confirm">
          <p id={confirmId}>{t('settings.apiKey.confirmRemove')}</p>
          <div className="actions">
            <button
              type="button"
              className="button-danger"
              disabled={busy}
              onClick={() => void run(api.secrets.delete({ name: KEY_NAME }), () => ({ tone: 'success', message: t('settings.apiKey.removed') }))}
            >
              {t('settings.apiKey.confirmRemoveAction')}
            </button>
            <button type="button" ref={keepKeyButton} onClick={backToIdle} disabled={busy}>
              {t('common.cancel')}
            </button>
          </div>
        </div>
      )}

      {showForm && (
        <form className="key-form" onSubmit={(event) => void save(event)} noValidate>
          <label htmlFor={inputId}>{t('settings.apiKey.label')}</label>
          <div className="actions">
            <SecretInput ref={input} id={inputId} masked disabled={busy} />
            <button type="submit" className="button-primary" disabled={busy}>
              {t('settings.apiKey.save')}
            </button>
            {mode === 'replacing' && (
              <button type="button" onClick={backToIdle} disabled={busy}>
                {t('common.cancel')}
              </button>
            )}
          </div>
        </form>
      )}

      <NoticeRegion notice={notice} />

      {status.kind === 'unknown' && (
        <button type="button" onClick={() => void check()}>
          {t('common.retry')}
        </button>
      )}
    </section>
  );
}

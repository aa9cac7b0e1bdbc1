import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { appUrlSchema, audSchema, teamUrlSchema } from '../../../shared/access-config';
import type { AppError } from '../../../shared/result';
import type { Settings } from '../../../shared/settings';
import { useApi } from '../api';
import { useAuth } from '../auth/auth-context';
import { useLockedFields } from '../settings-provider';
import { SignInButton } from '../auth/sign-in-button';
import { errorNotice, type Notice } from '../ui/notice';
import { TextField } from './text-field';
import { LoadNotice } from '../ui/load-notice';
import { useFocusAfterRender } from '../ui/use-focus-after-render';

type Access = Settings['access'];
type AccessField = keyof Access;
const FIELDS: readonly AccessField[] = ['teamUrl', 'appUrl', 'aud'];
/** The schemas main checks with, so a mistake is pointed at next to its field before anything is sent. */
const SCHEMAS = { teamUrl: teamUrlSchema, appUrl: appUrlSchema, aud: audSchema } as const;

type Draft = Record<AccessField, string>;
type Problem = 'invalid' | 'required';
type Problems = Partial<Record<AccessField, Problem>>;
type Load = { kind: 'loading' } | { kind: 'failed'; error: AppError } | { kind: 'ready' };
type Checked = { ok: true; access: Access } | { ok: false; problems: Problems };

const NO_ACCESS: Access = { teamUrl: null, appUrl: null, aud: null };
const blank = (value: string) => value.trim() === '';

function draftOf(access: Access): Draft {
  return { teamUrl: access.teamUrl ?? '', appUrl: access.appUrl ?? '', aud: access.aud ?? '' };
}

function checkOne(field: AccessField, value: string): { ok: true; value: string } | { ok: false } {
  const parsed = SCHEMAS[field].safeParse(value);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false };
}

/** All three, normalised as main stores them; or all three empty, which turns sign-in off. */
function checkAll(draft: Draft): Checked {
  if (FIELDS.every((field) => blank(draft[field]))) return { ok: true, access: NO_ACCESS };
  const problems: Problems = {};
  const access: Access = { ...NO_ACCESS };
  for (const field of FIELDS) {
    const checked = blank(draft[field]) ? null : checkOne(field, draft[field]);
    if (checked === null) problems[field] = 'required';
    else if (!checked.ok) problems[field] = 'invalid';
    else access[field] = checked.value;
  }
  return Object.keys(problems).length === 0 ? { ok: true, access } : { ok: false, problems };
}

/**
 * The three Cloudflare Access values staff sign-in needs. Each is checked when the member leaves its field and
 * again on Save; Save stores the normal form main compares tokens against, and the shell learns the new state.
 * Once sign-in is set up, the section says who is signed in, or offers Sign in right where it was set up.
 */
export function AccessSection() {
  const api = useApi();
  const auth = useAuth();
  const isLocked = useLockedFields();
  const locked = (field: AccessField) => isLocked(`access.${field}`);
  const { t } = useTranslation();
  const headingId = useId();
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [draft, setDraft] = useState<Draft>(draftOf(NO_ACCESS));
  const [problems, setProblems] = useState<Problems>({});
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const fields = useRef<Partial<Record<AccessField, HTMLInputElement | null>>>({});
  const saveButton = useRef<HTMLButtonElement>(null);

  const focusAfterRender = useFocusAfterRender({ save: saveButton });

  const fetchAccess = useCallback(async () => {
    setLoad({ kind: 'loading' });
    const result = await api.settings.get();
    if (result.ok) {
      setDraft(draftOf(result.value.access));
      setLoad({ kind: 'ready' });
    } else {
      setLoad({ kind: 'failed', error: result.error });
    }
  }, [api]);

  useEffect(() => {
    void fetchAccess();
  }, [fetchAccess]);

  function edit(field: AccessField, value: string) {
    setDraft((current) => ({ ...current, [field]: value }));
    // The message goes once the member starts correcting the value; leaving the field checks it again.
    setProblems(({ [field]: _corrected, ...rest }) => rest);
  }

  function leave(field: AccessField) {
    const value = draft[field];
    if (!blank(value) && !checkOne(field, value).ok) setProblems((current) => ({ ...current, [field]: 'invalid' }));
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkAll(draft);
    if (!checked.ok) {
      setProblems(checked.problems);
      setNotice(null);
      const first = FIELDS.find((field) => checked.problems[field]);
      if (first) fields.current[first]?.focus();
      return;
    }
    setBusy(true);
    setNotice(null);
    // What the policy holds is not sent: main would refuse the whole change for it.
    const access = Object.fromEntries(FIELDS.filter((field) => !locked(field)).map((field) => [field, checked.access[field]]));
    const result = await api.settings.update({ access });
    setBusy(false);
    focusAfterRender('save');
    if (!result.ok) {
      setNotice(errorNotice(result.error));
      return;
    }
    setDraft(draftOf(result.value.access));
    setProblems({});
    const turnedOff = FIELDS.every((field) => result.value.access[field] === null);
    setNotice({ tone: 'success', message: t(turnedOff ? 'settings.access.turnedOff' : 'settings.access.saved') });
    await auth.reload();
  }

  const problemText = (field: AccessField): string | null => {
    const problem = problems[field];
    if (problem === undefined) return null;
    return problem === 'required' ? t('settings.access.required') : t(`settings.access.${field}Invalid`);
  };

  return (
    <section className="settings-section" aria-labelledby={headingId} aria-busy={busy || load.kind === 'loading'}>
      <h2 id={headingId}>{t('settings.access.heading')}</h2>
      <p className="muted">{t('settings.access.intro')}</p>

      {load.kind === 'loading' && <p className="muted">{t('common.loading')}</p>}

      {load.kind === 'ready' && (
        <form className="settings-form" onSubmit={(event) => void save(event)} noValidate>
          {FIELDS.map((field) => (
            <TextField
              key={field}
              label={t(`settings.access.${field}`)}
              value={draft[field]}
              help={t(`settings.access.${field}Help`)}
              error={problemText(field)}
              disabled={busy}
              managed={locked(field)}
              inputRef={(element) => {
                fields.current[field] = element;
              }}
              onChange={(value) => edit(field, value)}
              onBlur={() => leave(field)}
            />
          ))}
          {/* Said before Save: who may sign in changing ends this session and the mailbox's access (SEC-5). */}
          {auth.status?.state === 'signed_in' && <p className="muted">{t('settings.access.changeSignsOut')}</p>}
          {!FIELDS.every(locked) && (
            <div className="actions">
              <button type="submit" ref={saveButton} className="button-primary" disabled={busy}>
                {t('settings.access.save')}
              </button>
            </div>
          )}
        </form>
      )}

      <LoadNotice notice={notice} failure={load.kind === 'failed' ? load.error : null} onRetry={() => void fetchAccess()} />

      {load.kind === 'ready' && <SessionLine />}
    </section>
  );
}

/** Who is signed in, or Sign in when sign-in is set up and nobody is; nothing while it is not set up. */
function SessionLine() {
  const { t } = useTranslation();
  const { status } = useAuth();
  if (status === null || status.state === 'not_configured') return null;
  return (
    <div className="access-session">
      {status.state === 'signed_in' ? (
        <p>{t('auth.signedInAs', { member: status.name ?? status.email })}</p>
      ) : (
        <>
          <p>{t('settings.access.signInNow')}</p>
          <SignInButton />
        </>
      )}
    </div>
  );
}

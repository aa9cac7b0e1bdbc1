import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SecretsStatus } from '../../../shared/secrets';
import { useApi } from '../api';
import { errorNotice, NoticeRegion, type Notice } from '../ui/notice';
import { SecretInput } from './secret-input';
import { useFocusAfterRender } from '../ui/use-focus-after-render';

type ClientStatus = { kind: 'checking' } | { kind: 'unknown' } | { kind: 'known'; configured: boolean };

const configuredIn = (status: SecretsStatus) => status.configured['zoho.clientId'] && status.configured['zoho.clientSecret'];

/**
 * The Zoho OAuth client, write-only like the Gemini key: both fields are uncontrolled and emptied as soon as Save
 * reads them, so neither value sits in React state or the DOM, and once stored the page only learns "configured".
 */
export function ZohoClientForm({ onSaved }: { onSaved: () => void }) {
  const api = useApi();
  const { t } = useTranslation();
  const headingId = useId();
  const idFieldId = useId();
  const secretFieldId = useId();
  const [status, setStatus] = useState<ClientStatus>({ kind: 'checking' });
  const [replacing, setReplacing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const clientIdField = useRef<HTMLInputElement>(null);
  const secretField = useRef<HTMLInputElement>(null);
  const replaceButton = useRef<HTMLButtonElement>(null);

  const focusAfterRender = useFocusAfterRender({ clientId: clientIdField, replace: replaceButton });

  const check = useCallback(async () => {
    setStatus({ kind: 'checking' });
    setNotice(null);
    const result = await api.secrets.status();
    setStatus(result.ok ? { kind: 'known', configured: configuredIn(result.value) } : { kind: 'unknown' });
    if (!result.ok) setNotice(errorNotice(result.error));
  }, [api]);

  useEffect(() => {
    void check();
  }, [check]);

  /** Reads and empties both fields at once, whatever happens next. */
  function takeValues(): { clientId: string; clientSecret: string } {
    const values = { clientId: clientIdField.current?.value.trim() ?? '', clientSecret: secretField.current?.value.trim() ?? '' };
    for (const field of [clientIdField.current, secretField.current]) if (field) field.value = '';
    return values;
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { clientId, clientSecret } = takeValues();
    if (clientId === '' || clientSecret === '') {
      setNotice({ tone: 'error', message: t('settings.zoho.client.empty') });
      clientIdField.current?.focus();
      return;
    }
    setBusy(true);
    setNotice(null);
    const first = await api.secrets.set({ name: 'zoho.clientId', value: clientId });
    const result = first.ok ? await api.secrets.set({ name: 'zoho.clientSecret', value: clientSecret }) : first;
    setBusy(false);
    if (!result.ok) {
      setNotice(errorNotice(result.error));
      focusAfterRender('clientId');
      return;
    }
    const configured = configuredIn(result.value);
    setStatus({ kind: 'known', configured });
    setReplacing(false);
    setNotice({ tone: 'success', message: t('settings.zoho.client.saved') });
    focusAfterRender('replace');
    onSaved();
  }

  function startReplacing() {
    setReplacing(true);
    setNotice(null);
    focusAfterRender('clientId');
  }

  function stopReplacing() {
    setReplacing(false);
    focusAfterRender('replace');
  }

  const configured = status.kind === 'known' && status.configured;
  const showForm = status.kind === 'known' && (!status.configured || replacing);

  return (
    <div className="settings-subsection" role="group" aria-labelledby={headingId} aria-busy={busy || status.kind === 'checking'}>
      <h3 id={headingId}>{t('settings.zoho.client.heading')}</h3>
      <p className="muted">{t('settings.zoho.client.intro')}</p>

      {status.kind === 'checking' && <p className="muted">{t('settings.zoho.client.checking')}</p>}
      {status.kind === 'known' && (
        <p className={configured ? 'key-state key-state-on' : 'key-state'}>
          {configured ? t('settings.zoho.client.configured') : t('settings.zoho.client.notConfigured')}
        </p>
      )}

      {configured && !replacing && (
        <button type="button" ref={replaceButton} onClick={startReplacing}>
          {t('settings.zoho.client.replace')}
        </button>
      )}

      {showForm && (
        <form className="settings-form" onSubmit={(event) => void save(event)} noValidate>
          <div className="field">
            <label htmlFor={idFieldId}>{t('settings.zoho.client.id')}</label>
            <SecretInput ref={clientIdField} id={idFieldId} masked={false} disabled={busy} />
          </div>
          <div className="field">
            <label htmlFor={secretFieldId}>{t('settings.zoho.client.secret')}</label>
            <SecretInput ref={secretField} id={secretFieldId} masked disabled={busy} />
          </div>
          <div className="actions">
            <button type="submit" className="button-primary" disabled={busy}>
              {t('settings.zoho.client.save')}
            </button>
            {replacing && (
              <button type="button" onClick={stopReplacing} disabled={busy}>
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
    </div>
  );
}

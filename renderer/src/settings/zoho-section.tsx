import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError } from '../../../shared/result';
import type { ZohoDataCentre } from '../../../shared/zoho-data-centres';
import { useApi } from '../api';
import { useAuth } from '../auth/auth-context';
import { errorNotice, NoticeRegion } from '../ui/notice';
import { ZohoClientForm } from './zoho-client-form';
import { ZohoDataCentreField } from './zoho-data-centre-field';
import { ZohoMailbox, type ZohoStatusLoad } from './zoho-mailbox';

type DataCentreLoad = { kind: 'loading' } | { kind: 'failed'; error: AppError } | { kind: 'ready'; dataCentre: ZohoDataCentre };

/**
 * The member's Zoho mailbox: the data centre, the OAuth client (write-only), and the connection itself. All of
 * it is a signed-in staff member's to change, as main says (the Settings pane shows it locked until then).
 */
export function ZohoSection() {
  const api = useApi();
  const { status: auth } = useAuth();
  const { t } = useTranslation();
  const headingId = useId();
  const [dataCentre, setDataCentre] = useState<DataCentreLoad>({ kind: 'loading' });
  const [mailbox, setMailbox] = useState<ZohoStatusLoad>({ kind: 'loading' });
  const authState = auth?.state ?? null;

  const loadDataCentre = useCallback(async () => {
    const result = await api.settings.get();
    setDataCentre(result.ok ? { kind: 'ready', dataCentre: result.value.zoho.dataCentre } : { kind: 'failed', error: result.error });
  }, [api]);

  // A refresh keeps what is on screen until main answers, so buttons do not vanish under the member's focus.
  const loadMailbox = useCallback(async () => {
    if (authState === null) return;
    if (authState !== 'signed_in') {
      setMailbox({ kind: 'signedOut' });
      return;
    }
    const result = await api.zoho.status();
    setMailbox(result.ok ? { kind: 'ready', status: result.value } : { kind: 'failed', error: result.error });
  }, [api, authState]);

  useEffect(() => {
    void loadDataCentre();
  }, [loadDataCentre]);
  useEffect(() => {
    void loadMailbox();
  }, [loadMailbox]);

  const reloadAll = useCallback(() => {
    void loadDataCentre();
    void loadMailbox();
  }, [loadDataCentre, loadMailbox]);

  const connected = mailbox.kind === 'ready' && mailbox.status.state === 'connected';

  return (
    <section className="settings-section" aria-labelledby={headingId} aria-busy={dataCentre.kind === 'loading'}>
      <h2 id={headingId}>{t('settings.zoho.heading')}</h2>
      <p className="muted">{t('settings.zoho.intro')}</p>

      {dataCentre.kind === 'loading' && <p className="muted">{t('common.loading')}</p>}
      {dataCentre.kind === 'ready' && (
        <ZohoDataCentreField
          value={dataCentre.dataCentre}
          locked={connected}
          onSaved={(saved) => setDataCentre({ kind: 'ready', dataCentre: saved })}
        />
      )}
      <NoticeRegion notice={dataCentre.kind === 'failed' ? errorNotice(dataCentre.error) : null} />
      {dataCentre.kind === 'failed' && (
        <button type="button" onClick={() => void loadDataCentre()}>
          {t('common.retry')}
        </button>
      )}

      <ZohoClientForm onSaved={() => void loadMailbox()} />
      <ZohoMailbox load={mailbox} onReload={reloadAll} onChanged={(status) => setMailbox({ kind: 'ready', status })} />
    </section>
  );
}

import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError } from '../../../shared/result';
import type { ZohoStatus } from '../../../shared/zoho-connection';
import { useApi } from '../api';
import type { OpenPane } from '../navigation/pane-id';
import { LoadNotice } from '../ui/load-notice';
import { MailboxGateContext, ZohoReconnect } from './zoho-reconnect';

type Load = { kind: 'loading' } | { kind: 'failed'; error: AppError } | { kind: 'ready'; status: ZohoStatus };

/**
 * Stands in front of what needs the member's mailbox: until it is connected it says so and points to Settings,
 * instead of a question box whose every question would fail. A mailbox whose grant Zoho refused is not "not
 * connected": it says to connect again, above what the app still holds of it (the stored pass).
 */
export function ZohoMailboxGate({ openPane, children }: { openPane: OpenPane; children: ReactNode }) {
  const api = useApi();
  const { t } = useTranslation();
  const [load, setLoad] = useState<Load>({ kind: 'loading' });

  const check = useCallback(async () => {
    setLoad({ kind: 'loading' });
    const result = await api.zoho.status();
    setLoad(result.ok ? { kind: 'ready', status: result.value } : { kind: 'failed', error: result.error });
  }, [api]);

  useEffect(() => {
    void check();
  }, [check]);

  // Zoho refused the grant while a question or a pass read mail (or the mailbox was connected or disconnected):
  // said here as soon as main knows, not after a reload. A check under way brings the new state by itself.
  useEffect(
    () =>
      api.on('zoho:changed', ({ state: next }) =>
        setLoad((current) => (current.kind === 'ready' ? { kind: 'ready', status: { ...current.status, state: next } } : current)),
      ),
    [api],
  );

  const state = load.kind === 'ready' ? load.status.state : null;
  let shown: ReactNode;
  if (state === 'connected') {
    shown = children;
  } else if (state === 'reconnect_needed') {
    shown = (
      <>
        <div className="callout">
          <ZohoReconnect />
        </div>
        {children}
      </>
    );
  } else {
    shown = (
      <div className="callout" aria-busy={load.kind === 'loading'}>
        {load.kind === 'loading' && <p className="muted">{t('secretary.mailbox.checking')}</p>}
        {load.kind === 'ready' && (
          <>
            <p className="callout-lead">{t('secretary.mailbox.notConnected')}</p>
            <button type="button" className="button-primary" onClick={() => openPane('settings', { section: 'mailbox' })}>
              {t('secretary.mailbox.connect')}
            </button>
          </>
        )}
        <LoadNotice notice={null} failure={load.kind === 'failed' ? load.error : null} onRetry={() => void check()} />
      </div>
    );
  }
  return <MailboxGateContext value={{ openPane, saysReconnect: state === 'reconnect_needed' }}>{shown}</MailboxGateContext>;
}

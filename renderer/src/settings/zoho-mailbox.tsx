import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError } from '../../../shared/result';
import type { ZohoStatus } from '../../../shared/zoho-connection';
import { useApi } from '../api';
import { SignInButton } from '../auth/sign-in-button';
import { errorNotice, type Notice } from '../ui/notice';
import { useOpenExternal } from '../ui/open-external';
import { LoadNotice } from '../ui/load-notice';
import { useFocusAfterRender } from '../ui/use-focus-after-render';
import { useZohoConnect, type ZohoConnectInput } from '../ui/use-zoho-connect';
import { ZohoConnectProgress } from '../ui/zoho-connect-progress';

/** Where the section stands with main about the mailbox. */
export type ZohoStatusLoad =
  | { kind: 'loading' }
  | { kind: 'signedOut' }
  | { kind: 'failed'; error: AppError }
  | { kind: 'ready'; status: ZohoStatus };

type Flow = { kind: 'idle' } | { kind: 'confirmingDisconnect' } | { kind: 'disconnecting' };
type FocusTarget = 'connect' | 'disconnect' | 'keep' | 'cancel';

interface ZohoMailboxProps {
  readonly load: ZohoStatusLoad;
  readonly onReload: () => void;
  /** A connect or disconnect changed the mailbox (and main may have moved the data centre). */
  readonly onChanged: (status: ZohoStatus) => void;
}

/**
 * Connects the member's mailbox: the device flow by default (a code typed in Zoho's page), the loopback redirect
 * as the alternative, each said in a line and cancellable; then who is connected, and Disconnect after a
 * confirmation. A grant Zoho refused says so, in the words the Secretary uses, above the same two ways to connect
 * again. Leaving the page while connecting cancels the flow, so that a later Connect never races a forgotten one.
 */
export function ZohoMailbox({ load, onReload, onChanged }: ZohoMailboxProps) {
  const api = useApi();
  const { t } = useTranslation();
  const headingId = useId();
  const confirmId = useId();
  const deviceHelpId = useId();
  const loopbackHelpId = useId();
  const [flow, setFlow] = useState<Flow>({ kind: 'idle' });
  const [notice, setNotice] = useState<Notice | null>(null);
  const links = useOpenExternal();
  const { connecting, connect: startConnect, cancel: cancelConnect } = useZohoConnect();
  const buttons = {
    connect: useRef<HTMLButtonElement>(null),
    disconnect: useRef<HTMLButtonElement>(null),
    keep: useRef<HTMLButtonElement>(null),
    cancel: useRef<HTMLButtonElement>(null),
  };
  const flowBox = useRef<HTMLDivElement>(null);

  const focusAfterRender = useFocusAfterRender(buttons);

  function finish(next: Notice, focus: FocusTarget) {
    // Focus follows only from the flow's own controls, which go away; a member working elsewhere keeps their place.
    focusAfterRender(flowBox.current?.contains(document.activeElement) ? focus : null);
    setFlow({ kind: 'idle' });
    setNotice(next);
  }

  function connect(method: ZohoConnectInput['method']) {
    setNotice(null);
    focusAfterRender('cancel');
    startConnect(
      { method },
      {
        onDone: (connected) => {
          finish({ tone: 'success', message: t('settings.zoho.mailbox.connectedNow', { email: connected.email }) }, 'disconnect');
          onReload();
        },
        onError: (error) => finish(errorNotice(error), 'connect'),
      },
    );
  }

  function cancel() {
    cancelConnect();
    finish({ tone: 'info', message: t('settings.zoho.mailbox.cancelled') }, 'connect');
  }

  async function disconnect() {
    setFlow({ kind: 'disconnecting' });
    setNotice(null);
    const result = await api.zoho.disconnect();
    setFlow({ kind: 'idle' });
    if (!result.ok) {
      setNotice(errorNotice(result.error));
      focusAfterRender('disconnect');
      return;
    }
    setNotice({ tone: 'success', message: t('settings.zoho.mailbox.disconnectedNow') });
    focusAfterRender('connect');
    onChanged(result.value);
  }

  const status = load.kind === 'ready' ? load.status : null;
  const canConnect = status?.state === 'disconnected' || status?.state === 'reconnect_needed';

  // Connected, Disconnect is the one control. After a refusal it comes after the ways to connect again: still
  // stored, the refused grant is forgotten by it, for a member who no longer wants the mailbox here.
  const disconnectControls = (
    <>
      {flow.kind !== 'confirmingDisconnect' && (
        <button
          type="button"
          ref={buttons.disconnect}
          className="button-danger"
          disabled={flow.kind === 'disconnecting'}
          onClick={() => {
            setNotice(null);
            setFlow({ kind: 'confirmingDisconnect' });
            // The safe choice takes focus, so a stray Enter keeps the mailbox.
            focusAfterRender('keep');
          }}
        >
          {t('settings.zoho.mailbox.disconnect')}
        </button>
      )}
      {flow.kind === 'confirmingDisconnect' && (
        <div role="group" aria-labelledby={confirmId} className="confirm">
          <p id={confirmId}>{t('settings.zoho.mailbox.confirmDisconnect')}</p>
          <div className="actions">
            <button type="button" className="button-danger" onClick={() => void disconnect()}>
              {t('settings.zoho.mailbox.confirmDisconnectAction')}
            </button>
            <button
              type="button"
              ref={buttons.keep}
              onClick={() => {
                setFlow({ kind: 'idle' });
                focusAfterRender('disconnect');
              }}
            >
              {t('common.cancel')}
            </button>
          </div>
        </div>
      )}
    </>
  );

  return (
    <div className="settings-subsection" role="group" aria-labelledby={headingId} aria-busy={load.kind === 'loading' || flow.kind === 'disconnecting'}>
      <h3 id={headingId}>{t('settings.zoho.mailbox.heading')}</h3>

      {load.kind === 'loading' && <p className="muted">{t('settings.zoho.mailbox.checking')}</p>}
      {load.kind === 'signedOut' && (
        <>
          <p>{t('settings.zoho.mailbox.signInFirst')}</p>
          <SignInButton />
        </>
      )}
      {status?.state === 'not_configured' && <p className="muted">{t('settings.zoho.mailbox.needsClient')}</p>}

      {status?.state === 'connected' && (
        <p className="key-state key-state-on">
          {status.email === undefined ? t('settings.zoho.mailbox.connected') : t('settings.zoho.mailbox.connectedAs', { email: status.email })}
        </p>
      )}
      {status?.state === 'reconnect_needed' && <p className="key-state">{t('errors.reason.zoho_reconnect_needed')}</p>}
      {status?.state === 'connected' && disconnectControls}

      {status?.state === 'disconnected' && <p className="key-state">{t('settings.zoho.mailbox.disconnected')}</p>}
      {canConnect && !connecting && (
        <div className="connect-flow">
          <button
            type="button"
            ref={buttons.connect}
            className="button-primary"
            aria-describedby={deviceHelpId}
            onClick={() => connect('device')}
          >
            {t('settings.zoho.mailbox.connect')}
          </button>
          <p id={deviceHelpId} className="muted">
            {t('settings.zoho.mailbox.connectHelp')}
          </p>
          <button type="button" className="button-link" aria-describedby={loopbackHelpId} onClick={() => connect('loopback')}>
            {t('settings.zoho.mailbox.connectInBrowser')}
          </button>
          <p id={loopbackHelpId} className="muted">
            {t('settings.zoho.mailbox.connectInBrowserHelp')}
          </p>
        </div>
      )}

      {status?.state === 'reconnect_needed' && !connecting && disconnectControls}

      {connecting && (
        <div ref={flowBox} className="connect-flow" aria-live="polite">
          <ZohoConnectProgress connecting={connecting} onOpenPage={links.open} />
          <button type="button" ref={buttons.cancel} onClick={cancel}>
            {t('common.cancel')}
          </button>
        </div>
      )}

      <LoadNotice notice={notice ?? links.notice} failure={load.kind === 'failed' ? load.error : null} onRetry={onReload} />
    </div>
  );
}

import { createContext, use } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpenPane } from '../navigation/pane-id';

/** What the mailbox gate tells the Secretary's parts below it. */
export interface MailboxGate {
  /**
   * How they reach another pane (Settings, to connect the mailbox again or add what a pass lacked): the shell's
   * openPane, so they all go the same way.
   */
  readonly openPane: OpenPane;
  /** The gate already says the mailbox must be connected again: a part that would say it too stays quiet. */
  readonly saysReconnect: boolean;
}

export const MailboxGateContext = createContext<MailboxGate | null>(null);

export function useMailboxGate(): MailboxGate {
  const gate = use(MailboxGateContext);
  if (!gate) throw new Error('useMailboxGate() needs the <ZohoMailboxGate> above it.');
  return gate;
}

/**
 * Issue 11, defect 8: Zoho refused the mailbox's grant. One sentence and one action wherever it shows (the gate, a
 * pass that failed for it), the very ones the chat shows beside a question that failed for it.
 */
export function ZohoReconnect() {
  const { t } = useTranslation();
  const { openPane } = useMailboxGate();
  return (
    <>
      <p className="callout-lead">{t('errors.reason.zoho_reconnect_needed')}</p>
      <button type="button" className="button-primary" onClick={() => openPane('settings', { section: 'mailbox' })}>
        {t('chat.openSettings')}
      </button>
    </>
  );
}

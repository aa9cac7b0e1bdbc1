import { useTranslation } from 'react-i18next';
import type { PaneProps } from '../navigation/pane-id';
import { DigestPanel } from './digest-panel';
import { SecretaryChat } from './secretary-chat';
import { ZohoMailboxGate } from './zoho-mailbox-gate';
import './secretary.css';

/**
 * The mailbox secretary (seeds 000): the conversation about the member's mail, with the latest pass at the top of
 * its log, so that the question box stays in view however much the pass lists.
 */
export function SecretaryPane({ openPane }: PaneProps) {
  const { t } = useTranslation();
  return (
    <div className="secretary chat-pane">
      <p className="muted">{t('panes.secretary.summary')}</p>
      <ZohoMailboxGate openPane={openPane}>
        {/* Made here, not in the chat, so that each turn of the conversation does not redraw the pass. */}
        <SecretaryChat openPane={openPane} digest={<DigestPanel />} />
      </ZohoMailboxGate>
    </div>
  );
}

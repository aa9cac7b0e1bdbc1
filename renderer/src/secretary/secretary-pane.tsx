import { useTranslation } from 'react-i18next';
import type { PaneProps } from '../shell/pane-id';
import { DigestPanel } from './digest-panel';
import { SecretaryChat } from './secretary-chat';
import { ZohoMailboxGate } from './zoho-mailbox-gate';
import './secretary.css';

/** The mailbox secretary (seeds 000): the latest pass on top, then the conversation about the member's mail. */
export function SecretaryPane({ openPane }: PaneProps) {
  const { t } = useTranslation();
  return (
    <div className="secretary">
      <p className="muted">{t('panes.secretary.summary')}</p>
      <ZohoMailboxGate openPane={openPane}>
        <DigestPanel />
        <SecretaryChat openPane={openPane} />
      </ZohoMailboxGate>
    </div>
  );
}

import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import './managed-note.css';

/**
 * Beside a control the machine's policy holds (issue 28): a lock and "Set by your organization", or what the
 * organization did instead (`text`). The control names it with aria-describedby, so its reason is read out with it.
 */
export function ManagedNote({ id, text }: { id?: string; text?: string | undefined }) {
  const { t } = useTranslation();
  return (
    <p id={id} className="managed-note">
      <Lock className="managed-note-icon" aria-hidden="true" />
      {text ?? t('managed.setByOrganization')}
    </p>
  );
}

import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ZohoProgress } from '../../../shared/zoho-connection';
import { useApi } from '../api';
import { remainingText, useRemainingMs } from './countdown';
import './zoho-connect.css';

export type CodeStage = Extract<ZohoProgress, { stage: 'code' }>;
type Copy = 'idle' | 'copied' | 'failed';

interface ZohoDeviceCodeProps {
  readonly code: CodeStage;
  readonly onOpenPage: (url: string) => void;
}

/**
 * The device flow's user code, large and copyable, with the way to Zoho's page and how long the code still works.
 * Main has already tried to open the page; the button is there for a member who closed it or has no browser open.
 */
export function ZohoDeviceCode({ code, onOpenPage }: ZohoDeviceCodeProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const helpId = useId();
  const api = useApi();
  const [copy, setCopy] = useState<Copy>('idle');
  const remainingMs = useRemainingMs(Date.parse(code.expiresAt));

  function copyCode() {
    // Main writes the clipboard: the sandboxed page is granted no clipboard permission of its own.
    void api.app.copyText({ text: code.userCode }).then((result) => setCopy(result.ok ? 'copied' : 'failed'));
  }

  return (
    <div className="device-code">
      <p id={labelId}>{t('settings.zoho.mailbox.codeLabel')}</p>
      <output className="device-code-value" dir="ltr" aria-labelledby={labelId} aria-describedby={helpId}>
        {code.userCode}
      </output>
      <p id={helpId} className="muted">
        {t('settings.zoho.mailbox.codeHelp')}
      </p>
      <div className="actions">
        <button type="button" onClick={copyCode}>
          {t('settings.zoho.mailbox.copy')}
        </button>
        <button type="button" onClick={() => onOpenPage(code.verificationUrl)}>
          {t('settings.zoho.mailbox.openPage')}
        </button>
      </div>
      <p role="status" className="muted copy-status">
        {copy === 'copied' && t('settings.zoho.mailbox.copied')}
        {copy === 'failed' && t('settings.zoho.mailbox.copyFailed')}
      </p>
      <p className="muted">
        {remainingMs > 0
          ? t('settings.zoho.mailbox.expiresIn', { time: remainingText(remainingMs) })
          : t('settings.zoho.mailbox.expired')}
      </p>
    </div>
  );
}

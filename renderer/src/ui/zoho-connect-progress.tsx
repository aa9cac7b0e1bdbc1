import { useTranslation } from 'react-i18next';
import type { ZohoConnecting } from './use-zoho-connect';
import { ZohoDeviceCode } from './zoho-device-code';
import './zoho-connect.css';

/**
 * Where a Zoho connect flow stands, said as it goes: asking Zoho for a code, then the code to type in Zoho's page
 * (device flow), or the browser to finish in (loopback); that the browser opened, and that Zoho is being waited on.
 */
export function ZohoConnectProgress({ connecting, onOpenPage }: { connecting: ZohoConnecting; onOpenPage: (url: string) => void }) {
  const { t } = useTranslation();
  return (
    <div className="zoho-connect-progress">
      {connecting.method === 'device' && !connecting.code && <p className="muted">{t('settings.zoho.mailbox.requesting')}</p>}
      {connecting.code && <ZohoDeviceCode code={connecting.code} onOpenPage={onOpenPage} />}
      {connecting.method === 'loopback' && <p>{t('settings.zoho.mailbox.finishInBrowser')}</p>}
      {connecting.browserOpened && <p className="muted">{t('settings.zoho.mailbox.browserOpened')}</p>}
      {connecting.waiting && <p className="muted">{t('settings.zoho.mailbox.waiting')}</p>}
    </div>
  );
}

import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ZOHO_DATA_CENTRE_IDS, ZOHO_DATA_CENTRES, zohoDataCentreSchema, type ZohoDataCentre } from '../../../shared/zoho-data-centres';
import { useApi } from '../api';
import { useLockedFields } from '../settings-provider';
import { ManagedNote } from '../ui/managed-note';
import { errorNotice, NoticeRegion, type Notice } from '../ui/notice';

interface ZohoDataCentreFieldProps {
  readonly value: ZohoDataCentre;
  /** A connected mailbox belongs to its data centre: changing it would only break the connection. */
  readonly locked: boolean;
  readonly onSaved: (dataCentre: ZohoDataCentre) => void;
}

/** "zoho.eu", as the member sees it in the address they sign in at. */
const domainOf = (id: ZohoDataCentre) => new URL(ZOHO_DATA_CENTRES[id].accountsUrl).host.replace(/^accounts\./, '');

/** Which of Zoho's data centres the member's account lives in; saved as soon as it is chosen. */
export function ZohoDataCentreField({ value, locked, onSaved }: ZohoDataCentreFieldProps) {
  const api = useApi();
  const { t } = useTranslation();
  const selectId = useId();
  const helpId = useId();
  const managedId = useId();
  const managed = useLockedFields()('zoho.dataCentre');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);

  async function choose(event: ChangeEvent<HTMLSelectElement>) {
    const chosen = zohoDataCentreSchema.parse(event.target.value);
    setBusy(true);
    setNotice(null);
    const result = await api.settings.update({ zoho: { dataCentre: chosen } });
    setBusy(false);
    if (!result.ok) {
      setNotice(errorNotice(result.error));
      return;
    }
    setNotice({ tone: 'success', message: t('settings.zoho.dataCentreSaved') });
    onSaved(result.value.zoho.dataCentre);
  }

  return (
    <div className="field">
      <label htmlFor={selectId}>{t('settings.zoho.dataCentre')}</label>
      <select id={selectId} value={value} onChange={(event) => void choose(event)} disabled={managed || locked || busy} aria-describedby={managed ? `${managedId} ${helpId}` : helpId}>
        {ZOHO_DATA_CENTRE_IDS.map((id) => (
          <option key={id} value={id}>
            {t('settings.zoho.dataCentreOption', { region: t(`settings.zoho.regions.${ZOHO_DATA_CENTRES[id].location}`), domain: domainOf(id) })}
          </option>
        ))}
      </select>
      {managed && <ManagedNote id={managedId} />}
      <p id={helpId} className="muted">
        {t(locked ? 'settings.zoho.dataCentreLocked' : 'settings.zoho.dataCentreHelp')}
      </p>
      <NoticeRegion notice={notice} />
    </div>
  );
}

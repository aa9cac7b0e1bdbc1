import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../api';
import type { Catalog } from '../i18n/catalog';
import type { PaneProps } from './pane-id';

type PaneCatalog = Catalog['panes'];
/** Panes whose feature has not landed: they are exactly the ones with an "upcoming" sentence in the catalogue. */
type UpcomingFeature = { [K in keyof PaneCatalog]: PaneCatalog[K] extends { upcoming: string } ? K : never }[keyof PaneCatalog];

/**
 * Says plainly what the pane will do and that it is not here yet, and points to what can be done now: adding the
 * Gemini key it will need, or, with the key there already, the Assistant, which answers typed questions today.
 */
export function UpcomingPane({ feature, openPane }: Pick<PaneProps, 'openPane'> & { feature: UpcomingFeature }) {
  const { t } = useTranslation();
  const api = useApi();
  // Null until main says; a failed answer counts as no key, whose way out (Settings) also shows the failure.
  const [hasKey, setHasKey] = useState<boolean | null>(null);

  useEffect(() => {
    let current = true;
    void api.secrets.status().then((result) => {
      if (current) setHasKey(result.ok && result.value.configured['gemini.apiKey']);
    });
    return () => {
      current = false;
    };
  }, [api]);

  return (
    <div className="callout" aria-busy={hasKey === null}>
      <p className="callout-lead">{t(`panes.${feature}.summary`)}</p>
      <p>{t(`panes.${feature}.upcoming`)}</p>
      {hasKey === false && (
        <>
          <p>{t('upcoming.addKeyNow')}</p>
          <button type="button" className="button-primary" onClick={() => openPane('settings', { section: 'gemini' })}>
            {t('upcoming.addKey')}
          </button>
        </>
      )}
      {hasKey === true && (
        <>
          <p>{t('upcoming.meanwhile')}</p>
          <button type="button" className="button-primary" onClick={() => openPane('assistant')}>
            {t('upcoming.openAssistant')}
          </button>
        </>
      )}
    </div>
  );
}

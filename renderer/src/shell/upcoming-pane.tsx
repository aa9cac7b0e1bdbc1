import { useTranslation } from 'react-i18next';
import type { Catalog } from '../i18n/catalog';
import type { PaneProps } from './pane-id';

type PaneCatalog = Catalog['panes'];
/** Panes whose feature has not landed: they are exactly the ones with an "upcoming" sentence in the catalogue. */
type UpcomingFeature = { [K in keyof PaneCatalog]: PaneCatalog[K] extends { upcoming: string } ? K : never }[keyof PaneCatalog];

/** Says plainly what the pane will do and that it is not here yet, and points to what can be done now. */
export function UpcomingPane({ feature, openPane }: PaneProps & { feature: UpcomingFeature }) {
  const { t } = useTranslation();
  return (
    <div className="callout">
      <p className="callout-lead">{t(`panes.${feature}.summary`)}</p>
      <p>{t(`panes.${feature}.upcoming`)}</p>
      <button type="button" className="button-primary" onClick={() => openPane('settings')}>
        {t('upcoming.openSettings')}
      </button>
    </div>
  );
}

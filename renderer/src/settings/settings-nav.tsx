import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SETTINGS_SECTION_IDS, type SettingsSectionId } from '../navigation/settings-sections';

export function sectionAnchorId(id: SettingsSectionId): string {
  return `settings-${id}`;
}

interface SettingsNavProps {
  readonly current: SettingsSectionId;
  readonly onSelect: (id: SettingsSectionId) => void;
}

/** The list of Settings' sections, the one being read marked: beside the sections when wide, above them when narrow. */
export function SettingsNav({ current, onSelect }: SettingsNavProps) {
  const { t } = useTranslation();

  function go(event: MouseEvent<HTMLAnchorElement>, id: SettingsSectionId) {
    // Scrolled and focused here, not by a fragment navigation: the window refuses navigations, and the URL
    // fragment names the open pane.
    event.preventDefault();
    onSelect(id);
  }

  return (
    <nav className="settings-nav" aria-label={t('settings.nav.label')}>
      <ul className="stack-list stack-list-tight">
        {SETTINGS_SECTION_IDS.map((id) => (
          <li key={id}>
            <a href={`#${sectionAnchorId(id)}`} aria-current={id === current ? 'location' : undefined} onClick={(event) => go(event, id)}>
              {t(`settings.nav.${id}`)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

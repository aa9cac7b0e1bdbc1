import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PANE_IDS, type PaneId } from '../navigation/pane-id';
import { paneShortcutKeys } from './pane-shortcuts';
import { PANE_ICONS } from './panes';

export const PANEL_ID = 'pane';

const tabId = (id: PaneId) => `tab-${id}`;

/** The tab's label alone: what names the tab and its panel (a badge beside it is not part of the name). */
export function tabLabelId(id: PaneId): string {
  return `tab-label-${id}`;
}

const badgeId = (id: PaneId) => `tab-badge-${id}`;

/** Where an arrow key moves focus from tab `from`; null for keys the tab list does not handle. */
function targetIndex(key: string, from: number): number | null {
  const last = PANE_IDS.length - 1;
  switch (key) {
    case 'ArrowDown':
      return from === last ? 0 : from + 1;
    case 'ArrowUp':
      return from === 0 ? last : from - 1;
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return null;
  }
}

/** What waits in a pane: how many, as the badge shows it ("4"), and what that means ("4 need you"). */
export interface PaneBadge {
  readonly count: string;
  readonly description: string;
}

interface PaneTabsProps {
  readonly active: PaneId;
  onSelect(id: PaneId): void;
  readonly badges?: Partial<Record<PaneId, PaneBadge>>;
}

/**
 * The vertical tab list of panes (WAI-ARIA tabs, manual activation): arrows move focus, Enter or Space opens
 * the focused pane, and only the open pane's tab is in the Tab order. Each tab is named by its label alone, which
 * stays in the page when the narrow window shows only icons; a badge describes the tab rather than renaming it.
 * The badge draws only its count: its sentence, in some languages longer than the sidebar, shortened the pane's
 * name to a few letters beside it; the sentence is the tab's description, and the badge's tooltip.
 */
export function PaneTabs({ active, onSelect, badges = {} }: PaneTabsProps) {
  const { t } = useTranslation();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, from: number) {
    const to = targetIndex(event.key, from);
    if (to === null) return;
    event.preventDefault();
    tabs.current[to]?.focus();
  }

  return (
    <nav className="pane-nav" aria-label={t('app.sections')}>
      <div role="tablist" aria-orientation="vertical" aria-label={t('app.sections')} className="pane-tabs">
        {PANE_IDS.map((id, index) => {
          const Icon = PANE_ICONS[id];
          const badge = badges[id];
          return (
            <button
              key={id}
              ref={(element) => {
                tabs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={tabId(id)}
              className="pane-tab"
              aria-selected={id === active}
              aria-controls={PANEL_ID}
              aria-labelledby={tabLabelId(id)}
              aria-describedby={badge === undefined ? undefined : badgeId(id)}
              aria-keyshortcuts={paneShortcutKeys(id)}
              tabIndex={id === active ? 0 : -1}
              onClick={() => onSelect(id)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              <Icon className="pane-tab-icon" aria-hidden="true" />
              <span id={tabLabelId(id)} className="pane-tab-label">{t(`panes.${id}.title`)}</span>
              {badge !== undefined && (
                <>
                  <span className="pill pane-tab-badge" title={badge.description} aria-hidden="true">
                    {badge.count}
                  </span>
                  <span id={badgeId(id)} className="visually-hidden">
                    {badge.description}
                  </span>
                </>
              )}
            </button>
          );
        })}
      </div>
    </nav>
  );
}

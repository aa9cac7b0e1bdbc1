import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PANE_IDS, type PaneId } from './pane-id';
import { paneShortcutKeys } from './pane-shortcuts';

export const PANEL_ID = 'pane';

export function tabId(id: PaneId): string {
  return `tab-${id}`;
}

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

/**
 * The vertical tab list of panes (WAI-ARIA tabs, manual activation): arrows move focus, Enter or Space opens
 * the focused pane, and only the open pane's tab is in the Tab order.
 */
export function PaneTabs({ active, onSelect }: { active: PaneId; onSelect(id: PaneId): void }) {
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
        {PANE_IDS.map((id, index) => (
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
            aria-keyshortcuts={paneShortcutKeys(id)}
            tabIndex={id === active ? 0 : -1}
            onClick={() => onSelect(id)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {t(`panes.${id}.title`)}
          </button>
        ))}
      </div>
    </nav>
  );
}

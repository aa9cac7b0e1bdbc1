import { useCallback, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountStatus } from '../auth/account-status';
import { SignInGate } from '../auth/sign-in-gate';
import type { PaneId } from './pane-id';
import { usePaneLocation } from './pane-location';
import { usePaneShortcuts } from './pane-shortcuts';
import { PANEL_ID, PaneTabs, tabId } from './pane-tabs';
import { PANE_COMPONENTS, SIGNED_IN_PANES } from './panes';
import './shell.css';

export function Shell() {
  const { t } = useTranslation();
  const [active, setActive] = useState<PaneId>('secretary');
  const content = useRef<HTMLElement>(null);

  // <main> outlives the panes inside it, so focus can move there before the old pane unmounts under it.
  const focusContent = useCallback(() => content.current?.focus(), []);
  const openPane = useCallback(
    (id: PaneId) => {
      focusContent();
      setActive(id);
    },
    [focusContent],
  );
  usePaneShortcuts(openPane);
  usePaneLocation(active, openPane);

  function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
    // Focus, not a fragment navigation: the window refuses navigations, and focus is what a keyboard user needs.
    event.preventDefault();
    focusContent();
  }

  const Pane = PANE_COMPONENTS[active];
  return (
    <div className="shell">
      <a className="skip-link" href="#content" onClick={skipToContent}>
        {t('app.skipToContent')}
      </a>
      <div className="sidebar">
        <p className="brand">{t('app.name')}</p>
        <PaneTabs active={active} onSelect={setActive} />
        <AccountStatus openPane={openPane} />
      </div>
      <main id="content" ref={content} tabIndex={-1} className="content">
        <section role="tabpanel" id={PANEL_ID} aria-labelledby={tabId(active)} className="pane">
          <h1 className="pane-title">{t(`panes.${active}.title`)}</h1>
          {SIGNED_IN_PANES.has(active) ? (
            <SignInGate openPane={openPane} onSignedIn={focusContent}>
              <Pane openPane={openPane} />
            </SignInGate>
          ) : (
            <Pane openPane={openPane} />
          )}
        </section>
      </main>
    </div>
  );
}

import { LayoutDashboard } from 'lucide-react';
import { Suspense, useCallback, useLayoutEffect, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountStatus } from '../auth/account-status';
import { numberText } from '../i18n/locale-format';
import type { OpenPane, PaneId, PaneTarget } from '../navigation/pane-id';
import { usePaneLocation } from '../navigation/pane-location';
import { useNeedsYouCount } from '../secretary/use-needs-you-count';
import { ProfileDropZone } from '../team/profile-drop-zone';
import { useOfferedProfiles } from '../team/use-offered-profiles';
import { usePaneShortcuts } from './pane-shortcuts';
import { PANEL_ID, PaneTabs, tabLabelId } from './pane-tabs';
import { PaneView } from './pane-view';
import { PANE_LAYOUT, SIGNED_IN_PANES } from './panes';
import { useReportFirstPaint } from './use-report-first-paint';
import { SignInGate } from './sign-in-gate';
import './shell.css';

/** The open pane, and where in it the last request asked to land. */
interface View {
  readonly pane: PaneId;
  readonly target?: PaneTarget;
}

/** Where the app opens. */
const LANDING_PANE: PaneId = 'secretary';

export function Shell() {
  const { t, i18n } = useTranslation();
  const [view, setView] = useState<View>({ pane: LANDING_PANE });
  const content = useRef<HTMLElement>(null);

  // <main> outlives the panes inside it, so focus can move there before the old pane unmounts under it.
  const focusContent = useCallback(() => content.current?.focus(), []);
  const openPane = useCallback<OpenPane>(
    (id, target) => {
      focusContent();
      // A fresh object per request: asking again for the same section lands there again.
      setView({ pane: id, target: target && { ...target } });
    },
    [focusContent],
  );
  // A tab keeps the focus (manual activation); choosing the open tab again changes nothing.
  const selectTab = useCallback((id: PaneId) => setView((current) => (current.pane === id ? current : { pane: id })), []);
  usePaneShortcuts(openPane);
  const needsYou = useNeedsYouCount();
  usePaneLocation(view.pane, openPane);
  useOfferedProfiles();
  useReportFirstPaint();

  // Every pane opens at its top, not where the previous one was left; a section asked for scrolls itself into
  // view in the pane's own layout effect, which runs before this one.
  useLayoutEffect(() => {
    if (view.target?.section === undefined && content.current) content.current.scrollTop = 0;
  }, [view]);

  function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
    // Focus, not a fragment navigation: the window refuses navigations, and focus is what a keyboard user needs.
    event.preventDefault();
    focusContent();
  }

  const active = view.pane;
  const layout = PANE_LAYOUT[active];
  // No spinner while a pane's chunk loads the first time: it comes from the app's own files in a moment.
  const pane = (
    <Suspense fallback={null}>
      <PaneView id={active} openPane={openPane} target={view.target} />
    </Suspense>
  );
  return (
    <div className="shell">
      <a className="skip-link" href="#content" onClick={skipToContent}>
        {t('app.skipToContent')}
      </a>
      <div className="sidebar-slot">
        <div className="sidebar">
          <p className="brand">
            <LayoutDashboard className="brand-mark" aria-hidden="true" />
            <span className="brand-name">{t('app.name')}</span>
          </p>
          <PaneTabs
            active={active}
            onSelect={selectTab}
            badges={
              needsYou > 0
                ? { secretary: { count: numberText(needsYou, i18n.language), description: t('app.needsYou', { count: needsYou }) } }
                : undefined
            }
          />
          <AccountStatus openPane={openPane} />
        </div>
      </div>
      <main id="content" ref={content} tabIndex={-1} className="content" data-layout={layout}>
        <section role="tabpanel" id={PANEL_ID} aria-labelledby={tabLabelId(active)} className="pane" data-layout={layout}>
          <h1 className="pane-title">{t(`panes.${active}.title`)}</h1>
          {SIGNED_IN_PANES.has(active) ? (
            <SignInGate openPane={openPane} landing={active === LANDING_PANE} onSignedIn={focusContent}>
              {pane}
            </SignInGate>
          ) : (
            pane
          )}
        </section>
      </main>
      <ProfileDropZone />
    </div>
  );
}

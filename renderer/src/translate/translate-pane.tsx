import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaneProps } from '../navigation/pane-id';
import { ViewSwitch } from '../ui/view-switch';
import { sessionActive } from './live/caption-runner';
import { LiveCaptions } from './live/live-captions';
import { useLiveCaptionsSession } from './live/live-captions-context';
import { TextTranslation } from './text-translation';
import './translate.css';

const VIEWS = ['text', 'live'] as const;
type View = (typeof VIEWS)[number];

/**
 * Translate (seeds 004, T1, T2): each way of translating is a section of the pane with its own heading, one shown
 * at a time. Both stay mounted while the other is shown, and both sessions live above the panes: a visit elsewhere
 * keeps the text and its translation, and live captions go on (the pane reopens on them while they run, and after, until they are cleared).
 */
export function TranslatePane({ openPane }: PaneProps) {
  const { t } = useTranslation();
  const textHeadingId = useId();
  const liveHeadingId = useId();
  const base = useId();
  const { captions } = useLiveCaptionsSession();
  // Back in the pane during a meeting, or after one whose captions are still kept (to export, copy or save as
  // notes), the captions are what the member came for.
  const [view, setView] = useState<View>(() => (sessionActive(captions.status) || captions.lines.length > 0 ? 'live' : 'text'));
  const regionIdOf = (of: View) => `${base}-${of}`;
  return (
    <div className="translate">
      <p className="muted">{t('panes.translate.summary')}</p>
      <ViewSwitch
        views={VIEWS}
        active={view}
        label={t('translate.views.label')}
        nameOf={(of) => t(`translate.views.${of}`)}
        regionIdOf={regionIdOf}
        onSelect={setView}
      />
      <div id={regionIdOf('text')} hidden={view !== 'text'}>
        <section className="card" aria-labelledby={textHeadingId}>
          <h2 id={textHeadingId}>{t('translate.text.heading')}</h2>
          <TextTranslation openPane={openPane} />
        </section>
      </div>
      <div id={regionIdOf('live')} hidden={view !== 'live'}>
        <section className="card" aria-labelledby={liveHeadingId}>
          <h2 id={liveHeadingId}>{t('translate.views.live')}</h2>
          <LiveCaptions />
        </section>
      </div>
    </div>
  );
}

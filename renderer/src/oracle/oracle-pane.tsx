import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaneProps } from '../navigation/pane-id';
import { ViewSwitch } from '../ui/view-switch';
import { CorpusGaps } from './corpus-gaps';
import { IndexStatus } from './index-status';
import { OracleChat } from './oracle-chat';
import { useKnowledgeStatus } from './use-knowledge-status';
import './oracle.css';

const VIEWS = ['ask', 'gaps'] as const;
type View = (typeof VIEWS)[number];

/**
 * The oracle (seeds 001): the knowledge base's status in one line on top, then either the conversation with the
 * notes, which takes the rest of the height, or the corpus gaps. The conversation stays mounted while the gaps are shown, so a half-written question is kept.
 * One status for both: the conversation's first suggestions depend on which notes the base holds.
 */
export function OraclePane({ openPane }: PaneProps) {
  const { t } = useTranslation();
  const base = useId();
  const [view, setView] = useState<View>('ask');
  const knowledge = useKnowledgeStatus();
  const regionIdOf = (of: View) => `${base}-${of}`;

  return (
    <div className="oracle chat-pane">
      <p className="muted">{t('panes.oracle.summary')}</p>
      <IndexStatus knowledge={knowledge} openPane={openPane} />
      <ViewSwitch
        views={VIEWS}
        active={view}
        label={t('oracle.views.label')}
        nameOf={(of) => t(`oracle.views.${of}`)}
        regionIdOf={regionIdOf}
        onSelect={setView}
      />
      <div id={regionIdOf('ask')} className="oracle-view" hidden={view !== 'ask'}>
        <OracleChat status={knowledge.load.kind === 'ready' ? knowledge.load.status : null} openPane={openPane} />
      </div>
      {/* The pane does not scroll (the chat keeps its own log): the gaps scroll in their view. */}
      <div id={regionIdOf('gaps')} className="oracle-view oracle-view-gaps" hidden={view !== 'gaps'}>
        {view === 'gaps' && <CorpusGaps />}
      </div>
    </div>
  );
}

import type { PaneProps } from '../shell/pane-id';
import { UpcomingPane } from '../shell/upcoming-pane';

export function VoicePane({ openPane }: PaneProps) {
  return <UpcomingPane feature="voice" openPane={openPane} />;
}

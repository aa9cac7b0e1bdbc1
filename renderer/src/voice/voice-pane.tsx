import type { PaneProps } from '../shell/pane-id';
import { UpcomingPane } from '../shell/upcoming-pane';

export function VoicePane(props: PaneProps) {
  return <UpcomingPane feature="voice" {...props} />;
}

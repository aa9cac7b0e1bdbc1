import type { PaneProps } from '../shell/pane-id';
import { UpcomingPane } from '../shell/upcoming-pane';

export function AssistantPane(props: PaneProps) {
  return <UpcomingPane feature="assistant" {...props} />;
}

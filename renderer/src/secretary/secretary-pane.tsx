import type { PaneProps } from '../shell/pane-id';
import { UpcomingPane } from '../shell/upcoming-pane';

export function SecretaryPane(props: PaneProps) {
  return <UpcomingPane feature="secretary" {...props} />;
}

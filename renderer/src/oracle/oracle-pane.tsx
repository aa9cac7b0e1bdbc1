import type { PaneProps } from '../shell/pane-id';
import { UpcomingPane } from '../shell/upcoming-pane';

export function OraclePane(props: PaneProps) {
  return <UpcomingPane feature="oracle" {...props} />;
}

import type { PaneProps } from '../shell/pane-id';
import { UpcomingPane } from '../shell/upcoming-pane';

export function TranslatePane(props: PaneProps) {
  return <UpcomingPane feature="translate" {...props} />;
}

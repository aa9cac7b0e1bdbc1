import type { PaneProps } from '../shell/pane-id';
import { UpcomingPane } from '../shell/upcoming-pane';

export function TranslatePane({ openPane }: PaneProps) {
  return <UpcomingPane feature="translate" openPane={openPane} />;
}

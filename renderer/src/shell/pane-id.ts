/** The panes in navigation order; Ctrl/Cmd+1.. follow this order. */
export const PANE_IDS = ['secretary', 'oracle', 'assistant', 'voice', 'translate', 'settings'] as const;
export type PaneId = (typeof PANE_IDS)[number];

/** What the shell gives every pane. */
export interface PaneProps {
  /** Switches to another pane and moves keyboard focus into it. */
  openPane(id: PaneId): void;
}

import type { SettingsSectionId } from './settings-sections';

/** The panes in navigation order; Ctrl/Cmd+1.. follow this order. */
export const PANE_IDS = ['secretary', 'oracle', 'assistant', 'voice', 'translate', 'settings'] as const;
export type PaneId = (typeof PANE_IDS)[number];

/** Where in a pane to land: a Settings section ("Set up staff sign-in" lands on sign-in, not on the top). */
export interface PaneTarget {
  readonly section?: SettingsSectionId;
}

/** Switches to another pane (at `target` when given) and moves keyboard focus into it. */
export type OpenPane = (id: PaneId, target?: PaneTarget) => void;

/** What the shell gives every pane. */
export interface PaneProps {
  readonly openPane: OpenPane;
  /** Where the pane was asked to open: a new object for every request, so asking twice lands twice. */
  readonly target?: PaneTarget;
}

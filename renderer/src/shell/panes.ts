import type { ComponentType } from 'react';
import { AssistantPane } from '../assistant/assistant-pane';
import { OraclePane } from '../oracle/oracle-pane';
import { SecretaryPane } from '../secretary/secretary-pane';
import { SettingsPane } from '../settings/settings-pane';
import { TranslatePane } from '../translate/translate-pane';
import { VoicePane } from '../voice/voice-pane';
import type { PaneId, PaneProps } from './pane-id';

export const PANE_COMPONENTS: Record<PaneId, ComponentType<PaneProps>> = {
  secretary: SecretaryPane,
  oracle: OraclePane,
  assistant: AssistantPane,
  voice: VoicePane,
  translate: TranslatePane,
  settings: SettingsPane,
};

/**
 * Panes that work only for a signed-in staff member (main refuses their channels otherwise). Settings is never
 * among them: it is where sign-in is set up.
 */
export const SIGNED_IN_PANES: ReadonlySet<PaneId> = new Set(['secretary', 'oracle', 'assistant', 'voice', 'translate']);

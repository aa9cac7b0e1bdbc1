import { BookOpenText, Inbox, Languages, Mic, Settings, Sparkles, type LucideIcon } from 'lucide-react';
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
 * How a pane uses the content area. `scroll`: a reading column, and <main> scrolls it. `fill`: a chat, whose
 * pane takes the whole height below its title and scrolls inside itself (its log), so the composer stays in view.
 */
export type PaneLayout = 'scroll' | 'fill';
export const PANE_LAYOUT: Record<PaneId, PaneLayout> = {
  secretary: 'fill',
  oracle: 'fill',
  assistant: 'fill',
  voice: 'fill',
  translate: 'scroll',
  settings: 'scroll',
};

/** One icon per pane, beside its name in the sidebar and alone in the narrow icon rail. */
export const PANE_ICONS: Record<PaneId, LucideIcon> = {
  secretary: Inbox,
  oracle: BookOpenText,
  assistant: Sparkles,
  voice: Mic,
  translate: Languages,
  settings: Settings,
};

/**
 * Panes that work only for a signed-in staff member (main refuses their channels otherwise). Settings is never
 * among them: it is where sign-in is set up.
 */
export const SIGNED_IN_PANES: ReadonlySet<PaneId> = new Set(['secretary', 'oracle', 'assistant', 'voice', 'translate']);

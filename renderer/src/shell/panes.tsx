import { BookOpenText, Inbox, Languages, Mic, Settings, Sparkles, type LucideIcon } from 'lucide-react';
import type { ComponentType } from 'react';
import type { PaneId, PaneProps } from '../navigation/pane-id';

/**
 * Each pane is its own chunk, loaded the first time it opens (pane-view.tsx): the first paint loads the shell and
 * the open pane only, and react-markdown, the Settings sections and the rest wait until they are needed.
 */
export const PANE_MODULES: Record<PaneId, () => Promise<ComponentType<PaneProps>>> = {
  secretary: () => import('../secretary/secretary-pane').then((module) => module.SecretaryPane),
  oracle: () => import('../oracle/oracle-pane').then((module) => module.OraclePane),
  // The one place that knows both panes hands push-to-talk's microphone to the Assistant's composer.
  assistant: () =>
    Promise.all([import('../assistant/assistant-pane'), import('../voice/voice-composer-tools')]).then(
      ([{ AssistantPane }, { VoiceComposerTools }]) =>
        function AssistantPaneWithMicrophone(props: PaneProps) {
          return <AssistantPane {...props} composerTools={(insert) => <VoiceComposerTools insert={insert} />} />;
        },
    ),
  voice: () => import('../voice/voice-pane').then((module) => module.VoicePane),
  translate: () => import('../translate/translate-pane').then((module) => module.TranslatePane),
  settings: () => import('../settings/settings-pane').then((module) => module.SettingsPane),
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

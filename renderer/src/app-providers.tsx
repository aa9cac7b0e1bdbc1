import type { ReactNode } from 'react';
import type { Lang } from '../../shared/lang';
import { ConversationProviders } from './conversation-providers';
import { SettingsProvider } from './settings-provider';
import { TeamProfileProvider } from './team/team-profile-context';
import { LiveCaptionsProvider } from './translate/live/live-captions-context';
import { TextTranslationProvider } from './translate/text-translation-context';
import { VoiceProvider } from './voice/voice-controller';

/**
 * What every pane of the main window finds above it: the conversations, the member's settings held in memory, then
 * push-to-talk below the Assistant's conversation (it asks there; the global shortcut works whichever pane is open),
 * the Translate pane's text and a meeting's live captions, and the team profile's preview over all of it (issue 28).
 * Tests render inside it too.
 */
export function AppProviders({ systemLang, storedLang, children }: { systemLang: Lang; storedLang?: Lang | null; children: ReactNode }) {
  return (
    <ConversationProviders systemLang={systemLang} storedLang={storedLang}>
      <SettingsProvider>
        <VoiceProvider>
          <TextTranslationProvider>
            <LiveCaptionsProvider>
              <TeamProfileProvider>{children}</TeamProfileProvider>
            </LiveCaptionsProvider>
          </TextTranslationProvider>
        </VoiceProvider>
      </SettingsProvider>
    </ConversationProviders>
  );
}

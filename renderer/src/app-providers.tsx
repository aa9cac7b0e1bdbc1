import type { ReactNode } from 'react';
import type { Lang } from '../../shared/lang';
import { AssistantConversationProvider } from './assistant/assistant-conversation';
import { AuthProvider } from './auth/auth-context';
import { LanguageProvider } from './i18n/language-context';
import { OracleConversationProvider } from './oracle/oracle-conversation';
import { SecretaryConversationProvider } from './secretary/conversation-context';
import { PlatformProvider } from './ui/platform-context';
import { LiveCaptionsProvider } from './translate/live/live-captions-context';
import { TextTranslationProvider } from './translate/text-translation-context';
import { SpeechProvider } from './voice/speech-context';
import { VoiceProvider } from './voice/voice-controller';

/**
 * What every pane finds above it: the language, the platform, the staff session and the conversations of the
 * secretary, the oracle and the assistant (kept here so that switching panes does not lose them), the spoken answer
 * and push-to-talk (the global shortcut works whichever pane is open), and the Translate pane's text and a meeting's
 * live captions. Tests render inside it too.
 */
export function AppProviders({ systemLang, children }: { systemLang: Lang; children: ReactNode }) {
  return (
    <LanguageProvider systemLang={systemLang}>
      <PlatformProvider>
        <AuthProvider>
          <SecretaryConversationProvider>
            <OracleConversationProvider>
              {/* Speech above the Assistant's conversation (its answers are spoken), push-to-talk below it (it asks there). */}
              <SpeechProvider>
                <AssistantConversationProvider>
                  <VoiceProvider>
                    <TextTranslationProvider>
                      <LiveCaptionsProvider>{children}</LiveCaptionsProvider>
                    </TextTranslationProvider>
                  </VoiceProvider>
                </AssistantConversationProvider>
              </SpeechProvider>
            </OracleConversationProvider>
          </SecretaryConversationProvider>
        </AuthProvider>
      </PlatformProvider>
    </LanguageProvider>
  );
}

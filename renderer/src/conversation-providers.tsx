import type { ReactNode } from 'react';
import type { Lang } from '../../shared/lang';
import { SpeechProvider } from './audio/speech-context';
import { AuthProvider } from './auth/auth-context';
import { AssistantConversationProvider } from './chat/assistant-conversation';
import { LanguageProvider } from './i18n/language-context';
import { OracleConversationProvider } from './oracle/oracle-conversation';
import { SecretaryConversationProvider } from './secretary/conversation-context';
import { PlatformProvider } from './ui/platform-context';

/**
 * What every window of the app finds above it: the language, the platform, the staff session and the conversations
 * of the secretary, the oracle and the assistant (kept here so that switching panes does not lose them), and the
 * spoken answer. The quick-ask window stops here: push-to-talk and captions are the main window's.
 */
export function ConversationProviders({ systemLang, storedLang, children }: { systemLang: Lang; storedLang?: Lang | null; children: ReactNode }) {
  return (
    <LanguageProvider systemLang={systemLang} storedLang={storedLang}>
      <PlatformProvider>
        <AuthProvider>
          <SecretaryConversationProvider>
            <OracleConversationProvider>
              {/* Speech above the Assistant's conversation: its answers are spoken. */}
              <SpeechProvider>
                <AssistantConversationProvider>{children}</AssistantConversationProvider>
              </SpeechProvider>
            </OracleConversationProvider>
          </SecretaryConversationProvider>
        </AuthProvider>
      </PlatformProvider>
    </LanguageProvider>
  );
}

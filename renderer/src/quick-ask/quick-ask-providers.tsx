import type { ReactNode } from 'react';
import type { Lang } from '../../../shared/lang';
import { AssistantConversationProvider } from '../assistant/assistant-conversation';
import { AuthProvider } from '../auth/auth-context';
import { LanguageProvider } from '../i18n/language-context';
import { OracleConversationProvider } from '../oracle/oracle-conversation';
import { SecretaryConversationProvider } from '../secretary/conversation-context';
import { PlatformProvider } from '../ui/platform-context';
import { SpeechProvider } from '../voice/speech-context';

/**
 * What the quick-ask page needs of the app's: the language, the platform, the staff session and the three
 * conversations it asks in (its own, held in this window). No push-to-talk and no captions: the main window runs those.
 */
export function QuickAskProviders({ systemLang, children }: { systemLang: Lang; children: ReactNode }) {
  return (
    <LanguageProvider systemLang={systemLang}>
      <PlatformProvider>
        <AuthProvider>
          <SecretaryConversationProvider>
            <OracleConversationProvider>
              {/* The Assistant's conversation speaks a voice question's answer; a typed one is never spoken. */}
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

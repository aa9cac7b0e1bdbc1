import type { ReactNode } from 'react';
import type { Lang } from '../../shared/lang';
import { AssistantConversationProvider } from './assistant/assistant-conversation';
import { AuthProvider } from './auth/auth-context';
import { LanguageProvider } from './i18n/language-context';
import { OracleConversationProvider } from './oracle/oracle-conversation';
import { SecretaryConversationProvider } from './secretary/conversation-context';
import { PlatformProvider } from './ui/platform-context';

/**
 * What every pane finds above it: the language, the platform, the staff session and the conversations of the
 * secretary, the oracle and the assistant (kept here so that switching panes does not lose them). Tests render inside it too.
 */
export function AppProviders({ systemLang, children }: { systemLang: Lang; children: ReactNode }) {
  return (
    <LanguageProvider systemLang={systemLang}>
      <PlatformProvider>
        <AuthProvider>
          <SecretaryConversationProvider>
            <OracleConversationProvider>
              <AssistantConversationProvider>{children}</AssistantConversationProvider>
            </OracleConversationProvider>
          </SecretaryConversationProvider>
        </AuthProvider>
      </PlatformProvider>
    </LanguageProvider>
  );
}

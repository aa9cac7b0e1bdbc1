import { AboutSection } from './about-section';
import { AccessSection } from './access-section';
import { AssistantPromptsSection } from './assistant-prompts-section';
import { ApiKeySection } from './api-key-section';
import { DigestScheduleSection } from './digest-schedule-section';
import { KnowledgeBaseSection } from './knowledge-base-section';
import { LanguageSection } from './language-section';
import { ModelsSection } from './models-section';
import { ZohoSection } from './zoho-section';
import './settings.css';

export function SettingsPane() {
  return (
    <div className="settings">
      <ApiKeySection />
      <AccessSection />
      <ZohoSection />
      <DigestScheduleSection />
      <KnowledgeBaseSection />
      <AssistantPromptsSection />
      <ModelsSection />
      <LanguageSection />
      <AboutSection />
    </div>
  );
}

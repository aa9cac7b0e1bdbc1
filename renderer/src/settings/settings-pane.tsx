import { AboutSection } from './about-section';
import { ApiKeySection } from './api-key-section';
import { LanguageSection } from './language-section';
import { ModelsSection } from './models-section';
import './settings.css';

export function SettingsPane() {
  return (
    <div className="settings">
      <ApiKeySection />
      <ModelsSection />
      <LanguageSection />
      <AboutSection />
    </div>
  );
}

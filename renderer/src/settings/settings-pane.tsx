import { useLayoutEffect, useMemo, type ComponentType } from 'react';
import { ApiContext, useApi } from '../api';
import { FirstRunChecklist } from '../first-run/first-run-checklist';
import { SetupStatusContext } from '../first-run/setup-status-context';
import { StartAtLoginQuestion } from '../first-run/start-at-login-question';
import { useSetupStatus } from '../first-run/use-setup-status';
import { watchSetupChanges } from '../first-run/watch-setup-changes';
import type { PaneProps } from '../navigation/pane-id';
import { SETTINGS_SECTION_IDS, type SettingsSectionId } from '../navigation/settings-sections';
import { AboutSection } from './about-section';
import { AccessSection } from './access-section';
import { AssistantPromptsSection } from './assistant-prompts-section';
import { CrashReportsSection } from './crash-reports-section';
import { ApiKeySection } from './api-key-section';
import { DesktopSection } from './desktop-section';
import { DigestScheduleSection } from './digest-schedule-section';
import { KnowledgeBaseSection } from './knowledge-base-section';
import { LanguageSection } from './language-section';
import { LockedUntilSignIn } from './locked-until-sign-in';
import { ModelsSection } from './models-section';
import { sectionAnchorId, SettingsNav } from './settings-nav';
import { ShortcutsSection } from './shortcuts-section';
import { TeamSection } from './team-section';
import { useSectionNavigation } from './use-section-navigation';
import { VoiceSection } from './voice-section';
import { ZohoSection } from './zoho-section';
import './settings.css';

const SECTIONS: Record<SettingsSectionId, ComponentType> = {
  access: AccessSection,
  gemini: ApiKeySection,
  models: ModelsSection,
  mailbox: ZohoSection,
  digest: DigestScheduleSection,
  knowledge: KnowledgeBaseSection,
  assistant: AssistantPromptsSection,
  voice: VoiceSection,
  shortcuts: ShortcutsSection,
  desktop: DesktopSection,
  language: LanguageSection,
  team: TeamSection,
  crashReports: CrashReportsSection,
  about: AboutSection,
};

/**
 * Settings: the first-run checklist until it is done, then the sections in the order a new member takes them,
 * with a list of them to move between. A pane that names a section ("Set up staff sign-in") lands on it.
 */
export function SettingsPane({ target }: PaneProps) {
  const api = useApi();
  const setup = useSetupStatus();
  const { current, anchors, show } = useSectionNavigation();
  // The sections' calls go through this api, so the checklist hears of a step done below it.
  const watched = useMemo(() => watchSetupChanges(api, setup.reload), [api, setup.reload]);

  useLayoutEffect(() => {
    if (target?.section) show(target.section);
  }, [target, show]);

  return (
    <div className="settings">
      <SettingsNav current={current} onSelect={show} />
      <div className="settings-sections">
        <StartAtLoginQuestion setup={setup} />
        <FirstRunChecklist setup={setup} onOpen={show} onDismissed={() => show(SETTINGS_SECTION_IDS[0])} />
        <SetupStatusContext value={setup}>
          <ApiContext value={watched}>
            {SETTINGS_SECTION_IDS.map((id) => {
              const Section = SECTIONS[id];
              return (
                <div key={id} id={sectionAnchorId(id)} ref={anchors[id]} className="settings-anchor">
                  <LockedUntilSignIn section={id}>
                    <Section />
                  </LockedUntilSignIn>
                </div>
              );
            })}
          </ApiContext>
        </SetupStatusContext>
      </div>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { microphoneProblemText } from '../audio/microphone-problem';
import { usePlatform } from '../ui/platform-context';
import { useErrorText } from '../ui/use-error-text';
import type { VoiceProblem } from './voice-controller';

/** Why a recording was not sent, and what to do, in one or two sentences for the line under the button. */
export function useVoiceProblemText(): (problem: VoiceProblem) => string {
  const { t } = useTranslation();
  const platform = usePlatform();
  const describe = useErrorText();
  return (problem) => {
    switch (problem.kind) {
      case 'microphone': {
        const { message, hint } = microphoneProblemText(problem.problem, platform);
        return `${t(message)} ${t(hint)}`;
      }
      case 'failed': {
        const said = describe(problem.error);
        return said.hint ? `${said.message} ${said.hint}` : said.message;
      }
      case 'too_short':
        return t('voice.pane.tooShort');
      case 'silent':
        return t('voice.pane.silent');
      case 'too_large':
        return t('voice.pane.tooLarge');
      case 'nothing_to_write':
        return t('voice.composer.nothingHeard');
    }
  };
}

import { Mic, PenLine } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { holdToTalk } from './hold-to-talk';
import { useVoice } from './voice-controller';
import { useVoiceProblemText } from './voice-problem-text';
import './voice.css';

/**
 * The Assistant's microphone, beside Ask: hold it to ask by voice (the same question the Voice pane asks), or
 * Dictate to write what is said into the box (V3), to read it over before asking.
 */
export function VoiceComposerTools({ insert }: { insert: (text: string) => void }) {
  const { t } = useTranslation();
  const voice = useVoice();
  const problemText = useVoiceProblemText();
  const { state } = voice;
  const { setDictationTarget } = voice;

  useEffect(() => {
    setDictationTarget(insert);
    return () => setDictationTarget(null);
  }, [insert, setDictationTarget]);

  const recordingAs = state.kind === 'recording' || state.kind === 'opening' ? state.mode : null;

  const note =
    state.kind === 'transcribing'
      ? t('voice.composer.transcribing')
      : state.kind === 'problem'
        ? problemText(state.problem)
        : recordingAs === 'ask'
          ? t('voice.pane.listening')
          : '';

  return (
    <>
      <span className="composer-voice-note" role="status">
        {note}
      </span>
      <button
        type="button"
        className={recordingAs === 'ask' ? 'icon-button talk-button-live' : 'icon-button'}
        aria-label={t('voice.composer.hold')}
        title={t('voice.composer.hold')}
        aria-pressed={recordingAs === 'ask'}
        disabled={recordingAs === 'dictate'}
        {...holdToTalk(voice)}
      >
        <Mic aria-hidden="true" className="button-icon" />
      </button>
      <button
        type="button"
        aria-pressed={recordingAs === 'dictate'}
        disabled={recordingAs === 'ask' || state.kind === 'transcribing'}
        onClick={() => voice.toggle('dictate')}
      >
        <PenLine aria-hidden="true" className="button-icon" />
        {recordingAs === 'dictate' ? t('voice.composer.stopDictating') : t('voice.composer.dictate')}
      </button>
    </>
  );
}

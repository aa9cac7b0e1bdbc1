import { Mic, Square } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { VOICE } from '../../../shared/limits';
import { useLevel, type LevelStore } from '../audio/level-store';
import { useSpeech, type SpeechState } from '../audio/speech-context';
import { useAssistantConversation } from '../chat/assistant-conversation';
import { isUnderway } from '../chat/conversation';
import { isolated } from '../ui/bidi-isolate';
import { useShortcutText } from '../ui/shortcut-text';
import { useShortcutStates } from '../ui/use-shortcut-states';
import { holdToTalk } from './hold-to-talk';
import { useVoice } from './voice-controller';
import { useVoiceProblemText } from './voice-problem-text';

const MS_PER_SECOND = 1000;

/**
 * Between the release and the first sound: the model still thinking (no words of the answer yet, nothing to say),
 * or its speech being prepared (words to say, not heard yet). Null once something sounds, or with nothing asked.
 */
function useAnswerWait(speech: SpeechState): 'thinking' | 'preparing' | null {
  const { exchanges } = useAssistantConversation();
  if (speech.kind === 'speaking') return speech.firstSampleAt === null ? 'preparing' : null;
  if (speech.kind === 'failed') return null;
  const asked = exchanges.findLast((exchange) => exchange.spoken === true && isUnderway(exchange.outcome));
  if (!asked) return null;
  const partial = asked.outcome.kind === 'streaming' ? asked.outcome.partial : null;
  if (partial?.listening) return null;
  if (!partial || partial.text === '') return 'thinking';
  // Words have come and are to be spoken, but no sentence of them is complete yet.
  return asked.voice?.speak ? 'preparing' : null;
}

function LevelMeter({ store, label }: { store: LevelStore; label: string }) {
  const level = useLevel(store);
  return (
    <div className="voice-level" role="meter" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(level * 100)}>
      <span className="voice-level-fill" style={{ inlineSize: `${level * 100}%` }} />
    </div>
  );
}

/**
 * The Voice pane's way to ask: a large button held with the mouse, a finger or a pen (released, the question goes;
 * dragged off and cancelled by the system, it is dropped), Enter to start and Enter again to send, a level meter and
 * the time left while recording (a countdown over the last seconds, V5), why a recording was not sent, what happens
 * between the release and the first sound (thinking, then preparing speech), and Stop while the answer plays or is
 * about to (not while the model is still thinking); speech that cannot be made is said at once, the text staying.
 */
export function PushToTalk() {
  const { t } = useTranslation();
  const voice = useVoice();
  const speech = useSpeech();
  const statusId = useId();
  const problemText = useVoiceProblemText();
  const shortcut = useShortcutStates()?.pushToTalk ?? null;
  const shortcutText = useShortcutText();
  const { state } = voice;
  const live = state.kind === 'recording' || state.kind === 'opening';
  const waiting = useAnswerWait(speech.state);

  const seconds = state.kind === 'recording' ? Math.ceil(state.remainingMs / MS_PER_SECOND) : 0;
  const status =
    state.kind === 'opening'
      ? t('voice.pane.opening')
      : state.kind === 'recording'
        ? state.remainingMs <= VOICE.recordingCountdownMs
          ? t('voice.pane.countdown', { count: seconds })
          : t('voice.pane.listening')
        : state.kind === 'problem'
          ? problemText(state.problem)
          : speech.state.kind === 'failed'
            ? t('voice.pane.speechFailed')
            : waiting === 'thinking'
              ? t('voice.pane.thinking')
              : waiting === 'preparing'
                ? t('voice.pane.preparingSpeech')
                : t('voice.pane.help');

  return (
    <div className="push-to-talk">
      <button
        type="button"
        className={live ? 'talk-button talk-button-live' : 'talk-button'}
        aria-pressed={live}
        aria-describedby={statusId}
        {...holdToTalk(voice)}
      >
        <Mic aria-hidden="true" className="talk-icon" />
        <span>{live ? t('voice.pane.release') : t('voice.pane.hold')}</span>
      </button>
      {live && <LevelMeter store={voice.level} label={t('voice.pane.level')} />}
      <p
        id={statusId}
        className={state.kind === 'problem' || speech.state.kind === 'failed' ? 'push-to-talk-status push-to-talk-problem' : 'push-to-talk-status'}
        role="status"
      >
        {status}
      </p>
      {shortcut?.state === 'registered' && shortcut.accelerator !== null && (
        <p className="push-to-talk-shortcut">{t('voice.pane.fromAnywhere', { keys: isolated(shortcutText(shortcut.accelerator)) })}</p>
      )}
      {speech.state.kind === 'speaking' && (
        <button type="button" className="button-small" onClick={() => voice.silence()}>
          <Square aria-hidden="true" className="button-icon" />
          {t('voice.pane.stopSpeaking')}
        </button>
      )}
    </div>
  );
}

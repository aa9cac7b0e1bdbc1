import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ASSISTANT } from '../../../shared/limits';
import { useSpeech } from '../audio/speech-context';
import { useAssistantConversation } from '../chat/assistant-conversation';
import { ChatPanel } from '../chat/chat-panel';
import { useAssistantChat } from '../chat/use-assistant-chat';
import type { PaneProps } from '../navigation/pane-id';
import { useSettings } from '../settings-provider';
import { ManagedNote } from '../ui/managed-note';
import { PushToTalk } from './push-to-talk';
import { useVoice } from './voice-controller';
import './voice.css';

/** Keys typed into a field are the member's words, not push-to-talk. */
function isTyping(target: EventTarget): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

/**
 * Voice (seeds 004, V1, V2): hold the button, or hold Space anywhere in the pane, ask, and hear the answer. The
 * transcript shows first, then the Assistant's answer streams in with its steps and sources and is spoken sentence by
 * sentence. It is the Assistant's own conversation: a voice question is a turn like any typed one. Escape stops
 * the speech (and a question on its way); a new push-to-talk cuts the speech too (barge-in).
 */
export function VoicePane({ openPane }: PaneProps) {
  const { t } = useTranslation();
  const voice = useVoice();
  const speech = useSpeech();
  const conversation = useAssistantConversation();
  const { notice, renderOutcome } = useAssistantChat(openPane);
  // Space held: the key repeats while held, and only its first press starts a recording.
  const spaceHeld = useRef(false);
  const features = useSettings()?.features;

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      voice.silence();
      voice.discard();
      return;
    }
    if (event.key !== ' ' || isTyping(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
    // Also keeps a focused button from "clicking" on release, and the log from scrolling.
    event.preventDefault();
    if (event.repeat || spaceHeld.current) return;
    spaceHeld.current = true;
    voice.start('ask');
  }

  function onKeyUp(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== ' ' || !spaceHeld.current) return;
    event.preventDefault();
    spaceHeld.current = false;
    voice.finish();
  }

  return (
    <div
      className="voice chat-pane"
      onKeyDown={onKeyDown}
      onKeyUp={onKeyUp}
      // The spoken answer's state, for a browser test to read (and a stylesheet to use): the player's own seam.
      data-speech={speech.state.kind}
      data-speech-playing={speech.state.playing}
      data-speech-clips={speech.state.clipsStarted}
      data-speech-first-sample={speech.state.firstSampleAt ?? undefined}
    >
      <p className="muted">{t('panes.voice.summary')}</p>
      {/* What the organization switched off (issue 28): questions are then answered in one call, and not read aloud. */}
      {features?.liveModes === false && <ManagedNote text={t('managed.liveModesOff')} />}
      {features?.spokenAnswers === false && <ManagedNote text={t('managed.spokenAnswersOff')} />}
      <ChatPanel
        heading={t('voice.pane.heading')}
        intro={t('voice.pane.intro')}
        logLabel={t('assistant.chat.log')}
        assistantName={t('assistant.chat.assistant')}
        conversation={conversation}
        questionMaxChars={ASSISTANT.messageMaxChars}
        notice={notice}
        renderOutcome={renderOutcome}
        composer={<PushToTalk />}
      />
    </div>
  );
}

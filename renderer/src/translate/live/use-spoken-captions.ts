import { useCallback, useEffect, useRef, useState } from 'react';
import type { CaptionLine } from '../../../../shared/captions';
import type { AppApi } from '../../../../shared/ipc/app-api';
import { LIVE_CAPTIONS, TRANSLATE, VOICE } from '../../../../shared/limits';
import type { AppError } from '../../../../shared/result';
import { createSpeechQueue } from '../../../../shared/speech-queue';
import { useApi } from '../../api';
import { createPcmPlayer, type PcmAnswer, type PcmPlayer } from '../../audio/pcm-player';
import { createAudioPlayer, type AudioPlayer } from '../../audio/speech-output';
import { synthesizeSpeech } from '../../audio/synthesize-speech';

interface CaptionSpeaker {
  say(text: string): void;
  stop(): void;
}

/** Lines said one after another through their own queue, skipping to the newest when speech falls behind. */
function createCaptionSpeaker(api: AppApi, player: AudioPlayer, onFailed: (error: AppError) => void): CaptionSpeaker {
  let queued = 0;
  let played = 0;
  /** The newest line beyond TRANSLATE.spokenCaptionsQueued: said when there is room, replaced by a newer one. */
  let waiting: string | null = null;
  const queue = createSpeechQueue({
    ahead: VOICE.ttsAhead,
    play: player.play,
    synthesize: synthesizeSpeech(api),
    onEvent(event) {
      if (event.kind === 'failed') onFailed(event.error);
      if (event.kind !== 'played') return;
      played += 1;
      if (waiting !== null) push(waiting);
    },
  });
  function push(text: string) {
    waiting = null;
    queued += 1;
    queue.say(text);
  }
  return {
    say(text) {
      if (queued - played < TRANSLATE.spokenCaptionsQueued) push(text);
      else waiting = text;
    },
    stop: () => queue.stop(),
  };
}

/**
 * Optional spoken translations (T2): once turned on, each line translated from then on is heard in speaking order,
 * through an audio output of its own, so it never cuts a spoken Assistant answer. A streamed session is heard in
 * the model's own translated speech (issue 25) as it comes (`stream`), skipping ahead when it falls more than
 * LIVE_CAPTIONS.spokenBehindMaxMs behind the meeting; a pause-cut line is read aloud in the voice chosen in Settings
 * (a line still being translated holds back the ones after it; a line not translated is passed over).
 * `sessionKey` changes with each new session: what the previous one still had to say is dropped.
 * Speech starts as Settings' captions default (`preferred`) until the member turns it on or off here; it stays off
 * while the machine's policy switched spoken answers off (`allowed`, issue 28).
 */
export function useSpokenCaptions(lines: readonly CaptionLine[], sessionKey: unknown, { preferred, allowed }: { preferred: boolean; allowed: boolean }) {
  const api = useApi();
  /** The member's own choice for this window's meetings; null: the default. */
  const [chosen, setChosen] = useState<boolean | null>(null);
  const on = allowed && (chosen ?? preferred);
  const [failure, setFailure] = useState<AppError | null>(null);
  const context = useRef<AudioContext | null>(null);
  const speaker = useRef<CaptionSpeaker | null>(null);
  const streamed = useRef<{ player: PcmPlayer; answer: PcmAnswer | null } | null>(null);
  /** Lines spoken, passed over, or already there when speech was turned on. */
  const handled = useRef(new Set<string>());
  const speaking = useRef(false);
  speaking.current = on;

  const silence = useCallback(() => {
    speaker.current?.stop();
    speaker.current = null;
    streamed.current?.player.stop();
    if (streamed.current) streamed.current.answer = null;
  }, []);

  /**
   * The output speech plays through, made when first needed: when the member turns speech on (within their click,
   * so the browser lets it play), or, speech being on by default, when the first words are there to say. An idle
   * pane holds no audio device open.
   */
  const audioNow = useCallback((): AudioContext => {
    context.current ??= new AudioContext();
    if (context.current.state === 'suspended') void context.current.resume();
    return context.current;
  }, []);

  /** The translation's speech as Live translation streams it; nothing while speech is off. */
  const stream = useCallback((pcm: Uint8Array) => {
    if (!speaking.current) return;
    const audio = audioNow();
    const out = (streamed.current ??= { player: createPcmPlayer(audio), answer: null });
    // Behind the meeting: what is queued is skipped, and the newest words are heard now.
    if (out.player.aheadMs() > LIVE_CAPTIONS.spokenBehindMaxMs) out.answer = null;
    (out.answer ??= out.player.begin()).push(pcm);
  }, [audioNow]);

  const speakerNow = useCallback((audio: AudioContext): CaptionSpeaker => {
    if (speaker.current) return speaker.current;
    speaker.current = createCaptionSpeaker(api, createAudioPlayer(audio), (error) => {
      silence();
      setChosen(false);
      setFailure(error);
    });
    return speaker.current;
  }, [api, silence]);

  const turn = useCallback(
    (next: boolean) => {
      silence();
      setChosen(next);
      if (!next) return;
      setFailure(null);
      audioNow();
      for (const line of lines) if (line.status !== 'translating') handled.current.add(line.id);
    },
    [lines, silence, audioNow],
  );

  useEffect(() => {
    handled.current = new Set();
    silence();
  }, [sessionKey, silence]);

  // Off by the policy, or a default turned off, while words were being said: they stop.
  useEffect(() => {
    if (!on) silence();
  }, [on, silence]);

  useEffect(() => {
    if (!on) return;
    for (const line of lines) {
      if (handled.current.has(line.id)) continue;
      // A streamed line is heard in the model's own speech, as it comes.
      if (line.streamed) continue;
      if (line.status === 'translating') break;
      handled.current.add(line.id);
      if (line.status === 'done' && line.translation.trim() !== '') speakerNow(audioNow()).say(line.translation);
    }
  }, [lines, on, speakerNow, audioNow]);

  useEffect(
    () => () => {
      silence();
      streamed.current = null;
      void context.current?.close();
      context.current = null;
    },
    [silence],
  );

  return { on, turn, failure, stream };
}

import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { VOICE } from '../../../shared/limits';
import type { AppError } from '../../../shared/result';
import { useApi } from '../api';
import { createLevelStore, type LevelStore } from '../audio/level-store';
import type { MicrophoneProblem } from '../audio/microphone-problem';
import { createLiveUplink } from '../audio/live-uplink';
import { startPcmCapture } from '../audio/pcm-capture';
import { startRecording, type Recording } from '../audio/recorder';
import { useSpeech } from '../audio/speech-context';
import { useAuth } from '../auth/auth-context';
import { useAssistantConversation } from '../chat/assistant-conversation';
import { isUnderway } from '../chat/conversation';
import { useSettings } from '../settings-provider';

/** A recording asks the Assistant (V1), or is written into the question box (dictation, V3). */
export type VoiceMode = 'ask' | 'dictate';

/** Why a recording came to nothing, in words the pane can say. */
export type VoiceProblem =
  | { readonly kind: 'microphone'; readonly problem: MicrophoneProblem }
  | { readonly kind: 'too_short' | 'silent' | 'too_large' | 'nothing_to_write' }
  | { readonly kind: 'failed'; readonly error: AppError };

export type VoiceState =
  | { readonly kind: 'idle' }
  | { readonly kind: 'opening'; readonly mode: VoiceMode }
  | { readonly kind: 'recording'; readonly mode: VoiceMode; readonly remainingMs: number }
  | { readonly kind: 'transcribing' }
  | { readonly kind: 'problem'; readonly problem: VoiceProblem };

export interface VoiceController {
  readonly state: VoiceState;
  /** The microphone's level while recording, 0 to 1, for a meter that re-renders alone. */
  readonly level: LevelStore;
  /** Opens the microphone (a new push-to-talk also cuts the answer being spoken: barge-in). */
  start(mode: VoiceMode): void;
  /** Ends the recording and sends it. */
  finish(): void;
  /** Ends the recording and throws it away. */
  discard(): void;
  /** Starts a question, or finishes the one recording: the global shortcut, and Enter on the talk button. */
  toggle(mode: VoiceMode): void;
  /** Where dictated words go (the Assistant's question box while it is on screen); null: nowhere. */
  setDictationTarget(insert: ((text: string) => void) | null): void;
  /**
   * Escape and Stop speaking: the answer goes silent at once, and one still coming over Live is stopped at the
   * model too (its audio and its words are one).
   */
  silence(): void;
}

const VoiceContext = createContext<VoiceController | null>(null);

export function useVoice(): VoiceController {
  const voice = use(VoiceContext);
  if (!voice) throw new Error('useVoice() needs a <VoiceProvider> above it (see AppProviders).');
  return voice;
}

const IDLE: VoiceState = { kind: 'idle' };

/**
 * One press of push-to-talk, however it records: a live question's frames go to main as they are captured (issue
 * 24); a dictation is recorded whole, then written out.
 */
interface Take {
  /** Ends it and sends it (a dictation), or completes it (a live question); resolves with why nothing was sent. */
  finish(): Promise<VoiceProblem | null>;
  /** Throws it away; the microphone goes off at once. */
  discard(): void;
  readonly autoStopped: Promise<void>;
}

/**
 * Push-to-talk (V1, V5), one recording at a time, wherever it was started: the Voice pane's button or Space, the
 * Assistant's microphone, or the global shortcut with the window hidden. Main is told while the microphone is live,
 * so the tray and the on-top indicator can show it. A recording never leaves memory: it goes to main and is let go.
 */
export function VoiceProvider({ children }: { children: ReactNode }) {
  const api = useApi();
  const { status } = useAuth();
  const conversation = useAssistantConversation();
  const speech = useSpeech();
  const settings = useSettings();
  const [state, setState] = useState<VoiceState>(IDLE);
  const level = useMemo(() => createLevelStore(), []);
  const recording = useRef<{ mode: VoiceMode; take: Take | null; wanted: 'finish' | 'discard' | null } | null>(null);
  const dictationTarget = useRef<((text: string) => void) | null>(null);
  // The latest of each, for callbacks that outlive a render (the recorder's, the shortcut's).
  const latest = useRef({ conversation, speech, settings });
  latest.current = { conversation, speech, settings };

  const microphoneLive = useCallback((live: boolean) => void api.voice.microphone({ live }), [api]);

  const end = useCallback(
    async (take: Take, how: 'finish' | 'discard') => {
      recording.current = null;
      level.set(0);
      if (how === 'discard') {
        take.discard();
        microphoneLive(false);
        setState(IDLE);
        return;
      }
      const problem = await take.finish();
      microphoneLive(false);
      setState(problem === null ? IDLE : { kind: 'problem', problem });
    },
    [level, microphoneLive],
  );

  /**
   * Issue 24: the question is asked at the press, and its audio streams to main while it is spoken, so its words
   * show as they are heard and the answer starts within a breath of the release.
   */
  const openLiveQuestion = useCallback(
    async (options: { deviceId: string | null; onTick: (remainingMs: number) => void }) => {
      const uplink = createLiveUplink(api);
      const opened = await startPcmCapture({
        deviceId: options.deviceId,
        onLevel: level.set,
        onTick: ({ remainingMs }) => options.onTick(remainingMs),
        onFrame: (frame) => uplink.send(frame.pcm),
      });
      if (!opened.ok) return opened;
      const capture = opened.value;
      const { conversation: current, settings: stored } = latest.current;
      // A question still on its way gives way to the new one, as speech does (barge-in).
      if (current.busy) current.cancel();
      // Settings not known: spoken, as answers are by default.
      current.ask('', { live: uplink, speak: stored?.voice.spokenAnswers ?? true });
      const take: Take = {
        async finish() {
          // The answer is waited for from here: the question is complete now, not once the audio thread hands
          // over the last few milliseconds of the release.
          const result = capture.stopNow();
          if (result.kind === 'captured') {
            uplink.release();
            return null;
          }
          // Too short or silent: nothing worth an answer was said, and the question leaves no trace.
          latest.current.conversation.withdraw();
          return result.kind === 'cancelled' ? null : { kind: result.kind };
        },
        discard() {
          capture.cancel();
          latest.current.conversation.withdraw();
        },
        autoStopped: capture.autoStopped,
      };
      return { ok: true as const, value: take };
    },
    [api, level],
  );

  /** V3: a dictation is recorded whole, transcribed, and written where the member was typing. */
  const openDictation = useCallback(
    async (options: { deviceId: string | null; onTick: (remainingMs: number) => void }) => {
      const opened = await startRecording({
        deviceId: options.deviceId,
        onLevel: level.set,
        onTick: ({ remainingMs }) => options.onTick(remainingMs),
      });
      if (!opened.ok) return opened;
      const handle: Recording = opened.value;
      const take: Take = {
        async finish() {
          const result = await handle.stop();
          if (result.kind === 'cancelled') return null;
          if (result.kind !== 'clip') return { kind: result.kind };
          setState({ kind: 'transcribing' });
          const heard = await api.voice.stt({ audio: result.clip });
          if (!heard.ok) return { kind: 'failed', error: heard.error };
          if (heard.value.text === '') return { kind: 'nothing_to_write' };
          dictationTarget.current?.(heard.value.text);
          return null;
        },
        discard: () => handle.cancel(),
        autoStopped: handle.autoStopped,
      };
      return { ok: true as const, value: take };
    },
    [api, level],
  );

  const signedIn = status?.state === 'signed_in';
  const start = useCallback(
    (mode: VoiceMode) => {
      // Only a member may ask (main refuses the rest); signed out, the Voice pane shows the way to sign in.
      if (recording.current || !signedIn) return;
      latest.current.speech.stop();
      const mine = { mode, take: null as Take | null, wanted: null as 'finish' | 'discard' | null };
      recording.current = mine;
      setState({ kind: 'opening', mode });
      void (async () => {
        const open = mode === 'ask' ? openLiveQuestion : openDictation;
        const opened = await open({
          // Settings not known: the system's default microphone.
          deviceId: latest.current.settings?.voice.microphoneId ?? null,
          onTick: (remainingMs) => {
            if (recording.current === mine) setState({ kind: 'recording', mode, remainingMs });
          },
        });
        if (!opened.ok) {
          if (recording.current === mine) recording.current = null;
          return setState({ kind: 'problem', problem: { kind: 'microphone', problem: opened.problem } });
        }
        const take = opened.value;
        mine.take = take;
        microphoneLive(true);
        // Released before the microphone opened: what was asked for then is done now.
        if (mine.wanted) return void end(take, mine.wanted);
        setState({ kind: 'recording', mode, remainingMs: VOICE.recordingMaxMs });
        // At the limit the recording ends by itself, and is sent like one the member ended (V5).
        void take.autoStopped.then(() => {
          if (recording.current === mine) void end(take, 'finish');
        });
      })();
    },
    [microphoneLive, end, signedIn, openLiveQuestion, openDictation],
  );

  const stopTaking = useCallback(
    (how: 'finish' | 'discard') => {
      const current = recording.current;
      if (!current) return;
      if (current.take) void end(current.take, how);
      else current.wanted = how;
    },
    [end],
  );

  const finish = useCallback(() => stopTaking('finish'), [stopTaking]);
  const discard = useCallback(() => stopTaking('discard'), [stopTaking]);
  const toggle = useCallback((mode: VoiceMode) => (recording.current ? stopTaking('finish') : start(mode)), [stopTaking, start]);

  // The push-to-talk shortcut or the tray (main hears them even with the window hidden): a voice question, toggled.
  // Subscribed once and reading the latest toggle: a press just after sign-in, before this render's effects ran,
  // must not meet the signed-out one.
  const latestToggle = useRef(toggle);
  latestToggle.current = toggle;
  useEffect(() => api.on('desktop:command', ({ command }) => command === 'pushToTalk' && latestToggle.current('ask')), [api]);

  // Signing out ends a recording: it belongs to the member who made it.
  useEffect(() => {
    if (!signedIn) discard();
  }, [signedIn, discard]);

  const silence = useCallback(() => {
    const { speech: current, conversation: asked } = latest.current;
    current.stop();
    const live = asked.exchanges.some((exchange) => isUnderway(exchange.outcome) && exchange.voice !== undefined && 'live' in exchange.voice);
    if (live) asked.cancel();
  }, []);

  const value = useMemo<VoiceController>(
    () => ({
      silence,
      state,
      level,
      start,
      finish,
      discard,
      toggle,
      setDictationTarget: (insert) => {
        dictationTarget.current = insert;
      },
    }),
    [state, level, start, finish, discard, toggle, silence],
  );
  return <VoiceContext value={value}>{children}</VoiceContext>;
}

import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { VOICE } from '../../../shared/limits';
import type { AppError } from '../../../shared/result';
import { useApi } from '../api';
import { createLevelStore, type LevelStore } from '../audio/level-store';
import type { MicrophoneProblem } from '../audio/microphone-problem';
import { startRecording, type Recording } from '../audio/recorder';
import { useSpeech } from '../audio/speech-context';
import { useAuth } from '../auth/auth-context';
import { useAssistantConversation } from '../chat/assistant-conversation';
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
}

const VoiceContext = createContext<VoiceController | null>(null);

export function useVoice(): VoiceController {
  const voice = use(VoiceContext);
  if (!voice) throw new Error('useVoice() needs a <VoiceProvider> above it (see AppProviders).');
  return voice;
}

const IDLE: VoiceState = { kind: 'idle' };

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
  const recording = useRef<{ mode: VoiceMode; handle: Recording | null; wanted: 'finish' | 'discard' | null } | null>(null);
  const dictationTarget = useRef<((text: string) => void) | null>(null);
  // The latest of each, for callbacks that outlive a render (the recorder's, the shortcut's).
  const latest = useRef({ conversation, speech, settings });
  latest.current = { conversation, speech, settings };

  const microphoneLive = useCallback((live: boolean) => void api.voice.microphone({ live }), [api]);

  const send = useCallback(
    async (mode: VoiceMode, handle: Recording, how: 'finish' | 'discard') => {
      recording.current = null;
      level.set(0);
      if (how === 'discard') {
        handle.cancel();
        microphoneLive(false);
        setState(IDLE);
        return;
      }
      const result = await handle.stop();
      microphoneLive(false);
      if (result.kind === 'cancelled') return setState(IDLE);
      if (result.kind !== 'clip') return setState({ kind: 'problem', problem: { kind: result.kind } });
      if (mode === 'ask') {
        const { conversation: current, settings: stored } = latest.current;
        // Settings not known: spoken, as answers are by default.
        const speak = stored?.voice.spokenAnswers ?? true;
        // A question still on its way gives way to the new one, as speech does.
        if (current.busy) current.cancel();
        current.ask('', { audio: result.clip, speak });
        return setState(IDLE);
      }
      setState({ kind: 'transcribing' });
      const heard = await api.voice.stt({ audio: result.clip });
      if (!heard.ok) return setState({ kind: 'problem', problem: { kind: 'failed', error: heard.error } });
      if (heard.value.text === '') return setState({ kind: 'problem', problem: { kind: 'nothing_to_write' } });
      dictationTarget.current?.(heard.value.text);
      setState(IDLE);
    },
    [api, level, microphoneLive],
  );

  const signedIn = status?.state === 'signed_in';
  const start = useCallback(
    (mode: VoiceMode) => {
      // Only a member may ask (main refuses the rest); signed out, the Voice pane shows the way to sign in.
      if (recording.current || !signedIn) return;
      latest.current.speech.stop();
      const mine = { mode, handle: null as Recording | null, wanted: null as 'finish' | 'discard' | null };
      recording.current = mine;
      setState({ kind: 'opening', mode });
      void (async () => {
        const opened = await startRecording({
          // Settings not known: the system's default microphone.
          deviceId: latest.current.settings?.voice.microphoneId ?? null,
          onLevel: level.set,
          onTick: ({ remainingMs }) => {
            if (recording.current === mine) setState({ kind: 'recording', mode, remainingMs });
          },
        });
        if (!opened.ok) {
          if (recording.current === mine) recording.current = null;
          return setState({ kind: 'problem', problem: { kind: 'microphone', problem: opened.problem } });
        }
        const handle = opened.value;
        mine.handle = handle;
        microphoneLive(true);
        // Released before the microphone opened: what was asked for then is done now.
        if (mine.wanted) return void send(mode, handle, mine.wanted);
        setState({ kind: 'recording', mode, remainingMs: VOICE.recordingMaxMs });
        // At the limit the recording ends by itself, and is sent like one the member ended (V5).
        void handle.autoStopped.then(() => {
          if (recording.current === mine) void send(mode, handle, 'finish');
        });
      })();
    },
    [level, microphoneLive, send, signedIn],
  );

  const end = useCallback(
    (how: 'finish' | 'discard') => {
      const current = recording.current;
      if (!current) return;
      if (current.handle) void send(current.mode, current.handle, how);
      else current.wanted = how;
    },
    [send],
  );

  const finish = useCallback(() => end('finish'), [end]);
  const discard = useCallback(() => end('discard'), [end]);
  const toggle = useCallback((mode: VoiceMode) => (recording.current ? end('finish') : start(mode)), [end, start]);

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

  const value = useMemo<VoiceController>(
    () => ({
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
    [state, level, start, finish, discard, toggle],
  );
  return <VoiceContext value={value}>{children}</VoiceContext>;
}

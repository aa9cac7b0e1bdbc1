import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { AudioClip } from '../../../shared/audio';
import { err, type AppError, type Result } from '../../../shared/result';
import type { LiveUplink } from '../audio/live-uplink';
import { useSessionOwner } from '../auth/use-session-owner';
import { waitEnd } from '../ui/countdown';

/**
 * How a question ended, or how far it has come: pending, then (for a channel that streams) streaming with what has
 * arrived so far, then answered, degraded (main could only fall back: G3), cancelled or failed. A question stopped
 * while streaming keeps what had arrived, so the member still sees it.
 */
export type Outcome<A, P = never> =
  | { readonly kind: 'pending' }
  | { readonly kind: 'streaming'; readonly partial: P }
  | { readonly kind: 'answered'; readonly answer: A }
  | { readonly kind: 'degraded'; readonly answer: A }
  | { readonly kind: 'cancelled'; readonly partial?: P }
  /** `at`: when the refusal came (epoch ms), which a wait it asks for counts from, whichever pane is shown. */
  | { readonly kind: 'failed'; readonly error: AppError; readonly at: number; readonly partial?: P };

/**
 * A question asked by voice (V1): the recording goes to main in its place, and its words come back as the
 * transcript, which then stands for the question (on screen and in the history). `speak`: answer aloud (V2).
 */
export type VoiceQuestion =
  | { readonly audio: AudioClip; readonly speak: boolean }
  /** Issue 24: asked while it is spoken, its audio going to main as it is captured (the Assistant only). */
  | { readonly live: LiveUplink; readonly speak: boolean };

/** One question and what came of it; `id` is also the requestId that cancels it. */
export interface Exchange<A, P = never> {
  readonly id: string;
  /** For a voice question, '' until its transcript arrives. */
  readonly question: string;
  readonly outcome: Outcome<A, P>;
  /** Asked by voice: shown as such for good, whatever became of the recording. */
  readonly spoken?: boolean;
  /** Held in memory while the question may still be asked again (failed, cancelled), then let go. */
  readonly voice?: VoiceQuestion;
}

export interface Conversation<A, P = never> {
  readonly exchanges: readonly Exchange<A, P>[];
  /** A question is on its way: one at a time. */
  readonly busy: boolean;
  /** New conversation cleared one that `restore` can still bring back. */
  readonly restorable: boolean;
  /** A typed question, or a spoken one (`voice`, with `question` '' until the transcript names it). */
  ask(question: string, voice?: VoiceQuestion): void;
  /** Asks a failed or cancelled question again, as the newest, in the place of the attempt that did not answer. */
  retry(id: string): void;
  /** Abandons the question on its way; its answer, if one still comes, is not shown. */
  cancel(): void;
  /** Takes the question on its way back as if never asked (a voice question too short or silent to send). */
  withdraw(): void;
  /**
   * Clears the conversation (abandoning a question on its way): the next question starts a new topic. What was
   * cleared is held, in memory like the rest, until the next question or `forget`, so that `restore` can undo it.
   */
  startOver(): void;
  /** Brings back the conversation New conversation cleared. */
  restore(): void;
  /** Lets go of the cleared conversation: it can no longer be brought back. */
  forget(): void;
  /** An answer's words, as a screen reader is told them when it ends. */
  answerText(answer: A): string;
}

/**
 * Whether Retry can ask it again: a failed or cancelled question with its words, or a recording that still fits
 * (a live question longer than a recording may be, whose words never came back, cannot be asked again).
 */
export function canAskAgain<A, P>(exchange: Exchange<A, P>): boolean {
  if (!isRetryable(exchange.outcome)) return false;
  if (exchange.question !== '') return true;
  return exchange.voice !== undefined && (!('live' in exchange.voice) || exchange.voice.live.hasRecording());
}

/** When a refused question may be asked again (epoch ms), if its refusal asked for a wait (G9). */
export function askAgainFrom<A, P>(outcome: Outcome<A, P>): number | null {
  return outcome.kind === 'failed' ? waitEnd(outcome.error, outcome.at) : null;
}

function isRetryable<A, P>(outcome: Outcome<A, P>): boolean {
  return outcome.kind === 'failed' || outcome.kind === 'cancelled';
}

/** A prior turn as main takes it in `history`. */
export interface Turn {
  readonly role: 'user' | 'assistant';
  readonly content: string;
}

/** What main accepts of a conversation's history (S2, O1). */
export interface HistoryLimits {
  readonly messageMaxChars: number;
  readonly maxMessages: number;
}

/**
 * What the model sees of the conversation: the answered turns only (a cancelled, failed or degraded question has no
 * answer of the model's to pair with, and main refuses an empty turn), each cut to what main accepts, and only the
 * last `maxMessages`.
 */
export function historyOf<A, P>(
  exchanges: readonly Exchange<A, P>[],
  answerText: (answer: A) => string,
  limits: HistoryLimits,
): Turn[] {
  const cut = (content: string) => content.slice(0, limits.messageMaxChars);
  return exchanges
    .flatMap(({ question, outcome }) => {
      // A voice question whose words never came back has nothing to stand for it in the history.
      if (outcome.kind !== 'answered' || question.trim() === '') return [];
      const answer = cut(answerText(outcome.answer));
      return answer.trim() === ''
        ? []
        : [
            { role: 'user' as const, content: cut(question) },
            { role: 'assistant' as const, content: answer },
          ];
    })
    .slice(-limits.maxMessages);
}

/** What a streamed question's call settles with when the member stopped it: the conversation has already said so. */
export const STOPPED = err('UPSTREAM', 'The request was cancelled.', { reason: 'cancelled' });

/** How a pane's conversation reaches main. Keep it stable between renders (useMemo), like any dependency. */
export interface ConversationChannel<A, P = never> {
  /**
   * `onProgress` hears what has arrived so far, each time more has (a channel that does not stream never calls it);
   * `onTranscript`, for a voice question, the words the member said, as soon as main has them.
   */
  ask(
    input: { question: string; history: Turn[]; requestId: string; voice?: VoiceQuestion },
    onProgress: (partial: P) => void,
    onTranscript?: (text: string) => void,
  ): Promise<Result<A>>;
  cancel(requestId: string): void;
  /** The answer's words, as the next question's history carries them. */
  answerText(answer: A): string;
  /** An answer main could only fall back to (G3): shown as such, and kept out of the next question's history. */
  isDegraded?(answer: A): boolean;
  readonly limits: HistoryLimits;
}

interface Held<A, P> {
  /** useSessionOwner's number for the member it belongs to. */
  readonly owner: number;
  readonly exchanges: readonly Exchange<A, P>[];
  /** What New conversation cleared, until the next question. */
  readonly cleared: readonly Exchange<A, P>[] | null;
}

/**
 * The latest partial answer of each question, shown at the next animation frame (G8: however many chunks arrive
 * in between, the page renders once a frame). `show` must be stable (useCallback).
 */
function useFrameBatch<P>(show: (id: string, partial: P) => void) {
  const waiting = useRef(new Map<string, P>());
  const frame = useRef<number | null>(null);
  useEffect(() => () => {
    if (frame.current !== null) cancelAnimationFrame(frame.current);
  }, []);
  return useCallback(
    (id: string, partial: P) => {
      waiting.current.set(id, partial);
      frame.current ??= requestAnimationFrame(() => {
        frame.current = null;
        for (const [waitingId, latest] of waiting.current) show(waitingId, latest);
        waiting.current.clear();
      });
    },
    [show],
  );
}

/**
 * S12: a conversation lives in React state and nowhere else (no storage, no main). It belongs to the member who had
 * it: signing out, an ended session or another member forgets it.
 */
export function isUnderway<A, P>(outcome: Outcome<A, P>): outcome is Extract<Outcome<A, P>, { kind: 'pending' | 'streaming' }> {
  return outcome.kind === 'pending' || outcome.kind === 'streaming';
}

/** What had arrived of an answer that will not be finished, to keep on screen. */
function partialOf<A, P>(outcome: Outcome<A, P>): { partial?: P } {
  return outcome.kind === 'streaming' ? { partial: outcome.partial } : {};
}

/** A question stopped on its way, with what had arrived of its answer. */
function recordingOf(voice: { live: LiveUplink; speak: boolean }): VoiceQuestion | undefined {
  const audio = voice.live.recording();
  return audio ? { audio, speak: voice.speak } : undefined;
}

function cancelled<A, P>(outcome: Outcome<A, P>): Outcome<A, P> {
  return { kind: 'cancelled', ...partialOf(outcome) };
}

function useMemberConversation<A, P>(channel: ConversationChannel<A, P>): Conversation<A, P> {
  const owner = useSessionOwner();
  const [held, setHeld] = useState<Held<A, P>>({ owner, exchanges: [], cleared: null });
  // Adjusting state while rendering (React's pattern for state that follows a prop): nothing stale is ever shown.
  if (held.owner !== owner) setHeld({ owner, exchanges: [], cleared: null });
  const exchanges = held.owner === owner ? held.exchanges : [];
  const restorable = held.owner === owner && held.cleared !== null;
  const pending = exchanges.find((exchange) => isUnderway(exchange.outcome));

  /** Moves an exchange still underway on; one that has ended (cancelled, say) keeps its end. */
  const advance = useCallback((id: string, next: (outcome: Outcome<A, P>) => Outcome<A, P>) => {
    setHeld((current) => ({
      ...current,
      exchanges: current.exchanges.map((exchange) =>
        exchange.id === id && isUnderway(exchange.outcome) ? { ...exchange, outcome: next(exchange.outcome) } : exchange,
      ),
    }));
  }, []);

  /** Changes an exchange whatever its outcome: its transcript has come, or its recording is no longer needed. */
  const revise = useCallback((id: string, change: Partial<Exchange<A, P>>) => {
    setHeld((current) => ({
      ...current,
      exchanges: current.exchanges.map((exchange) => (exchange.id === id ? { ...exchange, ...change } : exchange)),
    }));
  }, []);

  const stream = useCallback((id: string, partial: P) => advance(id, () => ({ kind: 'streaming', partial })), [advance]);
  const progress = useFrameBatch(stream);

  const ask = useCallback(
    (question: string, voice?: VoiceQuestion) => {
      const id = crypto.randomUUID();
      const history = historyOf(exchanges, channel.answerText, channel.limits);
      // Asking is the end of what New conversation could still bring back.
      setHeld((current) => ({
        ...current,
        exchanges: [...current.exchanges, { id, question, outcome: { kind: 'pending' }, ...(voice ? { voice, spoken: true } : {}) }],
        cleared: null,
      }));
      // No `voice` key at all for a typed question: the Secretary and the Oracle pass the input on to main's strict schemas.
      void channel
        .ask({ question, history, requestId: id, ...(voice ? { voice } : {}) }, (partial) => progress(id, partial), (text) =>
          revise(id, { question: text }),
        )
        .then((result) => {
          advance(id, (outcome): Outcome<A, P> => {
            if (!result.ok) return { kind: 'failed', error: result.error, at: Date.now(), ...partialOf(outcome) };
            return { kind: channel.isDegraded?.(result.value) ? 'degraded' : 'answered', answer: result.value };
          });
          // Answered, a recording is not needed again: only a question that may be asked again keeps it.
          if (result.ok && voice) revise(id, { voice: undefined });
        });
    },
    [channel, exchanges, advance, progress, revise],
  );

  const retry = useCallback(
    (id: string) => {
      const attempt = exchanges.find((exchange) => exchange.id === id);
      if (!attempt || pending || !canAskAgain(attempt)) return;
      setHeld((current) => ({ ...current, exchanges: current.exchanges.filter((exchange) => exchange.id !== id) }));
      // A recording is asked again as a recording: its transcript, if one came, comes again. A question that went
      // live is asked again as the recording it made.
      const voice = attempt.voice && 'live' in attempt.voice ? recordingOf(attempt.voice) : attempt.voice;
      if (voice) ask('', voice);
      else if (attempt.question !== '') ask(attempt.question);
    },
    [exchanges, pending, ask],
  );

  const cancel = useCallback(() => {
    if (!pending) return;
    advance(pending.id, cancelled);
    channel.cancel(pending.id);
  }, [channel, pending, advance]);

  const withdraw = useCallback(() => {
    if (!pending) return;
    channel.cancel(pending.id);
    setHeld((current) => ({ ...current, exchanges: current.exchanges.filter((exchange) => exchange.id !== pending.id) }));
  }, [channel, pending]);

  const startOver = useCallback(() => {
    if (pending) channel.cancel(pending.id);
    setHeld((current): Held<A, P> => {
      if (current.exchanges.length === 0) return current;
      // Brought back, the abandoned question reads as cancelled: its answer, if one comes, is not shown.
      const stopped = current.exchanges.map((exchange) =>
        isUnderway(exchange.outcome) ? { ...exchange, outcome: cancelled<A, P>(exchange.outcome) } : exchange,
      );
      return { ...current, exchanges: [], cleared: stopped };
    });
  }, [channel, pending]);

  const restore = useCallback(() => {
    setHeld((current) =>
      current.cleared && current.exchanges.length === 0 ? { ...current, exchanges: current.cleared, cleared: null } : current,
    );
  }, []);

  const forget = useCallback(() => setHeld((current) => ({ ...current, cleared: null })), []);

  return useMemo(
    () => ({
      exchanges,
      busy: pending !== undefined,
      restorable,
      ask,
      retry,
      cancel,
      withdraw,
      startOver,
      restore,
      forget,
      answerText: channel.answerText,
    }),
    [exchanges, pending, restorable, ask, retry, cancel, withdraw, startOver, restore, forget, channel],
  );
}

/**
 * A pane's conversation, held above the panes (in AppProviders) so that a visit to another pane does not lose it.
 * `useChannel` is a hook that returns the pane's way to main.
 */
export function createConversationContext<A, P = never>(name: string, useChannel: () => ConversationChannel<A, P>) {
  const Context = createContext<Conversation<A, P> | null>(null);

  function ConversationProvider({ children }: { children: ReactNode }) {
    return <Context value={useMemberConversation(useChannel())}>{children}</Context>;
  }

  function useConversation(): Conversation<A, P> {
    const conversation = use(Context);
    if (!conversation) throw new Error(`${name} needs its conversation provider above it (see AppProviders).`);
    return conversation;
  }

  return { ConversationProvider, useConversation };
}

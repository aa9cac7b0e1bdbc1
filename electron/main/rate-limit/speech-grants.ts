import type { Lang } from '../../../shared/lang';
import { ASSISTANT, VOICE } from '../../../shared/limits';
import { createSentenceStream, type SentenceStream } from '../../../shared/speech-sentences';

/**
 * G9: a voice question counts once against the AI channel's limit, its spoken answer included, and nothing more.
 * When the Assistant takes one, it grants its request id to the member and hands the grant the answer as main
 * streams it; a `voice:tts` call that names the request as `answerOf` is then free when its text is part of that
 * answer as the renderer speaks it (shared/speech-sentences.ts cuts both), for at most as many calls as the answer
 * has sentences and no more text than it holds. The grant ends when the finished answer is all spoken, or after
 * VOICE.speechGrantMs; any other call is the member's to pay for like one that names no question.
 */
export interface SpeechGrants {
  /** Grants a voice question's answer, spoken in `lang`; what main streams of the answer goes to the returned grant. */
  grant(memberEmail: string, requestId: string, lang: Lang): AnswerGrant;
  /** Whether the grant covers speaking `text`; a covered text is counted against the grant. */
  use(memberEmail: string, requestId: string, text: string): boolean;
}

export interface AnswerGrant {
  /** More of the answer, exactly as it is streamed to the renderer. */
  add(text: string): void;
  /** The answer ended: its last sentence is spoken only when it is `complete`, as the renderer does. */
  end(complete: boolean): void;
}

export interface SpeechGrantsDeps {
  /** Epoch milliseconds. */
  now: () => number;
}

/**
 * As many questions as the limiter lets one member ask while a grant lasts: more live grants than that would be
 * ones no admitted question needs, so the oldest are dropped.
 */
const MAX_GRANTS = ASSISTANT.rateLimitPerMinute * Math.ceil(VOICE.speechGrantMs / ASSISTANT.rateLimitWindowMs);

interface Grant {
  readonly expiresAt: number;
  readonly sentences: SentenceStream;
  /** The answer's sentences so far as the renderer will send them, one space between two. */
  spoken: string;
  sentenceCount: number;
  calls: number;
  charsSpoken: number;
  finished: boolean;
}

/** The renderer's sentences hold single spaces and no space at either end; a text to speak is compared as one. */
const normalized = (text: string) => text.replace(/\s+/g, ' ').trim();

export function createSpeechGrants(deps: SpeechGrantsDeps): SpeechGrants {
  // In the order they were made: all last as long, so the expired ones are the first.
  const grants = new Map<string, Grant>();
  const keyOf = (memberEmail: string, requestId: string) => JSON.stringify([memberEmail, requestId]);

  function dropExpired(at: number) {
    for (const [key, grant] of grants) {
      if (grant.expiresAt > at) return;
      grants.delete(key);
    }
  }

  const usedUp = (grant: Grant) =>
    grant.finished && (grant.calls >= grant.sentenceCount || grant.charsSpoken >= grant.spoken.length);

  function append(grant: Grant, sentences: readonly string[]) {
    for (const sentence of sentences) {
      grant.spoken = grant.spoken === '' ? sentence : `${grant.spoken} ${sentence}`;
      grant.sentenceCount += 1;
    }
  }

  return {
    grant(memberEmail, requestId, lang) {
      const at = deps.now();
      dropExpired(at);
      const key = keyOf(memberEmail, requestId);
      const grant: Grant = {
        expiresAt: at + VOICE.speechGrantMs,
        sentences: createSentenceStream(lang),
        spoken: '',
        sentenceCount: 0,
        calls: 0,
        charsSpoken: 0,
        finished: false,
      };
      grants.delete(key);
      grants.set(key, grant);
      for (const oldest of grants.keys()) {
        if (grants.size <= MAX_GRANTS) break;
        grants.delete(oldest);
      }
      return {
        add: (text) => {
          if (!grant.finished) append(grant, grant.sentences.push(text));
        },
        end: (complete) => {
          if (grant.finished) return;
          append(grant, complete ? grant.sentences.flush() : []);
          grant.finished = true;
          if (usedUp(grant) && grants.get(key) === grant) grants.delete(key);
        },
      };
    },

    use(memberEmail, requestId, text) {
      dropExpired(deps.now());
      const key = keyOf(memberEmail, requestId);
      const grant = grants.get(key);
      if (!grant) return false;
      const said = normalized(text);
      const covered =
        grant.calls < grant.sentenceCount &&
        grant.charsSpoken + said.length <= grant.spoken.length &&
        grant.spoken.includes(said);
      if (!covered) return false;
      grant.calls += 1;
      grant.charsSpoken += said.length;
      if (usedUp(grant)) grants.delete(key);
      return true;
    },
  };
}

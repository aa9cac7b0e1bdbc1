import { ASSISTANT, VOICE } from '../../../shared/limits';

/**
 * G9: a voice question counts once against the AI channel's limit, its spoken answer included. When the
 * Assistant admits one, it grants its request id to the member; `voice:tts` calls that name it as `answerOf`
 * are then part of that question and cost nothing more, for VOICE.speechGrantMs.
 */
export interface SpeechGrants {
  grant(memberEmail: string, requestId: string): void;
  /** Takes a grant back (the question it was made for was refused after all). */
  revoke(memberEmail: string, requestId: string): void;
  covers(memberEmail: string, requestId: string): boolean;
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

export function createSpeechGrants(deps: SpeechGrantsDeps): SpeechGrants {
  // In the order they were made, each with its expiry: all last as long, so the expired ones are the first.
  const grants = new Map<string, number>();
  const keyOf = (memberEmail: string, requestId: string) => JSON.stringify([memberEmail, requestId]);

  function dropExpired(at: number) {
    for (const [key, expiresAt] of grants) {
      if (expiresAt > at) return;
      grants.delete(key);
    }
  }

  return {
    grant(memberEmail, requestId) {
      const at = deps.now();
      dropExpired(at);
      const key = keyOf(memberEmail, requestId);
      grants.delete(key);
      grants.set(key, at + VOICE.speechGrantMs);
      for (const oldest of grants.keys()) {
        if (grants.size <= MAX_GRANTS) break;
        grants.delete(oldest);
      }
    },
    revoke(memberEmail, requestId) {
      grants.delete(keyOf(memberEmail, requestId));
    },
    covers(memberEmail, requestId) {
      dropExpired(deps.now());
      return grants.has(keyOf(memberEmail, requestId));
    },
  };
}

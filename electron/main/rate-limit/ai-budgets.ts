import { ASSISTANT, GEMINI, LIVE_CAPTIONS, ORACLE, TRANSLATE } from '../../../shared/limits';
import { createAiChannelLimiter, type AiChannelLimiter } from './ai-channel-limiter';

/** The AI channel's budget the Assistant counts against; Voice asks through the Assistant and shares it (G9). */
export const ASSISTANT_BUDGET = 'assistant';
/** G9, T2: Translate's own budget of the AI channel, so a meeting's live captions never starve the Assistant. */
export const TRANSLATE_BUDGET = 'translate';

/**
 * G9, issue 25: live captions streamed to Gemini Live, counted in milliseconds of audio sent rather than requests,
 * apart from TRANSLATE_BUDGET so streaming never starves the pause-cut path it falls back to.
 */
export const CAPTION_STREAM_BUDGET = 'captionStream';

/** G9: the Oracle's own budget: a question asked with a key counts once, before its embedding goes upstream. */
export const ORACLE_BUDGET = 'oracle';
/** G9: `secrets:check`'s budget: one tiny model call, open before sign-in, so counted for THIS_INSTALLATION. */
export const KEY_CHECK_BUDGET = 'keyCheck';

/** Who a budget counts for where no member need be signed in; no member's email looks like it. */
export const THIS_INSTALLATION = '(this installation)';

export type AiBudgetName =
  | typeof ASSISTANT_BUDGET
  | typeof TRANSLATE_BUDGET
  | typeof CAPTION_STREAM_BUDGET
  | typeof ORACLE_BUDGET
  | typeof KEY_CHECK_BUDGET;

/**
 * G9: one limiter for the whole AI channel; each part counts against its own budget (Voice shares the Assistant's;
 * Translate, the Oracle and the key check have their own, so none starves the Assistant).
 */
export function createAiChannel(deps: { now: () => number }): AiChannelLimiter<AiBudgetName> {
  return createAiChannelLimiter({
    now: deps.now,
    budgets: {
      [ASSISTANT_BUDGET]: { limit: ASSISTANT.rateLimitPerMinute, windowMs: ASSISTANT.rateLimitWindowMs },
      [TRANSLATE_BUDGET]: { limit: TRANSLATE.rateLimitPerMinute, windowMs: TRANSLATE.rateLimitWindowMs },
      [CAPTION_STREAM_BUDGET]: { limit: LIVE_CAPTIONS.streamSecondsPerMinute * 1000, windowMs: LIVE_CAPTIONS.streamWindowMs, unit: 'audioMs' },
      [ORACLE_BUDGET]: { limit: ORACLE.rateLimitPerMinute, windowMs: ORACLE.rateLimitWindowMs },
      [KEY_CHECK_BUDGET]: { limit: GEMINI.keyChecksPerMinute, windowMs: GEMINI.keyCheckWindowMs },
    },
  });
}

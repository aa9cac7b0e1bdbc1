import { ASSISTANT, TRANSLATE } from '../../../shared/limits';
import { createAiChannelLimiter, type AiChannelLimiter } from './ai-channel-limiter';

/** The AI channel's budget the Assistant counts against; Voice asks through the Assistant and shares it (G9). */
export const ASSISTANT_BUDGET = 'assistant';
/** G9, T2: Translate's own budget of the AI channel, so a meeting's live captions never starve the Assistant. */
export const TRANSLATE_BUDGET = 'translate';

export type AiBudgetName = typeof ASSISTANT_BUDGET | typeof TRANSLATE_BUDGET;

/**
 * G9: one limiter for the whole AI channel; each part counts against its own budget (Voice shares the Assistant's;
 * Translate has its own, so live captions never starve the Assistant).
 */
export function createAiChannel(deps: { now: () => number }): AiChannelLimiter<AiBudgetName> {
  return createAiChannelLimiter({
    now: deps.now,
    budgets: {
      [ASSISTANT_BUDGET]: { limit: ASSISTANT.rateLimitPerMinute, windowMs: ASSISTANT.rateLimitWindowMs },
      [TRANSLATE_BUDGET]: { limit: TRANSLATE.rateLimitPerMinute, windowMs: TRANSLATE.rateLimitWindowMs },
    },
  });
}

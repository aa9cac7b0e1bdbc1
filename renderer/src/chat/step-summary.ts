import type { TFunction } from 'i18next';
import { z } from 'zod';
import type { AssistantStep } from '../../../shared/assistant';

/**
 * One line per tool call in "what the assistant did": what it did, in the member's words, and what came of it.
 * Results are read with a schema per tool and never trusted to have a shape: a result that does not fit (a tool
 * from a newer version, say) still gets a line, only without its outcome.
 */
export interface StepSummary {
  readonly action: string;
  /** What came of it; null when there is nothing to say beyond the action. */
  readonly outcome: string | null;
  readonly failed: boolean;
}

const failure = z.object({ error: z.string() });
const text = z.string().trim().min(1);

const READERS: Record<string, (step: AssistantStep, t: TFunction) => StepSummary> = {
  search_knowledge(step, t) {
    const query = z.object({ query: text }).safeParse(step.args);
    const found = z.object({ passages: z.array(z.unknown()) }).safeParse(step.result);
    return {
      action: query.success ? t('assistant.steps.searchKnowledge', { query: query.data.query }) : t('assistant.steps.searchKnowledgeAny'),
      outcome: found.success ? t('assistant.steps.passages', { count: found.data.passages.length }) : null,
      failed: false,
    };
  },
  get_server_time(step, t) {
    const zone = z.object({ time: z.string() });
    const times = z.object({ server: zone, member: zone }).safeParse(step.result);
    return {
      action: t('assistant.steps.serverTime'),
      outcome: times.success ? t('assistant.steps.times', { server: times.data.server.time, member: times.data.member.time }) : null,
      failed: false,
    };
  },
  search_mail(step, t) {
    const terms = z.object({ query: text.optional(), from: text.optional(), subject: text.optional() }).safeParse(step.args);
    const found = z.object({ found: z.number().int().nonnegative() }).safeParse(step.result);
    const said = terms.success
      ? (['query', 'from', 'subject'] as const).flatMap((field) => {
          const value = terms.data[field];
          return value ? [t(`assistant.steps.mailTerms.${field}`, { value })] : [];
        })
      : [];
    return {
      action: said.length > 0 ? t('assistant.steps.searchMail', { terms: said.join(', ') }) : t('assistant.steps.searchMailAny'),
      outcome: found.success ? t('assistant.steps.messages', { count: found.data.found }) : null,
      failed: false,
    };
  },
  read_mail(step, t) {
    const read = z.object({ status: z.enum(['read', 'refused', 'reread']) }).safeParse(step.result);
    return { action: t('assistant.steps.readMail'), outcome: read.success ? t(`assistant.steps.readStatus.${read.data.status}`) : null, failed: false };
  },
  latest_digest(step, t) {
    const digest = z.object({ status: z.enum(['digest', 'none', 'unavailable']) }).safeParse(step.result);
    return {
      action: t('assistant.steps.latestDigest'),
      outcome: digest.success ? t(`assistant.steps.digestStatus.${digest.data.status}`) : null,
      failed: false,
    };
  },
};

export function summarizeStep(step: AssistantStep, t: TFunction): StepSummary {
  const read = Object.hasOwn(READERS, step.tool) ? READERS[step.tool] : undefined;
  if (!read) return { action: t('assistant.steps.unknownTool', { tool: step.tool }), outcome: null, failed: !step.ok };
  const summary = read(step, t);
  if (step.ok) return summary;
  const problem = failure.safeParse(step.result);
  return { ...summary, outcome: problem.success ? t('assistant.steps.failed') : summary.outcome, failed: true };
}

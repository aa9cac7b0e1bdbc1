import { ok } from '../../../shared/result';
import type { Capability } from '../capability';
import type { GeminiGateway } from '../gemini/gateway';
import type { KnowledgeService } from '../knowledge/knowledge-service';
import type { Logger } from '../log/logger';
import type { MailDrafts } from '../mail/mail-drafts';
import { TRANSLATE_BUDGET } from '../rate-limit/ai-budgets';
import type { AiChannelLimiter } from '../rate-limit/ai-channel-limiter';
import type { SettingsStore } from '../settings/settings-store';
import { draftMeetingNotes } from './draft-meeting-notes';
import { saveMeetingNote } from './save-meeting-note';

type MeetingsChannels = 'meetings:draft' | 'meetings:save' | 'meetings:mailDraft';

export interface MeetingsCapabilityDeps {
  gateway: Pick<GeminiGateway, 'generateJson'>;
  settings: Pick<SettingsStore, 'get'>;
  /** G9: a draft counts once against Translate's budget, as the captions it summarizes did. */
  limiter: AiChannelLimiter<typeof TRANSLATE_BUDGET>;
  /** The knowledge base the notes are saved into: where its notes are, and a pass over the one just written. */
  knowledge: Pick<KnowledgeService, 'locate' | 'reindex' | 'hasNote'>;
  /** The member's mailbox, for a draft of the notes (mail/'s port; Zoho in the app). */
  mailDrafts: MailDrafts;
  /** The member's time zone: a note's file name carries the meeting's date and time in it. */
  timeZone: () => string;
  log: Logger;
}

/**
 * Meeting notes (issue 27, MN1-MN4): a draft of a captioned meeting's notes, the member's edited notes saved into
 * the knowledge base, and a mail draft of them. Nothing of a meeting is stored until the member saves, and what
 * was said is never logged.
 */
export function createMeetingsCapability(deps: MeetingsCapabilityDeps): Capability<MeetingsChannels> {
  const { log } = deps;
  const settings = deps.settings.get;
  return {
    handlers: {
      'meetings:draft': (input, ctx) =>
        draftMeetingNotes(
          {
            gateway: deps.gateway,
            settings,
            admit: () => {
              const admitted = deps.limiter.admit(TRANSLATE_BUDGET, ctx.member.email);
              if (!admitted.ok) log.info('meeting notes refused: rate limit', { retryAfterMs: admitted.error.retryAfterMs });
              return admitted;
            },
            log,
          },
          input,
          ctx.signal,
        ),
      'meetings:save': (input, ctx) => saveMeetingNote({ settings, knowledge: deps.knowledge, timeZone: deps.timeZone, log }, input, ctx.signal),
      // MN4: a draft only; the app never sends it. Addresses are the member's business: counted, never logged.
      'meetings:mailDraft': async ({ subject, text, to }, ctx) => {
        const created = await deps.mailDrafts.create({ subject, text, to }, ctx.signal);
        if (!created.ok) {
          log.warn('meetings: the mail draft was not created', { code: created.error.code, reason: created.error.reason });
          return { ok: false, error: created.error };
        }
        log.info('meetings: mail draft created', { recipients: to.length });
        return ok({ created: true as const });
      },
    },
  };
}

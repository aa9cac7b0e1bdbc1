import { ok, type Result } from '../../../shared/result';
import type { Member } from '../../../shared/member';
import type { Capability } from '../capability';
import type { GeminiGateway } from '../gemini/gateway';
import type { Logger } from '../log/logger';
import type { AiChannelLimiter } from '../rate-limit/ai-channel-limiter';
import type { SettingsStore } from '../settings/settings-store';
import { createVoiceService } from '../voice/voice-service';
import type { TranscriptFiles } from './transcript-files';
import { createTranslateService } from './translate-service';

/** G9, T2: Translate's own budget of the AI channel, so a meeting's live captions never starve the Assistant. */
export const TRANSLATE_BUDGET = 'translate';

type TranslateChannels = 'translate:text' | 'translate:segment' | 'translate:saveTranscript';

export interface TranslateCapabilityDeps {
  gateway: Pick<GeminiGateway, 'generate'>;
  settings: SettingsStore;
  /** The AI channel's one limiter (G9): every translation, spoken or not, counts once against TRANSLATE_BUDGET. */
  limiter: AiChannelLimiter<typeof TRANSLATE_BUDGET>;
  /** Where an exported transcript is saved: the system's save dialog in the app. */
  transcriptFiles: TranscriptFiles;
  /** Wall clock, epoch milliseconds. */
  now: () => number;
  log: Logger;
}

/** Translation (seeds 004, T1, T2): a text, or a recorded segment of a meeting, in another language. */
export function createTranslateCapability(deps: TranslateCapabilityDeps): Capability<TranslateChannels> {
  const { log } = deps;
  const settings = deps.settings.get;
  const voice = createVoiceService({ gateway: deps.gateway, settings, now: deps.now, log });
  const translate = createTranslateService({ gateway: deps.gateway, voice, settings, now: deps.now, log });

  /** G9: before anything goes upstream; a refused request is not counted. */
  function admit(member: Member, channel: TranslateChannels): Result<void> {
    const admitted = deps.limiter.admit(TRANSLATE_BUDGET, member.email);
    if (!admitted.ok) log.info('translate request refused: rate limit', { channel, retryAfterMs: admitted.error.retryAfterMs });
    return admitted;
  }

  return {
    handlers: {
      'translate:text': async (input, ctx) => {
        const admitted = admit(ctx.member, 'translate:text');
        return admitted.ok ? translate.text(input, ctx.signal) : admitted;
      },
      'translate:segment': async (input, ctx) => {
        const admitted = admit(ctx.member, 'translate:segment');
        return admitted.ok ? translate.segment(input, ctx.signal) : admitted;
      },
      // Not counted against the budget: nothing goes upstream. The transcript itself is never logged.
      'translate:saveTranscript': async (input) => {
        const saved = await deps.transcriptFiles.save(input);
        return saved.ok ? ok({ saved: saved.value }) : saved;
      },
    },
  };
}

import type { Member } from '../../../shared/member';
import { ok, type Result } from '../../../shared/result';
import type { Capability } from '../capability';
import type { Logger } from '../log/logger';
import { ASSISTANT_BUDGET } from '../rate-limit/ai-budgets';
import type { AiChannelLimiter } from '../rate-limit/ai-channel-limiter';
import type { SpeechGrants } from '../rate-limit/speech-grants';
import { offByPolicy } from '../settings/policy-locks';
import type { SettingsStore } from '../settings/settings-store';
import type { SpeechService } from '../speech/speech-service';

type VoiceChannels = 'voice:stt' | 'voice:tts' | 'voice:microphone';

export interface VoiceCapabilityDeps {
  /** Speech to text and text to speech through Gemini. */
  speech: Pick<SpeechService, 'stt' | 'tts'>;
  settings: Pick<SettingsStore, 'get'>;
  /** The AI channel's one limiter (G9): Voice counts against the Assistant's budget. */
  limiter: AiChannelLimiter<typeof ASSISTANT_BUDGET>;
  /** The voice questions the Assistant admitted: the sentences of their answers are spoken at no further cost. */
  speechGrants: Pick<SpeechGrants, 'use'>;
  /** Shows that the microphone is live (the tray icon, the always-on-top indicator). */
  microphone?: ((live: boolean) => void) | undefined;
  log: Logger;
}

/**
 * Voice (seeds 004, V3 to V5): speech to text and text to speech for the renderer, and the microphone's live state.
 * Voice questions themselves go through `assistant:chat`; the push-to-talk shortcut is one of the desktop's
 * (electron/main/desktop/shortcuts-capability.ts).
 */
export function createVoiceCapability(deps: VoiceCapabilityDeps): Capability<VoiceChannels> {
  const { log } = deps;
  const { speech } = deps;

  /** G9: before anything goes upstream; a refused request is not counted. */
  function admit(member: Member, channel: VoiceChannels): Result<void> {
    const admitted = deps.limiter.admit(ASSISTANT_BUDGET, member.email);
    if (!admitted.ok) log.info('voice request refused: rate limit', { channel, retryAfterMs: admitted.error.retryAfterMs });
    return admitted;
  }

  return {
    handlers: {
      'voice:stt': async ({ audio }, ctx) => {
        const admitted = admit(ctx.member, 'voice:stt');
        return admitted.ok ? speech.stt(audio, ctx.signal) : admitted;
      },
      'voice:tts': async ({ text, answerOf }, ctx) => {
        if (!deps.settings.get().features.spokenAnswers) return offByPolicy('spokenAnswers');
        // A sentence of an admitted voice question's answer is part of that question (G9); any other text is charged.
        const granted = answerOf !== undefined && deps.speechGrants.use(ctx.member.email, answerOf, text);
        const admitted = granted ? ok(undefined) : admit(ctx.member, 'voice:tts');
        return admitted.ok ? speech.tts(text, deps.settings.get().voice.voiceName, ctx.signal) : admitted;
      },
      'voice:microphone': ({ live }) => {
        deps.microphone?.(live);
        return ok({});
      },
    },
  };
}

import { ok, type Result } from '../../../shared/result';
import { ASSISTANT_BUDGET } from '../assistant/assistant';
import type { Member } from '../../../shared/member';
import type { Capability } from '../capability';
import type { GeminiGateway } from '../gemini/gateway';
import type { Logger } from '../log/logger';
import type { AiChannelLimiter } from '../rate-limit/ai-channel-limiter';
import type { SettingsStore } from '../settings/settings-store';
import type { SpeechGrants } from './speech-grants';
import { createVoiceService } from './voice-service';

type VoiceChannels = 'voice:stt' | 'voice:tts' | 'voice:microphone';

export interface VoiceCapabilityDeps {
  gateway: Pick<GeminiGateway, 'generate'>;
  settings: SettingsStore;
  /** The AI channel's one limiter (G9): Voice counts against the Assistant's budget. */
  limiter: AiChannelLimiter<typeof ASSISTANT_BUDGET>;
  /** The voice questions the Assistant admitted: their answers are spoken at no further cost. */
  speechGrants: Pick<SpeechGrants, 'covers'>;
  /** Shows that the microphone is live (the tray icon, the always-on-top indicator). */
  microphone?: (live: boolean) => void;
  /** Wall clock, epoch milliseconds. */
  now: () => number;
  log: Logger;
}

/**
 * Voice (seeds 004, V3 to V5): speech to text and text to speech for the renderer, and the microphone's live state.
 * Voice questions themselves go through `assistant:chat`; the push-to-talk shortcut is one of the desktop's
 * (electron/main/desktop/shortcuts-capability.ts).
 */
export function createVoiceCapability(deps: VoiceCapabilityDeps): Capability<VoiceChannels> {
  const { log } = deps;
  const voice = createVoiceService({ gateway: deps.gateway, settings: deps.settings.get, now: deps.now, log });

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
        return admitted.ok ? voice.stt(audio, ctx.signal) : admitted;
      },
      'voice:tts': async ({ text, answerOf }, ctx) => {
        // A sentence of an admitted voice question's answer is part of that question (G9).
        const granted = answerOf !== undefined && deps.speechGrants.covers(ctx.member.email, answerOf);
        const admitted = granted ? ok(undefined) : admit(ctx.member, 'voice:tts');
        return admitted.ok ? voice.tts(text, deps.settings.get().voice.voiceName, ctx.signal) : admitted;
      },
      'voice:microphone': ({ live }) => {
        deps.microphone?.(live);
        return ok({});
      },
    },
  };
}

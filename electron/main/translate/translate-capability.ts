import type { Member } from '../../../shared/member';
import { ok, type Result } from '../../../shared/result';
import type { AppEvents, Capability } from '../capability';
import type { GeminiGateway } from '../gemini/gateway';
import type { OpenLive } from '../gemini/live-types';
import type { Logger } from '../log/logger';
import { type CAPTION_STREAM_BUDGET, TRANSLATE_BUDGET } from '../rate-limit/ai-budgets';
import type { AiChannelLimiter } from '../rate-limit/ai-channel-limiter';
import { offByPolicy } from '../settings/policy-locks';
import type { SettingsStore } from '../settings/settings-store';
import type { SpeechService } from '../speech/speech-service';
import type { Timers } from '../timers/alarm';
import { createLiveCaptions } from './live-captions';
import type { TranscriptFiles } from './transcript-files';
import { createTranslateService } from './translate-service';

type TranslateChannels =
  | 'translate:text'
  | 'translate:segment'
  | 'translate:saveTranscript'
  | 'translate:captions'
  | 'translate:live'
  | 'translate:liveFrame'
  | 'translate:livePause'
  | 'translate:liveEnd';

export interface TranslateCapabilityDeps {
  gateway: Pick<GeminiGateway, 'generate'>;
  /** Speech to text for a meeting's segment, and text to speech for a spoken translation. */
  speech: Pick<SpeechService, 'stt' | 'tts'>;
  settings: Pick<SettingsStore, 'get'>;
  /**
   * The AI channel's one limiter (G9): every translation, spoken or not, counts once against TRANSLATE_BUDGET;
   * streamed captions count their audio against CAPTION_STREAM_BUDGET.
   */
  limiter: AiChannelLimiter<typeof TRANSLATE_BUDGET | typeof CAPTION_STREAM_BUDGET>;
  /** Opens a Gemini Live session (gemini/live-connection.ts): captions streamed to a translation model (issue 25). */
  openLive: OpenLive;
  timers: Timers;
  /** Where an exported transcript is saved: the system's save dialog in the app. */
  transcriptFiles: TranscriptFiles;
  /** Live captions started or stopped in the window: what shows it outside the window (the tray) follows. */
  events: Pick<AppEvents, 'captionsChanged'>;
  /** Wall clock, epoch milliseconds. */
  now: () => number;
  log: Logger;
}

/**
 * Translation (seeds 004, T1, T2): a text, or a recorded segment of a meeting, in another language; and live
 * captions streamed to a Live translation session (issue 25), one stream per source.
 */
export function createTranslateCapability(deps: TranslateCapabilityDeps): Capability<TranslateChannels> {
  const { log } = deps;
  const settings = deps.settings.get;
  const translate = createTranslateService({ gateway: deps.gateway, speech: deps.speech, settings, now: deps.now, log });
  const captions = createLiveCaptions({
    openLive: deps.openLive,
    settings,
    limiter: deps.limiter,
    after(ms, run) {
      const handle = deps.timers.setTimeout(run, ms);
      return () => deps.timers.clearTimeout(handle);
    },
    log,
  });

  /** G9: before anything goes upstream; a refused request is not counted. */
  function admit(member: Member, channel: TranslateChannels): Result<void> {
    const admitted = deps.limiter.admit(TRANSLATE_BUDGET, member.email);
    if (!admitted.ok) log.info('translate request refused: rate limit', { channel, retryAfterMs: admitted.error.retryAfterMs });
    return admitted;
  }

  return {
    // Signed out, every captions stream ends with what it held.
    sessionChanged: (status) => {
      if (status.state !== 'signed_in') captions.close();
    },
    // Switched off mid-meeting by the policy, the streams end as if refused at their start.
    featuresChanged: (features) => captions.featuresChanged(features),
    close: () => captions.close(),
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
      'translate:live': async (input, ctx) => {
        // Refused, the page's captions go on by the pause-cut path, as when Live translation is unavailable.
        if (!deps.settings.get().features.liveModes) return offByPolicy('liveModes');
        return captions.stream(input, {
          member: ctx.member,
          signal: ctx.signal,
          requestId: ctx.requestId,
          emit: {
            line: (line) => ctx.emit('translate:liveLine', line),
            audio: (pcm) => ctx.emit('translate:liveAudio', { pcm }),
            state: (state) => ctx.emit('translate:liveState', state),
          },
        });
      },
      'translate:liveFrame': (input) => captions.frame(input),
      'translate:livePause': (input) => captions.pause(input),
      'translate:liveEnd': ({ requestId }) => captions.end(requestId),
      'translate:captions': ({ running }) => {
        deps.events.captionsChanged(running);
        return ok({});
      },
    },
  };
}

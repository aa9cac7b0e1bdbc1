import type Database from 'better-sqlite3';
import { ASSISTANT } from '../../../shared/limits';
import { ok } from '../../../shared/result';
import type { Capability } from '../capability';
import type { GeminiGateway } from '../gemini/gateway';
import type { OpenLive } from '../gemini/live-types';
import type { Timers } from '../timers/alarm';
import type { Logger } from '../log/logger';
import type { LatestDigests } from '../mail/latest-digest';
import type { ASSISTANT_BUDGET } from '../rate-limit/ai-budgets';
import type { AiChannelLimiter } from '../rate-limit/ai-channel-limiter';
import type { SpeechGrants } from '../rate-limit/speech-grants';
import type { SettingsStore } from '../settings/settings-store';
import type { Zoho } from '../zoho/create-zoho';
import { createAssistant } from './assistant';
import type { AssistantPromptsStore } from './assistant-prompts';
import { createLiveVoice } from './live-voice';
import type { PromptFiles } from './prompt-files';

type AssistantChannels =
  | 'assistant:chat'
  | 'assistant:prompts'
  | 'assistant:savePrompts'
  | 'assistant:resetPrompts'
  | 'assistant:exportPrompts'
  | 'assistant:importPrompts'
  | 'assistant:live'
  | 'assistant:liveFrame'
  | 'assistant:liveRelease';

export interface AssistantCapabilityDeps {
  db: Database.Database;
  gateway: GeminiGateway;
  settings: SettingsStore;
  zoho: Zoho;
  /** The member's mailbox passes, for the mail tools. */
  digests: LatestDigests;
  /** The AI channel's one limiter (G9): the Assistant counts against ASSISTANT_BUDGET. */
  limiter: AiChannelLimiter<typeof ASSISTANT_BUDGET>;
  /** G9: a voice question's answer is spoken (voice:tts) at no further cost. */
  speechGrants: Pick<SpeechGrants, 'grant'>;
  /** The prompt layers (G4), made by the core: a team profile sets them too. */
  prompts: AssistantPromptsStore;
  promptFiles: PromptFiles;
  /** Opens a Gemini Live session (gemini/live-connection.ts): voice questions as they are spoken (issue 24). */
  openLive: OpenLive;
  timers: Timers;
  /** The member's IANA time zone, as their computer is set now. */
  timeZone: () => string;
  /** Wall clock, epoch milliseconds. */
  now: () => number;
  log: Logger;
}

/** What Export suggests as the file's name (the file type adds ".json"). */
const PROMPTS_FILE_NAME = 'staff-desk-assistant-prompts';

/**
 * The Assistant (seeds 004): the chat, streamed, with the app's tools (the mail tools only while a mailbox is
 * connected), and the prompt layers a team shapes in Settings, exported and imported as a file.
 */
export function createAssistantCapability(deps: AssistantCapabilityDeps): Capability<AssistantChannels> {
  const { log } = deps;
  const { prompts } = deps;
  const assistant = createAssistant({
    gateway: deps.gateway,
    db: deps.db,
    digests: deps.digests,
    settings: deps.settings.get,
    prompts,
    limiter: deps.limiter,
    mailbox: deps.zoho.mailbox,
    async mailboxConnected() {
      const link = await deps.zoho.link();
      // A keychain that cannot be read is the Settings pane's to explain; the Assistant goes on without mail.
      if (!link.ok) log.warn('assistant: the mailbox secret could not be read; mail tools left out', { reason: link.error.reason });
      return link.ok && link.value === 'connected';
    },
    now: deps.now,
    memberTimeZone: deps.timeZone,
    log,
  });

  const live = createLiveVoice({
    assistant,
    openLive: deps.openLive,
    settings: deps.settings.get,
    limiter: deps.limiter,
    speechGrants: deps.speechGrants,
    now: deps.now,
    after(ms, run) {
      const handle = deps.timers.setTimeout(run, ms);
      return () => deps.timers.clearTimeout(handle);
    },
    log,
  });

  return {
    // Signed out, the session (the member's spoken conversation) ends with everything it held.
    sessionChanged: (status) => {
      if (status.state !== 'signed_in') live.close();
    },
    featuresChanged: (features) => live.featuresChanged(features),
    close: () => live.close(),
    handlers: {
      'assistant:live': (input, ctx) =>
        live.ask(input, {
          member: ctx.member,
          signal: ctx.signal,
          requestId: ctx.requestId,
          emit: {
            heard: (text) => ctx.emit('assistant:liveHeard', { text }),
            chunk: (text) => ctx.emit('assistant:liveChunk', { text }),
            audio: (pcm) => ctx.emit('assistant:liveAudio', { pcm }),
            step: (step) => ctx.emit('assistant:liveStep', step),
            path: (path, reason) => ctx.emit('assistant:livePath', reason === undefined ? { path } : { path, reason }),
          },
        }),
      'assistant:liveFrame': (input) => live.frame(input),
      'assistant:liveRelease': ({ requestId }) => live.release(requestId),
      'assistant:chat': async (input, ctx) => {
        // G9: a voice question's spoken answer is part of it. Speech starts at the first sentence, while the answer
        // still streams, so the grant is made as the question is asked and learns the answer from main's own
        // stream, each piece before the renderer has it. One that ends with no answer (refused by the limiter,
        // failed at once) covers nothing.
        const grant = input.audio === undefined ? null : deps.speechGrants.grant(ctx.member.email, ctx.requestId, input.lang);
        const done = await assistant.chat(input, {
          member: ctx.member,
          signal: ctx.signal,
          emitChunk: (text) => {
            grant?.add(text);
            ctx.emit('assistant:chunk', { text });
          },
          emitStep: (step) => ctx.emit('assistant:step', step),
          emitTranscript: (text) => ctx.emit('assistant:transcript', { text }),
        });
        grant?.end(done.ok && !done.value.incomplete);
        return done;
      },
      'assistant:prompts': () => ok(prompts.get()),
      'assistant:savePrompts': (input) => ok(prompts.set(input)),
      'assistant:resetPrompts': ({ layer }) => ok(prompts.reset(layer)),
      'assistant:exportPrompts': async () => {
        const saved = await deps.promptFiles.save(PROMPTS_FILE_NAME, prompts.exportFile());
        return saved.ok ? ok({ saved: saved.value }) : saved;
      },
      'assistant:importPrompts': async () => {
        const opened = await deps.promptFiles.open(ASSISTANT.promptFileMaxBytes);
        if (!opened.ok) return opened;
        if (opened.value === null) return ok({ imported: false, state: prompts.get() });
        const imported = prompts.importFile(opened.value);
        return imported.ok ? ok({ imported: true, state: imported.value }) : imported;
      },
    },
  };
}

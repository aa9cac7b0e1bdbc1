import { z } from 'zod';
import {
  assistantChatInputSchema,
  assistantChunkSchema,
  assistantDoneSchema,
  assistantPromptsSchema,
  assistantPromptsStateSchema,
  assistantStepSchema,
  promptLayerSchema,
} from '../assistant';
import { authStatusSchema } from '../auth';
import { secretaryAnswerSchema, secretaryAskInputSchema } from '../secretary';
import { digestDismissInputSchema, digestProgressSchema, digestSchema, digestStateSchema } from '../digest';
import {
  corpusGapsSchema,
  indexProgressSchema,
  knowledgeStatusSchema,
  openNoteInputSchema,
  openNoteOutputSchema,
  oracleAnswerSchema,
  oracleAskInputSchema,
} from '../oracle';
import { IPC, LIVE, LIVE_CAPTIONS } from '../limits';
import {
  captionAudioSchema,
  captionEndInputSchema,
  captionFrameInputSchema,
  captionPauseInputSchema,
  captionStreamDoneSchema,
  captionStreamStateSchema,
  streamedLineSchema,
  translateLiveInputSchema,
} from '../live-captions';
import { memberSecretNameSchema, secretsStatusSchema } from '../secrets';
import { modelsCheckInputSchema, modelsCheckSchema, settingsSchema, settingsUpdateInputSchema } from '../settings';
import { zohoChangedSchema, zohoConnectedSchema, zohoConnectInputSchema, zohoProgressSchema, zohoStatusSchema } from '../zoho-connection';
import {
  assistantTranscriptSchema,
  microphoneStateSchema,
  speechAudioSchema,
  voiceSttInputSchema,
  voiceSttOutputSchema,
  voiceTtsInputSchema,
} from '../voice';
import {
  saveTranscriptInputSchema,
  translateSegmentInputSchema,
  translateSegmentOutputSchema,
  translateTextInputSchema,
  translateTextOutputSchema,
} from '../translate';
import {
  assistantLiveDoneSchema,
  assistantLiveInputSchema,
  liveAudioSchema,
  liveFrameInputSchema,
  liveHeardSchema,
  livePathSchema,
  liveReleaseInputSchema,
} from '../live-voice';
import {
  meetingDraftInputSchema,
  meetingDraftSchema,
  meetingMailDraftInputSchema,
  meetingSavedSchema,
  meetingSaveInputSchema,
} from '../meeting-notes';
import { captionsStateSchema, desktopCommandSchema, loginItemInputSchema, loginItemSchema } from '../desktop';
import { quickAskHideInputSchema, shortcutStatesSchema } from '../shortcuts';
import { updateModeSchema } from '../updates';
import { diagnosticsCopiedSchema, diagnosticsSavedSchema } from '../diagnostics';
import { policyStateSchema } from '../managed-policy';
import {
  profileAppliedSchema,
  profileApplyInputSchema,
  profileExportInputSchema,
  profilePreviewInputSchema,
  profilePreviewSchema,
} from '../team-profile';
import { appErrorSchema } from '../result';
import { cancel, stream, unary, type Broadcasts, type Contract, type WindowChannels } from './define';

const noInput = z.strictObject({});

/**
 * The one IPC contract: every channel between the renderer and main, with the schema of what goes in and
 * what comes back. The registry validates against it; the preload and the renderer's types are derived from it.
 * A new channel starts here; its handler goes in the folder of electron/main its domain names (docs/architecture.md).
 */
export const contract = {
  'app:info': unary({
    input: noInput,
    output: z.object({ version: z.string(), dataPath: z.string(), platform: z.string(), updates: updateModeSchema }),
  }),
  /** Opens an https link in the system browser (never inside the app). */
  'app:openExternal': unary({
    input: z.strictObject({ url: z.string().max(IPC.knowledgePathMaxChars) }),
    output: z.object({ opened: z.literal(true) }),
  }),

  /** Puts a text (Zoho's device code, an answer) on the system clipboard; the page itself has no clipboard. */
  'app:copyText': unary({
    input: z.strictObject({ text: z.string().min(1).max(IPC.copyTextMaxChars) }),
    output: z.object({ copied: z.literal(true) }),
  }),
  /**
   * The main window's page drew its first frame (RD4): main notes the start's first paint. Signed out too: the
   * sign-in gate is the first pane a member sees. Only the start's first counts; a reload's changes nothing.
   */
  'app:painted': unary({ input: noInput, output: z.object({}) }),
  /** Whether the app starts when the member signs in to the computer (hidden, in the tray). */
  'desktop:loginItem': unary({ input: noInput, output: loginItemSchema }),
  'desktop:setLoginItem': unary({ input: loginItemInputSchema, output: loginItemSchema }),
  /** Brings the app's window forward: what the tray asked of a hidden window needs the member (live captions that could not start). */
  'desktop:showWindow': unary({ input: noInput, output: z.object({}) }),
  /** The quick-ask window hides itself (Escape), and may ask for the app's window instead; no other window may. */
  'desktop:hideQuickAsk': unary({ input: quickAskHideInputSchema, output: z.object({}) }),
  /** Whether each global shortcut (quick ask, push-to-talk, live captions) is registered, taken by another app, or off. */
  'desktop:shortcuts': unary({ input: noInput, output: shortcutStatesSchema }),

  'settings:get': unary({ input: noInput, output: settingsSchema }),
  /** Signed out, only the first run's settings (SIGNED_OUT_SETTINGS) change; the rest waits for sign-in. */
  'settings:update': unary({ input: settingsUpdateInputSchema, output: settingsSchema }),
  /** Looks model ids up with the stored Gemini key before they are saved: which Gemini does not offer, if any. */
  'settings:checkModels': unary({ input: modelsCheckInputSchema, output: modelsCheckSchema }),

  /**
   * The machine's policy (issue 28): where it was read, which fields it locks, what it switches off, and why a policy
   * that was found does not apply. Its values are in `settings:get`; a locked field's change is refused.
   */
  'policy:state': unary({ input: noInput, output: policyStateSchema }),

  /**
   * The team profile (issue 28): `profile:preview` (a dropped file's text) and `profile:choose` (the system's open
   * dialog) read a profile and say what it would change, item by item, changing nothing; `profile:apply` makes that
   * preview's changes in one transaction. `profile:pending` is the one given with `--profile FILE`, until it is
   * applied or dismissed. Signed out, a profile only fills in what is unset (`needsSignIn` says when it would not).
   */
  'profile:preview': unary({ input: profilePreviewInputSchema, output: profilePreviewSchema }),
  'profile:choose': unary({ input: noInput, output: z.object({ preview: profilePreviewSchema.nullable() }) }),
  'profile:pending': unary({ input: noInput, output: z.object({ preview: profilePreviewSchema.nullable() }) }),
  'profile:apply': unary({ input: profileApplyInputSchema, output: profileAppliedSchema }),
  'profile:dismiss': unary({ input: profileApplyInputSchema, output: z.object({}) }),
  /** Writes this install's team settings to a file the admin chooses (cancelled: nothing written). */
  'profile:export': unary({ input: profileExportInputSchema, output: z.object({ saved: z.boolean() }), protected: true }),

  /** Help > Copy diagnostics: main builds the report and puts it on the clipboard; `save` writes it to a chosen file. */
  'diagnostics:copy': unary({ input: noInput, output: diagnosticsCopiedSchema }),
  'diagnostics:save': unary({ input: noInput, output: diagnosticsSavedSchema }),

  /** Write-only: no channel ever returns a secret's value. */
  /** Signed out, only the Gemini key (SIGNED_OUT_SECRETS) is stored or removed; the Zoho client waits for sign-in. */
  'secrets:set': unary({
    input: z.strictObject({ name: memberSecretNameSchema, value: z.string().max(IPC.secretValueMaxChars) }),
    output: secretsStatusSchema,
  }),
  'secrets:delete': unary({
    input: z.strictObject({ name: memberSecretNameSchema }),
    output: secretsStatusSchema,
  }),
  'secrets:status': unary({ input: noInput, output: secretsStatusSchema }),
  /** A real, cheap call with the stored Gemini key: it works, or the precise reason it does not (kept: secrets:status). */
  'secrets:check': unary({
    input: noInput,
    output: z.object({ model: z.string(), latencyMs: z.number().int().nonnegative() }),
  }),

  /** Staff identity (Cloudflare Access). */
  'auth:status': unary({ input: noInput, output: authStatusSchema }),
  /** Opens the company's sign-in window; resolves when it closes (signed in, or cancelled: still signed out). */
  'auth:login': unary({ input: noInput, output: authStatusSchema }),
  'auth:logout': unary({ input: noInput, output: authStatusSchema }),

  /**
   * The member's Zoho mailbox. Only a signed-in staff member may connect one. `zoho:connect` runs the device flow
   * (or the loopback redirect), reports its stages as `zoho:progress`, and ends with the mailbox it connected.
   */
  'zoho:connect': stream({
    input: zohoConnectInputSchema,
    events: { 'zoho:progress': zohoProgressSchema },
    done: zohoConnectedSchema,
    terminal: { done: 'zoho:done', error: 'zoho:error' },
    protected: true,
  }),
  'zoho:cancel': cancel('zoho:connect'),
  'zoho:status': unary({ input: noInput, output: zohoStatusSchema, protected: true }),
  /** Forgets the mailbox here and revokes the app's access at Zoho (best effort). */
  'zoho:disconnect': unary({ input: noInput, output: zohoStatusSchema, protected: true }),

  /**
   * The mailbox digest (F0 pass): `digest:run` reads the member's new unread mail now, reports its stages as
   * `digest:progress`, and ends with the stored digest. `digest:state` is what the Secretary pane shows on top.
   */
  'digest:run': stream({
    input: noInput,
    events: { 'digest:progress': digestProgressSchema },
    done: digestSchema,
    terminal: { done: 'digest:done', error: 'digest:error' },
    protected: true,
  }),
  'digest:cancel': cancel('digest:run'),
  /** The latest pass and, when the last pass failed, why and when: what the Secretary pane shows. */
  'digest:state': unary({ input: noInput, output: digestStateSchema, protected: true }),
  /** Takes one item off "What needs you" for good (later passes leave it out); answers with the new state. */
  'digest:dismiss': unary({ input: digestDismissInputSchema, output: digestStateSchema, protected: true }),
  /** Undo of a dismissal: puts the item back on "What needs you", if the latest pass still holds it. */
  'digest:undismiss': unary({ input: digestDismissInputSchema, output: digestStateSchema, protected: true }),

  /**
   * The mailbox secretary (seeds 000): one question answered from the member's own mail, with its sources. Each
   * mailbox lookup is reported as `secretary:step` as soon as it has run (the Assistant's step lines draw it); the
   * call ends with `secretary:done` (the seeds' answer) or `secretary:error`.
   */
  'secretary:ask': stream({
    input: secretaryAskInputSchema,
    events: { 'secretary:step': assistantStepSchema },
    done: secretaryAnswerSchema,
    terminal: { done: 'secretary:done', error: 'secretary:error' },
    protected: true,
  }),
  'secretary:cancel': cancel('secretary:ask'),

  /**
   * The oracle (seeds 001): questions answered from the team's Markdown notes with their sources. `oracle:ask`
   * keeps the seeds' request and reply shapes; a requestId in the input makes it cancellable by `oracle:cancel`.
   */
  'oracle:ask': unary({ input: oracleAskInputSchema, output: oracleAnswerSchema, protected: true }),
  'oracle:cancel': cancel('oracle:ask'),
  /** The knowledge base's folder, size, freshness, retrieval mode and floor; not the member's data. */
  'oracle:status': unary({ input: noInput, output: knowledgeStatusSchema }),
  /**
   * Reads the folder again now (changed notes only) and embeds what needs it, reporting `oracle:progress`. It has
   * no cancel: a pass is shared (a second call joins the running one), so a page may stop following it, not stop it.
   */
  'oracle:reindex': stream({
    input: noInput,
    events: { 'oracle:progress': indexProgressSchema },
    done: knowledgeStatusSchema,
    terminal: { done: 'oracle:reindexed', error: 'oracle:reindexFailed' },
    protected: true,
  }),
  /** Opens the system's folder picker; the chosen folder becomes the knowledge base (cancelled: unchanged). */
  'oracle:chooseFolder': unary({
    input: noInput,
    output: z.object({ chosen: z.boolean(), settings: settingsSchema }),
    protected: true,
  }),
  /** Opens a source note in Obsidian when it is installed, else in the system's app for Markdown. */
  'oracle:openNote': unary({ input: openNoteInputSchema, output: openNoteOutputSchema, protected: true }),
  /** The member's recent low-relevance questions and relevance per day: where the notes fall short (O8). */
  'oracle:gaps': unary({ input: noInput, output: corpusGapsSchema, protected: true }),

  /**
   * The Assistant (seeds 004, G1 to G9): a Gemini chat that runs the app's tools. The answer streams as
   * `assistant:chunk`, each tool call the app ran as `assistant:step`; the call ends with `assistant:done`
   * (`degraded` when Gemini could not be reached: a localized fallback, never an error) or `assistant:error`.
   */
  'assistant:chat': stream({
    input: assistantChatInputSchema,
    events: {
      'assistant:chunk': assistantChunkSchema,
      'assistant:step': assistantStepSchema,
      // V1: a voice question's transcript, before the first chunk.
      'assistant:transcript': assistantTranscriptSchema,
    },
    done: assistantDoneSchema,
    terminal: { done: 'assistant:done', error: 'assistant:error' },
    protected: true,
  }),
  'assistant:cancel': cancel('assistant:chat'),
  /**
   * G4: the two layers of the system prompt a team may shape (the safeguards are code). They belong to this
   * installation, not to a member: Settings shows them signed in or not, and only a signed-in member changes,
   * exports or imports them, like every setting past the first run.
   */
  'assistant:prompts': unary({ input: noInput, output: assistantPromptsStateSchema }),
  'assistant:savePrompts': unary({ input: assistantPromptsSchema, output: assistantPromptsStateSchema, protected: true }),
  /** Back to the shipped text: one layer, or both when none is named. */
  'assistant:resetPrompts': unary({
    input: z.strictObject({ layer: promptLayerSchema.optional() }),
    output: assistantPromptsStateSchema,
    protected: true,
  }),
  /** Writes the prompts to a JSON file the member chooses in the system's save dialog (cancelled: nothing written). */
  'assistant:exportPrompts': unary({ input: noInput, output: z.object({ saved: z.boolean() }), protected: true }),
  /** Reads prompts from a JSON file the member chooses; a file that is not whole and valid changes nothing. */
  'assistant:importPrompts': unary({
    input: noInput,
    output: z.object({ imported: z.boolean(), state: assistantPromptsStateSchema }),
    protected: true,
  }),

  /**
   * A voice question over the Gemini Live API (issue 24), started on press: the microphone streams in as
   * `assistant:liveFrame` until `assistant:liveRelease`; the question's words come back as `assistant:liveHeard`
   * while it is spoken, the answer as audio (`assistant:liveAudio`) and text (`assistant:liveChunk`) while it is
   * generated, each tool call as `assistant:liveStep`. Where Live is unavailable the same question is answered by
   * the one-call path (V1), said by `assistant:livePath`. Cancelling it (barge-in, Stop) interrupts the model.
   */
  'assistant:live': stream({
    input: assistantLiveInputSchema,
    events: {
      'assistant:liveHeard': liveHeardSchema,
      'assistant:liveChunk': assistantChunkSchema,
      'assistant:liveAudio': liveAudioSchema,
      'assistant:liveStep': assistantStepSchema,
      'assistant:livePath': livePathSchema,
    },
    done: assistantLiveDoneSchema,
    terminal: { done: 'assistant:liveDone', error: 'assistant:liveError' },
    protected: true,
  }),
  'assistant:liveCancel': cancel('assistant:live'),
  /**
   * One frame of the question's audio, as it is captured (bytes, not base64; bounded per frame and per second),
   * for a question this window is asking.
   */
  'assistant:liveFrame': unary({
    input: liveFrameInputSchema,
    output: z.object({}),
    protected: true,
    callsPerSecond: LIVE.framesPerSecondMax,
    feeds: 'assistant:live',
  }),
  /** The member let go of push-to-talk: the question this window is asking is complete. */
  'assistant:liveRelease': unary({ input: liveReleaseInputSchema, output: z.object({}), protected: true, feeds: 'assistant:live' }),

  /** V3: speech to text, literally; `{text: ''}` means the recording held no speech (not an error). */
  'voice:stt': unary({ input: voiceSttInputSchema, output: voiceSttOutputSchema, protected: true }),
  'voice:cancelStt': cancel('voice:stt'),
  /** V4: text to speech with the TTS model and the member's voice, as a WAV. */
  'voice:tts': unary({ input: voiceTtsInputSchema, output: speechAudioSchema, protected: true }),
  /** Barge-in: a sentence still being synthesized is abandoned. */
  'voice:cancelTts': cancel('voice:tts'),
  /** The microphone went live or stopped: the tray icon and the always-on-top indicator show it. */
  'voice:microphone': unary({ input: microphoneStateSchema, output: z.object({}) }),

  /** T1: a text in another language; `speak` adds the translation as speech, which may fail silently. */
  'translate:text': unary({ input: translateTextInputSchema, output: translateTextOutputSchema, protected: true }),
  'translate:cancelText': cancel('translate:text'),
  /** T1, T2: a recorded segment transcribed, then translated; silence comes back as empty fields. */
  'translate:segment': unary({ input: translateSegmentInputSchema, output: translateSegmentOutputSchema, protected: true }),
  'translate:cancelSegment': cancel('translate:segment'),
  /** Writes a meeting's captions (TXT or SRT) to a file the member picks in the save dialog; cancelled: saved false. */
  'translate:saveTranscript': unary({ input: saveTranscriptInputSchema, output: z.object({ saved: z.boolean() }), protected: true }),
  /**
   * Live captions over a Gemini Live translation session (issue 25), one call per source ("You", "Others"): the
   * speech streams in as `translate:liveFrame`, with `translate:livePause` at each pause, and comes back as lines
   * that grow while spoken (`translate:liveLine`) and the translation's speech (`translate:liveAudio`).
   * `translate:liveEnd` finishes it; where Live translation cannot serve, it ends `unavailable` and the page
   * captions by the pause-cut path (T2).
   */
  'translate:live': stream({
    input: translateLiveInputSchema,
    events: {
      'translate:liveLine': streamedLineSchema,
      'translate:liveAudio': captionAudioSchema,
      'translate:liveState': captionStreamStateSchema,
    },
    done: captionStreamDoneSchema,
    terminal: { done: 'translate:liveDone', error: 'translate:liveError' },
    protected: true,
  }),
  'translate:liveCancel': cancel('translate:live'),
  /** One frame of speech for a captions stream this window runs (bytes; bounded per frame and per second). */
  'translate:liveFrame': unary({
    input: captionFrameInputSchema,
    output: z.object({}),
    protected: true,
    callsPerSecond: LIVE_CAPTIONS.framesPerSecondMax,
    feeds: 'translate:live',
  }),
  /** The speaker paused: the line in progress is final once its last words are translated. */
  'translate:livePause': unary({ input: captionPauseInputSchema, output: z.object({}), protected: true, feeds: 'translate:live' }),
  /** Stop: nothing more will be said on this stream. */
  'translate:liveEnd': unary({ input: captionEndInputSchema, output: z.object({}), protected: true, feeds: 'translate:live' }),
  /** Live captions started or stopped: the tray shows it and its menu offers Start or Stop. */
  'translate:captions': unary({ input: captionsStateSchema, output: z.object({}) }),

  /**
   * Meeting notes (issue 27): `meetings:draft` summarizes live captions' final lines (cancellable by its requestId);
   * `meetings:save` writes the member's edited notes into the knowledge base's meetings folder and answers once they
   * are searchable; `meetings:mailDraft` puts them into a new Zoho Mail draft, which the app never sends.
   */
  'meetings:draft': unary({ input: meetingDraftInputSchema, output: meetingDraftSchema, protected: true }),
  'meetings:cancelDraft': cancel('meetings:draft'),
  'meetings:save': unary({ input: meetingSaveInputSchema, output: meetingSavedSchema, protected: true }),
  'meetings:mailDraft': unary({ input: meetingMailDraftInputSchema, output: z.object({ created: z.literal(true) }), protected: true }),
} satisfies Contract;

/**
 * Which window's page may call which channel (deny by default; the registry refuses the rest before reading the
 * input). The quick-ask page renders model Markdown, so it gets only what asking and reading an answer need: it
 * cannot store secrets or settings, move the microphone indicator, save files or sign in or out. The indicator
 * and the sign-in window have no preload, and no channel.
 */
export const windowChannels = {
  main: [
    'app:info', 'app:openExternal', 'app:copyText', 'app:painted',
    'desktop:loginItem', 'desktop:setLoginItem', 'desktop:showWindow', 'desktop:shortcuts',
    'settings:get', 'settings:update', 'settings:checkModels', 'policy:state',
    'profile:preview', 'profile:choose', 'profile:pending', 'profile:apply', 'profile:dismiss', 'profile:export',
    'diagnostics:copy', 'diagnostics:save',
    'secrets:set', 'secrets:delete', 'secrets:status', 'secrets:check',
    'auth:status', 'auth:login', 'auth:logout',
    'zoho:connect', 'zoho:cancel', 'zoho:status', 'zoho:disconnect',
    'digest:run', 'digest:cancel', 'digest:state', 'digest:dismiss', 'digest:undismiss',
    'secretary:ask', 'secretary:cancel',
    'oracle:ask', 'oracle:cancel', 'oracle:status', 'oracle:reindex', 'oracle:chooseFolder', 'oracle:openNote', 'oracle:gaps',
    'assistant:chat', 'assistant:cancel', 'assistant:prompts', 'assistant:savePrompts', 'assistant:resetPrompts',
    'assistant:exportPrompts', 'assistant:importPrompts',
    'assistant:live', 'assistant:liveCancel', 'assistant:liveFrame', 'assistant:liveRelease',
    'voice:stt', 'voice:cancelStt', 'voice:tts', 'voice:cancelTts', 'voice:microphone',
    'translate:text', 'translate:cancelText', 'translate:segment', 'translate:cancelSegment', 'translate:saveTranscript',
    'translate:captions', 'translate:live', 'translate:liveCancel', 'translate:liveFrame', 'translate:livePause',
    'translate:liveEnd',
    'meetings:draft', 'meetings:cancelDraft', 'meetings:save', 'meetings:mailDraft',
  ],
  quickAsk: [
    'app:info', 'app:openExternal', 'app:copyText',
    'desktop:hideQuickAsk',
    'settings:get', 'secrets:status', 'auth:status',
    'secretary:ask', 'secretary:cancel',
    'oracle:ask', 'oracle:cancel', 'oracle:openNote',
    'assistant:chat', 'assistant:cancel',
    'assistant:live', 'assistant:liveCancel', 'assistant:liveFrame', 'assistant:liveRelease',
  ],
  indicator: [],
  signIn: [],
} as const satisfies WindowChannels<typeof contract>;

/** Events main sends on its own. */
export const broadcasts = {
  /** Sign-in, sign-out, silent renewal, expiry. */
  'auth:changed': authStatusSchema,
  /** A settings write was stored (from any window, or by main itself): every window's copy follows. */
  'settings:changed': settingsSchema,
  /** A mailbox pass was stored or failed (scheduled or asked for), or an item was dismissed: the pane shows it. */
  'digest:updated': digestStateSchema,
  /** The mailbox was connected or disconnected, or Zoho refused its grant: the Secretary pane follows at once. */
  'zoho:changed': zohoChangedSchema,
  /** The knowledge base changed state: indexing started, progressed or finished, or the folder moved. */
  'oracle:changed': knowledgeStatusSchema,
  /** The global shortcuts were registered again (Settings changed them): which now work, and which do not. */
  'desktop:shortcutsChanged': shortcutStatesSchema,
  /** The machine's policy was read again and changed (its settings follow as `settings:changed`). */
  'policy:changed': policyStateSchema,
  /** A profile was given to the running app (`--profile FILE` from a second start): the window shows its preview. */
  'profile:offered': profilePreviewSchema,
  /** The profile given that way could not be read or is not valid: why, in one sentence (`profile:pending` tells it once too). */
  'profile:refused': appErrorSchema,
  /** The tray or a global shortcut asks the main window to start or stop push-to-talk or live captions. */
  'desktop:command': desktopCommandSchema,
} satisfies Broadcasts;
export type AppBroadcasts = typeof broadcasts;

export type AppContract = typeof contract;
export type AppChannel = keyof AppContract;

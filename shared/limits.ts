/**
 * Every number the seeds fix lives here and nowhere else (docs/requirements.md). Names say the unit.
 * Where a limit is an approximation in the seeds ("~250 KB"), the value here is the one the app enforces.
 */

/** Secretary (seeds 000). */
export const SECRETARY = {
  questionMaxChars: 2000, // S1
  historyMessageMaxChars: 2000, // S2
  historyMaxMessages: 12, // S2: keep the LAST 12
  maxToolRounds: 3, // S4
  searchMaxResults: 10, // S5
  searchSummaryMaxChars: 150, // S5
  readBodyMaxChars: 4000, // S6
  generation: { temperature: 1.0, topP: 0.95, topK: 64, maxOutputTokens: 1024 }, // S3
  rateLimitPerMinute: 20, // S9
  modelTimeoutMs: 40_000, // S10
  modelAttempts: 2, // S10: one retry, for cold starts
} as const;

/** Digest (F0 pass, seeds 000 / issue 5). */
export const DIGEST = {
  /** A pass runs at start when the last one is older than this. */
  staleAfterMs: 12 * 60 * 60 * 1000,
  unreadFetchLimit: 50,
  /**
   * A pass lists this many of the newest unread messages (Zoho's largest page) to tell which open items are still
   * unread; the newest unreadFetchLimit of them that arrived since the last pass are the new mail.
   */
  unreadListLimit: 200,
  /** The first pass of a member looks back this far. */
  firstPassWindowMs: 24 * 60 * 60 * 1000,
  /** Room for a summary and up to unreadFetchLimit items with a sentence each. */
  maxOutputTokens: 4096,
  /** The scheduled pass, local time, every weekday by default. */
  defaultTime: '08:00',
} as const;

/** Oracle (seeds 001). */
export const ORACLE = {
  questionMaxChars: 2000, // as the secretary's S1: one question, not a document
  historyMessageMaxChars: 2000,
  historyMaxMessages: 12, // O1
  retrievalChunks: 8, // O2
  relevanceFloor: 0.4, // O4, for the seeds' embedding model; calibrated per model (O9)
  /**
   * O9: the floor for each embedding model we ship a value for. gemini-embedding-001 at 768 dimensions: see
   * docs/oracle-relevance-floor.md for how 0.65 was chosen and how `npm run oracle:calibrate` replaces it.
   */
  defaultFloors: { 'gemini-embedding-001': 0.65 } as Readonly<Record<string, number>>,
  /** Synthesis (O6): one answer grounded in up to 10 chunks, as patient as the secretary's model calls. */
  modelTimeoutMs: 40_000,
  modelAttempts: 2,
  maxOutputTokens: 2048,
  thinkingLevel: 'low', // seeds 001: "Gemini 3.8 Flash (razonamiento bajo)"; a grounded answer needs little reasoning
  /** The folder is re-read this long after the last change seen, so a burst of saves is one pass. */
  watchDebounceMs: 500,
  /** Corpus gaps (O8): the questions the pane lists, and the days its chart covers. */
  gapsListMax: 50,
  gapsChartDays: 30,
  honestAnswerHints: 5, // O4
  /** Links leading out of the notes folder are left out and named in the status: this many, then only counted. */
  linksOutsideListed: 10,
  maxLinkedChunks: 2, // issue 6: linked notes join the context, bounded
  /**
   * Weighted reciprocal rank fusion (issue 15): a chunk's score is the sum over the rankings that found it of
   * weight / (fusionK + its rank there). The rankings: by cosine, by field-weighted bm25, and the chunks of the notes
   * whose title or alias the question names, which weigh as the other two together so such a note comes first.
   * `links`: the share of its score each of the retrievalChunks best passages lends to the notes it links that were
   * found further down (retrieve.ts, lendToLinkedNotes). Tuned with `npm run oracle:eval -- --tune`, not by hand,
   * and checked on the held-out Obsidian Help sets (docs/oracle-evaluation.md).
   */
  fusionK: 1,
  fusionWeights: { vector: 0.5, lexical: 1.5, links: 0.5 },
  /** bm25's weight for a match in each field of a chunk (FTS5 column weights), tuned with the same evaluation. */
  fieldWeights: { title: 3, aliases: 3, heading: 1, body: 1 },
  /**
   * Someone is waiting on a question's embedding: it gets this long in all, over this many attempts, and is then
   * searched by its words (keyword mode). The corpus's embedding keeps GEMINI's patient policy.
   */
  questionEmbeddingBudgetMs: 4_000,
  questionEmbeddingAttempts: 2,
  /** How deep each side (vector, lexical) is read before fusing. */
  fusionCandidatesPerSide: 50,
  /** A heading's section longer than this is split further; about 400 tokens, well inside one embedding. */
  chunkMaxChars: 1600,
  /** Each further piece repeats this much of the one before, so a sentence cut at a border is whole in one. */
  chunkOverlapChars: 200,
  /**
   * G9: the Oracle's own budget of the AI channel, as many questions as the Assistant's. A question asked with a key
   * counts once (its embedding, then its answer); one without a key calls no model and is not counted.
   */
  rateLimitPerMinute: 20,
  rateLimitWindowMs: 60_000,
} as const;

/** AI channel (seeds 004). */
export const ASSISTANT = {
  /** issue 10: one message, not a document; empty only when a voice question carries audio instead. */
  messageMaxChars: 4000,
  /** An earlier answer may be longer than a question; the pane cuts what it sends to this. */
  historyMessageMaxChars: 8000,
  historyMaxTurns: 20, // G1
  maxToolSteps: 4, // G1
  transientRetries: 3, // G3: retries after the first attempt
  /** Per attempt, and for a stream the longest wait for its next chunk: as patient as the secretary (S10). */
  modelTimeoutMs: 40_000,
  maxOutputTokens: 2048,
  /** G2: a tool that takes longer is abandoned and the model told so. */
  toolTimeoutMs: 20_000,
  /** G2: a tool result larger than this (as JSON) is not sent; the model is told to ask for less. */
  toolResultMaxChars: 16_000,
  /** G2: a search term the model writes for a tool; longer is a confused call, refused with the reason. */
  toolQueryMaxChars: 1000,
  /** G4: the editable layers of the system prompt, and the JSON file that carries them between installs. */
  promptScopeMaxChars: 2000,
  promptInstructionsMaxChars: 4000,
  promptFileMaxBytes: 64_000,
  knowledgeTopK: 8, // G6
  knowledgeKeepWithin: 0.03, // G6: drop everything more than this below the best
  knowledgeMinKept: 2, // G6
  knowledgeMaxKept: 4, // G6
  /** G6 lexical fallback: how many of the question's longest words are searched, by stem. */
  knowledgeFallbackWords: 3,
  /** A suffix is cut only when this much of the word remains, so short words are never reduced to noise. */
  knowledgeStemMinChars: 4,
  rateLimitPerMinute: 20, // G9
  rateLimitWindowMs: 60_000, // G9
  serverTimeZone: 'Asia/Ulaanbaatar', // G7
} as const;

/** Voice and translation (seeds 004). */
export const VOICE = {
  pushToTalkClipBase64Bytes: 250_000, // V1: ~15 s
  audioMaxBase64Bytes: 700_000, // V5: ~30 s of opus
  /** V5: a recording stops by itself here (about 30 s of opus), or sooner if its base64 nears audioMaxBase64Bytes. */
  recordingMaxMs: 30_000,
  /** The recording's countdown is shown over its last seconds. */
  recordingCountdownMs: 10_000,
  /** Speech bitrate for MediaRecorder opus: ~4 KB/s, so 30 s stays far inside the limit (docs/audio.md). */
  recorderBitsPerSecond: 32_000,
  /** Held for less than this, the clip is not sent: "hold the button while you speak". */
  recordingMinMs: 400,
  /** Louder than this (RMS, dBFS) counts as sound; a clip that never was for recordingMinSpeechMs is silent. */
  speechLevelDbfs: -50,
  recordingMinSpeechMs: 150,
  /** V4: one TTS call speaks at most this much text; the renderer sends sentences, and cuts a longer one. */
  ttsTextMaxChars: 1_000,
  /** V2: sentences synthesized ahead of the one playing (bounded, in order). */
  ttsAhead: 2,
  /** TTS for a voice question's answer is part of that question (G9) for this long after it was asked. */
  speechGrantMs: 10 * 60_000,
  ttsTimeoutMs: 30_000,
  sttTimeoutMs: 30_000,
  /**
   * A transcript's output bound: the longest recording (recordingMaxMs) spoken fast, at 10 tokens a second, well
   * above any language's speech rate. A page could send more speech at a lower bitrate; what it costs stops here.
   */
  transcriptMaxOutputTokens: (30_000 / 1000) * 10,
  audioMimeTypes: ['webm', 'ogg', 'wav', 'mpeg', 'mp3', 'mp4', 'm4a', 'aac', 'flac'], // V5
  ttsSampleRateHz: 24_000, // V4
  liveSegmentMs: 7_000, // T2
  liveSegmentsPerMinute: 8, // T2 / G9
} as const;

/** What the Live API takes: 16-bit little-endian PCM, mono, at this rate. */
const LIVE_INPUT_SAMPLE_RATE_HZ = 16_000;
/** Bytes of that PCM in `ms` milliseconds. */
const liveInputBytes = (ms: number) => (ms / 1000) * LIVE_INPUT_SAMPLE_RATE_HZ * 2;

/** Live voice over the Gemini Live API (issue 24). */
export const LIVE = {
  inputSampleRateHz: LIVE_INPUT_SAMPLE_RATE_HZ,
  /** What it answers with: 16-bit little-endian PCM, mono, 24 kHz. */
  outputSampleRateHz: 24_000,
  /** One frame from the microphone: 20 ms, 320 samples, 640 bytes. */
  frameMs: 20,
  /** The most one frame may carry: 100 ms (a page that fell behind may join a few). */
  frameMaxBytes: liveInputBytes(100),
  /** Frames a window may send in any second: 50 at 20 ms, with room for a burst after the page stalled. */
  framesPerSecondMax: 100,
  /**
   * The question's audio main keeps while it is asked, for the one-call path should Live fail: the longest
   * recording. Frames past it are refused.
   */
  questionMaxBytes: liveInputBytes(VOICE.recordingMaxMs),
  /** Setup sent, setupComplete awaited this long; past it Live is unavailable and the one-call path answers. */
  connectTimeoutMs: 5_000,
  /** After the member let go, and between two messages of an answer: the longest silence before the one-call path answers. */
  answerStallMs: 10_000,
  /**
   * A session is kept this long after an answer for a follow-up (which then skips the connection), then closed:
   * Gemini bills a session's whole context again on every turn, so an old one is not worth keeping.
   */
  sessionIdleMs: 120_000,
  /** Live refused as unavailable (model not enabled, WebSocket blocked): questions take the one-call path this long. */
  unavailableRetryMs: 10 * 60_000,
} as const;

/** One text to translate; a document is not what the pane is for. The translation's bounds follow from it. */
const TRANSLATE_TEXT_MAX_CHARS = 5_000;

/** Translation (seeds 004, T1, T2; issue 13). */
export const TRANSLATE = {
  textMaxChars: TRANSLATE_TEXT_MAX_CHARS,
  /**
   * The longest translation kept (the output schema's bound too): a text rewritten in another language runs to
   * about four times its characters at most (Chinese into English), so six times is room to spare, and still
   * within IPC.copyTextMaxChars. A longer reply is a model that went on writing, not a translation.
   */
  translationMaxChars: 6 * TRANSLATE_TEXT_MAX_CHARS,
  /**
   * What the translation call may write: two tokens a character of the longest text covers the scripts the
   * tokenizer splits finest (Mongolian Cyrillic, Devanagari) and the minimal thinking; a reply cut there is refused.
   */
  maxOutputTokens: 2 * TRANSLATE_TEXT_MAX_CHARS,
  /**
   * T2/G9: live captions get their own budget, so a meeting never starves the Assistant's. Speech cut at pauses
   * sends more, shorter segments than the seeds' ~8 a minute: short utterances are merged to stay under this.
   */
  rateLimitPerMinute: 30,
  rateLimitWindowMs: 60_000,
  /** An exported meeting transcript (TXT or SRT): hours of captions; at three UTF-8 bytes a character still inside IPC.maxInputBytes. */
  transcriptMaxChars: 300_000,
  /** Per attempt, for the translation of one segment or text (a segment's speech is Voice's: VOICE.sttTimeoutMs). */
  modelTimeoutMs: 30_000,
  /** Live captions: segments awaiting their reply at once; the rest wait in speaking order (issue 13). */
  captionsInFlight: 2,
  /**
   * A waiting utterance shorter than this is joined with the next waiting one when the pause between them is
   * under captionsMergeGapMs: a burst of "yes", "okay" costs one request of the budget, not several.
   */
  captionsMergeBelowMs: 800,
  captionsMergeGapMs: 1_500,
  /**
   * Spoken captions: translated lines queued to be heard, the one playing included. Beyond this the newest line
   * waits alone and a newer one replaces it: speech that falls behind skips lines to keep up with the meeting.
   */
  spokenCaptionsQueued: 2,
  /**
   * The computer's audio is granted for this long after the member acted: a click or key press in the app's window,
   * or a Start of live captions from the tray or a global shortcut. As long as Chromium lets a click count
   * (its transient activation), so a Start pressed in the page is always in time.
   */
  computerAudioGestureMs: 5_000,
} as const;

/** Live captions streamed to a Gemini Live translation session (issue 25). */
export const LIVE_CAPTIONS = {
  /** Sessions at once: the member's microphone ("You") and the computer's audio ("Others"). */
  sourcesMax: 2,
  /** Frames one window may send in any second: LIVE's bound for each of the two sources. */
  framesPerSecondMax: 2 * LIVE.framesPerSecondMax,
  /** A line's words or its translation: a minute of fast speech, with room; a longer line is a model gone astray. */
  lineMaxChars: 4_000,
  /**
   * After the speaker paused, the model's end of turn is awaited this long for the last translated words; past it
   * the line is final as it stands, so a model that never ends its turn cannot hold a line open.
   */
  settleMs: 2_000,
  /** A dropped connection is opened again after backoff from this base, doubling, never above the cap... */
  reconnectBaseMs: 500,
  reconnectMaxMs: 8_000,
  /** ...this many times in a row; then the session falls back to the pause-cut path. */
  reconnectAttempts: 5,
  /**
   * G9, issue 25: streaming's own budget on the AI channel, in seconds of audio sent (not requests): both sources in
   * real time, and a quarter more for a burst after the page stalled.
   */
  streamSecondsPerMinute: 150,
  streamWindowMs: 60_000,
  /** Spoken translations queued ahead of the one playing: past this the oldest is skipped to keep up. */
  spokenBehindMaxMs: 3_000,
  /** The pane's minutes streamed are told again each time this much more audio went upstream. */
  stateEveryStreamedMs: 10_000,
} as const;

/** Gateway and embeddings (issue 3, docs/external-apis.md, Gemini). */
/** Meeting notes written from live captions' final lines (issue 27). */
export const MEETING_NOTES = {
  /** Final lines one draft reads: a four-hour meeting with a line every three seconds, with room. */
  linesMax: 5_000,
  /**
   * Transcript characters one summary call reads; a longer meeting is summarized in parts of this size and the
   * parts merged by one more call, so no call nears the model's input limit or its output's attention.
   */
  partChars: 60_000,
  /** Parts a draft may need before it is refused as too long (partsMax x partChars of transcript). */
  partsMax: 12,
  titleMaxChars: 120,
  /** The saved note's text (summary and transcript); under IPC.maxInputBytes for any script's UTF-8. */
  textMaxChars: 300_000,
  /** Addresses the member may type for a mail draft. */
  recipientsMax: 50,
  /** The meetings folder's name in Settings: one folder, named like any. */
  folderNameMaxChars: 64,
  /** A note's file name, its date and time included, before ".md": readable in any file manager, far under any system's limit. */
  fileNameMaxChars: 100,
  /** Per attempt of one summary call: up to partChars of transcript read and the notes written. */
  modelTimeoutMs: 90_000,
  /** What one summary call may write: the structured notes of a long meeting part, with room. */
  maxOutputTokens: 8_192,
  /**
   * What the app keeps of the model's notes, so they always fit the note beside the transcript: the summary, each
   * item of a list, the items of each list.
   */
  summaryMaxChars: 4_000,
  itemMaxChars: 300,
  itemsMax: 20,
} as const;

export const GEMINI = {
  embeddingDimensions: 768,
  embeddingBatchMax: 100,
  /** Batch requests in flight at once while embedding a corpus: fast, yet gentle on the per-minute quota. */
  embeddingConcurrency: 2,
  /** Embedding a corpus runs in the background: as patient as the assistant (4 attempts), a minute per batch. */
  embeddingAttempts: 4,
  embeddingTimeoutMs: 60_000,
  /** Our own retry policy (the SDK's is off): jittered exponential backoff from this base, never above the cap. */
  retryBaseDelayMs: 1_000,
  retryMaxDelayMs: 10_000,
  /**
   * Someone is waiting on a question (Oracle, Secretary, Assistant, a question's embedding): a RetryInfo.retryDelay
   * up to this is waited out quietly, as it is barely longer than an answer takes. A longer one comes back at once
   * with its retryAfterMs, so the pane counts it down instead of showing "Searching…" the whole time (issue 11).
   */
  quietQuotaWaitMaxMs: 5_000,
  /** Background work (embedding the notes) has no one watching it: it waits out a RetryInfo up to this. */
  backgroundQuotaWaitMaxMs: 30_000,
  /** `secrets:check`, and the key and model checks made on saving them: one short attempt (one output token). */
  keyCheckTimeoutMs: 15_000,
  keyCheckAttempts: 1,
  keyCheckMaxOutputTokens: 1,
  /**
   * G9: `secrets:check` is a real model call and needs no sign-in, so it has a budget of its own, counted for the
   * installation (signed in or not): a member checks a key now and then, never this often.
   */
  keyChecksPerMinute: 5,
  keyCheckWindowMs: 60_000,
  /** How much of Google's own error text goes into the log. */
  upstreamDetailMaxChars: 300,
} as const;

/** The IPC boundary: what any single call may carry, whatever its channel. */
export const IPC = {
  /** Above the largest legitimate payload (a 700 KB audio clip plus its envelope). */
  maxInputBytes: 1_000_000,
  maxInputDepth: 32,
  secretValueMaxChars: 4096,
  /** Room for a whole answer (the Assistant's longest, maxOutputTokens of text, is well under this). */
  copyTextMaxChars: 64_000,
  knowledgePathMaxChars: 4096,
  /** A refused input's error repeats this much of it at most (its message, and its field path, each). */
  errorEchoMaxChars: 300,
  /** Of each key or path segment it repeats, and how many unknown keys it names. */
  errorEchoNameMaxChars: 40,
  errorEchoMaxNames: 3,
} as const;

/** Staff identity through Cloudflare Access (issue 4, docs/external-apis.md, Cloudflare Access). */
export const AUTH = {
  /** Tolerance on exp/nbf for a member whose clock drifts a little from Cloudflare's. */
  clockSkewMs: 60_000,
  /** At most one JWKS refetch this often, whatever the number of tokens with unknown keys. */
  jwksRefetchMinIntervalMs: 60_000,
  jwksFetchTimeoutMs: 10_000,
  /**
   * Cached signing keys are trusted this long, then the next verification refetches: a key Cloudflare revoked
   * stops being accepted within the hour. Rotation itself needs no refetch this often (every 6 weeks, the next
   * key published in advance).
   */
  jwksMaxAgeMs: 60 * 60_000,
  /**
   * Past max age, while the key set cannot be fetched, the cached keys still verify this much longer (logged): a
   * network blip must not lock every member out.
   */
  jwksStaleGraceMs: 24 * 60 * 60_000,
  /** Silent renewal starts this long before the token expires. */
  renewBeforeExpiryMs: 5 * 60_000,
  /** A hidden renewal that has no fresh token by then means the identity provider wants the member again. */
  silentRenewTimeoutMs: 30_000,
} as const;

/** Zoho Mail and its OAuth server (issue 5, docs/external-apis.md, Zoho Mail). */
export const ZOHO = {
  /** Every request to Zoho: the caller's own signal may end it sooner. */
  requestTimeoutMs: 15_000,
  /** Zoho locks an account at about 30 Mail API requests a minute; the throttle keeps well under that. */
  requestsPerWindow: 25,
  requestWindowMs: 60_000,
  /** A throttle wait up to this is waited out; a longer one is handed back to the caller as "try again in …". */
  throttleMaxWaitMs: 20_000,
  /** After Zoho's rate-limit lock: no request for this long, doubled for each lock in a row, never above the cap. */
  lockBackoffMs: 60_000,
  lockBackoffMaxMs: 10 * 60_000,
  /** OAuth: at most 10 token requests per 10 minutes per refresh token. */
  refreshesPerWindow: 10,
  refreshWindowMs: 10 * 60_000,
  /** Access tokens live an hour; one is replaced this long before it expires. */
  accessTokenRenewBeforeMs: 2 * 60_000,
  /** Device flow: the poll interval when Zoho names none (RFC 8628's default), and what `slow_down` adds. */
  deviceIntervalDefaultMs: 5_000,
  deviceSlowDownStepMs: 5_000,
  /** Guards against an interval that would stall the flow (e.g. milliseconds read as seconds). */
  deviceIntervalMaxMs: 60_000,
  /** Loopback flow: how long the one-shot server waits for the browser to come back. */
  loopbackTimeoutMs: 5 * 60_000,
  /** Revoking the refresh token on disconnect is best effort and must not hold the member up. */
  revokeTimeoutMs: 5_000,
  /** A search key ANDs at most this many words of the model's free text. */
  searchQueryMaxWords: 8,
  /** The relaxed retry keeps at most this many of the query's words (the longest). */
  relaxedQueryMaxWords: 2,
  /** The most a search or list request may ask for (Zoho accepts 1 to 200). */
  listMaxLimit: 200,
} as const;

/** Updates of the packaged app (electron/main/platform/updater.ts), when it was built with a feed. */
export const UPDATES = {
  /** A tray app runs for weeks: besides the check at start, one this often. */
  checkEveryMs: 6 * 60 * 60 * 1000,
} as const;

/** The tray icon (electron/main/desktop/tray-view.ts). */
export const TRAY = {
  /** The latest pass's summary in the tray menu is cut to one line of at most this many characters. */
  passSummaryMaxChars: 60,
} as const;

/** The app's window (electron/main/desktop/window-placement.ts). */
export const WINDOW = {
  /** Where the window was is remembered for this many displays (arrangements of screens), the latest first. */
  placementsKept: 8,
} as const;

/** What the page says in passing (renderer/src/ui/use-notice.ts). */
export const NOTICE = {
  /** A confirmation ("Copied.", "The pass is done.") goes away on its own after this long; an error stays. */
  transientMs: 5_000,
} as const;

/** The team profile an admin exports and members import (issue 28, TP1 and TP2). */
export const TEAM_PROFILE = {
  /** A profile is a few kilobytes (the prompts are the largest part): anything far above is not one. */
  fileMaxBytes: 256 * 1024,
  nameMaxChars: 80,
  /** A path hint, and a Zoho client id or secret, are one line each. */
  lineMaxChars: 1024,
} as const;

/** The machine-wide policy IT deploys (issue 28, TP3). */
export const MANAGED_POLICY = {
  fileMaxBytes: 256 * 1024,
  /** The Windows registry and macOS managed preferences have no change event Node can hear: read this often. */
  pollEveryMs: 60_000,
  /** reg.exe or plutil that has not answered by then is stopped: the policy is read again at the next poll. */
  readTimeoutMs: 10_000,
} as const;

/** Help > Copy diagnostics (issue 28, TP4). */
export const DIAGNOSTICS = {
  /** The log's last lines in the report, after redaction. */
  logLines: 200,
  /** A log line longer than this is cut: the report is for a person to read, and the log holds data, not text. */
  logLineMaxChars: 2_000,
} as const;

/** Crash reports (issue 29, RD3): Electron's minidumps, kept here and sent to the team's server when allowed. */
export const CRASH_REPORTS = {
  /** The newest minidumps kept on this computer; older ones are deleted, sent or not. */
  keepDumps: 10,
  /** The diagnostics report lists this many of the newest minidumps, and of this session's processes that died. */
  listInDiagnostics: 5,
  /** One upload that has not answered by then is abandoned and tried again. */
  uploadTimeoutMs: 60_000,
  /** Tries per minidump per pass (the first and two retries) on a timeout, a reset, 429 or 5xx. */
  uploadAttempts: 3,
  /** The wait before a retry doubles from this. */
  retryBaseMs: 2_000,
  /** A server's Retry-After is followed up to this; longer, the minidump waits for the next pass. */
  retryAfterMaxMs: 60_000,
  /** A minidump is usually well under a megabyte; one larger than this is kept here, never read into memory. */
  dumpMaxBytes: 32 * 1024 * 1024,
  /** The crash server's address, query string included. */
  urlMaxChars: 2_048,
} as const;

/** The start (issue 29, RD4): the budgets the README states, and how long main waits for a start's figures. */
export const STARTUP = {
  /** From the process's start to the tray icon, on a five-year-old laptop. */
  trayReadyBudgetMs: 1_500,
  /** From the process's start to the pane's first paint (the window usable), on a five-year-old laptop. */
  windowUsableBudgetMs: 2_000,
  /**
   * After the tray is ready, a figure still missing by then (a page that never painted) is left out: the start is
   * over, and it is logged with what it reached.
   */
  settleMs: 30_000,
} as const;

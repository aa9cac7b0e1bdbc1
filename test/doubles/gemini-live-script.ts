/**
 * What a Live session of the double says, turn by turn, and when: the scripting API of the Live double
 * (docs/external-apis.md, Gemini, Live API).
 */

/** One function call the model makes; the answer waits until the client's toolResponse arrives. */
export interface LiveToolCall {
  /** `call-<turn>-<n>` unless given. */
  id?: string;
  name: string;
  args?: Record<string, unknown>;
}

/** The answer of one turn: the words, as outputTranscription pieces, beside generated 24 kHz audio. */
export interface LiveAnswer {
  text: string;
  /** How long the answer's audio lasts: a deterministic tone (tonePcm), cut into chunks. */
  audioMs: number;
  /** Audio per modelTurn message. Default 100 ms. */
  chunkMs?: number;
  /** The pause between two chunks. Default 0 (Google sends faster than real time); set it to leave room for a barge-in. */
  chunkIntervalMs?: number;
}

/** How a connection ends while a turn is played. */
export interface LiveEnd {
  /** After this many answer chunks (0: before the first answer message). Default 0. */
  afterChunks?: number;
  /** A close frame with this code and reason; without a code the socket just drops (the client sees 1006). */
  code?: number;
  reason?: string;
}

/** One turn: from the member's activityStart (or first audio) to the model's turnComplete. */
export interface LiveTurn {
  /**
   * Input transcription pieces. The next piece is sent each time another `heardEveryBytes` of audio arrived;
   * whatever is left goes right after activityEnd.
   */
  heard?: readonly string[];
  /** Default 16 000 bytes: half a second of 16 kHz PCM16. */
  heardEveryBytes?: number;
  /** The wait after activityEnd before the first answer message (the tool call, if any). Default 0. */
  answerDelayMs?: number;
  /** Calls made first; the answer follows the toolResponse. */
  toolCalls?: readonly LiveToolCall[];
  /** The wait after the toolResponse before the answer. Default: answerDelayMs. */
  afterToolDelayMs?: number;
  /** Server messages sent verbatim before the answer (e.g. a toolCallCancellation, usageMetadata). */
  messages?: readonly object[];
  /** Omitted: the turn ends with turnComplete only (as a model with nothing to say). */
  answer?: LiveAnswer;
  /** The connection ends during this turn instead of completing it. */
  end?: LiveEnd;
  /** After turnComplete: a goAway with this timeLeft, then a close (1008, as Google's ABORTED) once it has passed. */
  goAwayAfterMs?: number;
}

/**
 * One stretch of speech a Live translation session hears (a model whose id says live-translate): its words are
 * carried by its audio in proportion (word i of N once (i+1)/N of `speechMs` arrived, counted from the first frame
 * that is not silence), each heard word goes out as inputTranscription when carried, and the translation's words, in
 * the same proportion, as outputTranscription (beside 24 kHz audio) `lagMs` later.
 */
export interface LiveUtterance {
  heard: string;
  translation: string;
  speechMs: number;
  /**
   * The model ends the turn itself (turnComplete) once the last word went out, without waiting for audioStreamEnd:
   * its own turn boundary in the middle of speech.
   */
  endsTurn?: boolean;
}

/** What a Live translation conversation hears, and how its connections end. */
export interface LiveTranslationScript {
  utterances: readonly LiveUtterance[];
  /** From a word's audio arriving to its translation going out. Default 700 ms. */
  lagMs?: number;
  /**
   * A goAway on the conversation's connection number `connection` (default 0, the first; resumed ones count), once
   * `afterBytes` of audio arrived on it or `afterMs` after setupComplete; then a close (1008, ABORTED) once
   * `timeLeftMs` passed and what the connection already heard was translated.
   */
  goAway?: { connection?: number; afterBytes?: number; afterMs?: number; timeLeftMs: number };
  /**
   * The connection drops without a close frame once `afterBytes` of utterance number `utterance` arrived (once per
   * conversation): what the server held of the utterances it had not completed is lost, and they are heard afresh
   * from the audio the client sends again.
   */
  drop?: { utterance: number; afterBytes: number };
}

/** One conversation: a new connection takes the next scripted step; a resumed one continues its conversation. */
export interface LiveScript {
  turns: readonly LiveTurn[];
  /** For a live-translate model: what is heard and translated (the turns are then unused). */
  translation?: LiveTranslationScript;
  /** Played for every turn past the script: an answer, so that an unscripted test is never left waiting. */
  otherwise?: LiveTurn;
  /** The wait between the setup message and setupComplete. Default 0. */
  setupDelayMs?: number;
  /** Refuses the setup with this close instead of completing it (e.g. 1011 quota). */
  refuseSetup?: { code: number; reason: string };
}

export const DEFAULT_LIVE_ANSWER = 'double live reply';
export const DEFAULT_LIVE_TURN: LiveTurn = { answer: { text: DEFAULT_LIVE_ANSWER, audioMs: 300 } };

/** An utterance past a translation script: some words, so that an unscripted test sees captions. */
export const DEFAULT_LIVE_UTTERANCE: LiveUtterance = { heard: 'double live speech', translation: 'double live translation', speechMs: 1_000 };
/** The bench's double: each word's translation 700 ms after the audio carrying it arrived (issue 25). */
export const DEFAULT_TRANSLATION_LAG_MS = 700;

export const DEFAULT_HEARD_EVERY_BYTES = 16_000;
export const DEFAULT_CHUNK_MS = 100;

/** What Google documents for the audio it takes (rate aside, which the double holds to 16 kHz: see the session). */
export const LIVE_INPUT_MIME = 'audio/pcm;rate=16000';
export const LIVE_OUTPUT_MIME = 'audio/pcm;rate=24000';

/** The answer's text in the pieces outputTranscription carries: each word with the space after it. */
export function transcriptPieces(text: string): string[] {
  return text.match(/\S+\s*/g) ?? [];
}

/** Which transcript pieces go with chunk `index` of `chunks`: spread evenly, all of them by the last chunk. */
export function piecesForChunk(pieces: readonly string[], index: number, chunks: number): readonly string[] {
  const from = Math.floor((index * pieces.length) / chunks);
  const to = Math.floor(((index + 1) * pieces.length) / chunks);
  return pieces.slice(from, to);
}

/** The conversation's own id for the Nth call of a turn, when the script gives none. */
export function callId(turn: number, index: number): string {
  return `call-${turn}-${index}`;
}

/** Closes Google sends, with its own words where they are known (docs/external-apis.md, Gemini, Live API). */
export const LIVE_CLOSE = {
  invalidKey: { code: 1007, reason: 'API key not valid. Please pass a valid API key.' },
  unknownModel: (model: string) => ({
    code: 1008,
    reason: `models/${model} is not found for API version v1beta, or is not supported for bidiGenerateContent. Call ListModels to see the list of available models and their supported methods.`,
  }),
  invalidArgument: { code: 1007, reason: 'Request contains an invalid argument.' },
  notJson: { code: 1007, reason: 'Invalid JSON payload received. Unexpected token.' },
  unknownField: (name: string) => ({ code: 1007, reason: `Invalid JSON payload received. Unknown name "${name}": Cannot find field.` }),
  /** The client message is a proto oneof (message_type): a second member is refused. */
  secondField: (name: string) => ({
    code: 1007,
    reason: `Invalid JSON payload received. Oneof field 'message_type' is already set. Cannot set '${name}'`,
  }),
  explicitActivity: {
    code: 1007,
    reason: 'Explicit activity control is not supported when automatic activity detection is enabled.',
  },
  /**
   * Realtime input while the initial history the setup declared is still open. The wording is the double's (Google
   * documents the rule, not its refusal), in the style of its other invalid-argument closes.
   */
  historyIncomplete: {
    code: 1007,
    reason: 'Request contains an invalid argument. Realtime input is not allowed before the initial history is complete.',
  },
  /** A handle the server does not know (or no longer keeps). */
  staleHandle: { code: 1008, reason: 'BidiGenerateContent session expired' },
  /** The end a goAway announced: the connection is terminated as ABORTED. */
  aborted: { code: 1008, reason: 'The operation was aborted.' },
  quota: { code: 1011, reason: 'You exceeded your current quota, please check your plan and billing details.' },
  internal: { code: 1011, reason: 'Internal error encountered.' },
  unavailable: { code: 1011, reason: 'The service is currently unavailable.' },
} as const;

const TOP_LEVEL_FIELDS = new Set(['setup', 'clientContent', 'realtimeInput', 'toolResponse']);

/** Why Google would refuse this client message as a message (not for what it asks), or null. */
export function messageRefusal(message: unknown): { code: number; reason: string } | null {
  if (message === NOT_JSON) return LIVE_CLOSE.notJson;
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return LIVE_CLOSE.invalidArgument;
  const names = Object.keys(message);
  const unknown = names.find((name) => !TOP_LEVEL_FIELDS.has(name));
  if (unknown !== undefined) return LIVE_CLOSE.unknownField(unknown);
  if (names.length === 0) return LIVE_CLOSE.invalidArgument;
  if (names.length > 1) return LIVE_CLOSE.secondField(names[1] ?? '');
  return null;
}

/** What a message that is not JSON parses to. */
export const NOT_JSON: unique symbol = Symbol('not JSON');

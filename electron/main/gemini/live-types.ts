import type { GeminiFailure, Outcome } from './failure';
import type { FunctionCall, ToolDeclaration } from './gateway-types';

/** What a Live session is opened with (the Live API's setup message, in the app's words): a voice conversation or a translation. */
export type LiveSetup = LiveVoiceSetup | LiveTranslationSetup;

/** A conversation with the model, push-to-talk, with its instructions and tools (issue 24). */
export interface LiveVoiceSetup {
  kind?: 'voice';
  model: string;
  systemInstruction: string;
  tools: readonly ToolDeclaration[];
  /** A prebuilt voice, e.g. 'Kore'. */
  voiceName: string;
  /** A handle from an earlier 'resumable' event: the session continues where it was. */
  resumeHandle?: string | null;
  /**
   * The conversation so far (what was typed to the Assistant before this voice question), oldest first, for a new
   * session only: it is ignored when resuming, since a resumed session keeps its own.
   */
  history?: readonly LiveHistoryTurn[];
}

/**
 * An interpreter (issue 25): continuous speech in, its translation out as text and audio, with no instructions or
 * tools; the server detects speech itself, so no activity signals are sent.
 */
export interface LiveTranslationSetup {
  kind: 'translation';
  model: string;
  /** BCP-47, e.g. 'es'. */
  targetLanguageCode: string;
  /** A handle from an earlier 'resumable' event: the session continues where it was. */
  resumeHandle?: string | null;
}

/** One earlier turn of the conversation, as the member or the model said it. */
export interface LiveHistoryTurn {
  role: 'user' | 'model';
  text: string;
}

/** What the Live API says, in order, in the app's words. */
export type LiveEvent =
  /** A piece of the input transcription (to append). */
  | { kind: 'heard'; text: string }
  /** A piece of the output transcription (to append). */
  | { kind: 'said'; text: string }
  /** Answer audio as it arrives: 24 kHz mono PCM16 little-endian. */
  | { kind: 'audio'; pcm: Uint8Array }
  | { kind: 'toolCall'; calls: FunctionCall[] }
  | { kind: 'toolCallCancellation'; ids: string[] }
  | { kind: 'interrupted' }
  | { kind: 'turnComplete' }
  /** A handle that resumes the session as it is now, on a new connection. */
  | { kind: 'resumable'; handle: string }
  /** The server will close this connection in timeLeftMs. */
  | { kind: 'goAway'; timeLeftMs: number }
  /** null: closed by close(). */
  | { kind: 'closed'; failure: GeminiFailure | null };

export interface LiveConnection {
  /** realtimeInput audio: 16 kHz mono PCM16 little-endian. */
  sendAudio(pcm: Uint8Array): void;
  activityStart(): void;
  activityEnd(): void;
  /** The audio paused (automatic activity detection only): the server flushes what it holds of it. */
  audioStreamEnd(): void;
  sendToolResponse(responses: readonly { id?: string; name: string; response: Record<string, unknown> }[]): void;
  close(): void;
}

/** Opens a Live session; resolves once the server confirmed the setup, or with the classified failure. */
export type OpenLive = (
  setup: LiveSetup,
  onEvent: (event: LiveEvent) => void,
  signal?: AbortSignal,
) => Promise<Outcome<LiveConnection>>;

import { type Content, type HistoryConfig, type Live, type LiveConnectConfig, type LiveServerMessage, Modality, type Session } from '@google/genai';
import { LIVE } from '../../../shared/limits';
import type { Logger } from '../log/logger';
import { classifyThrown } from './classify-error';
import { parseDurationMs } from './error-body';
import { failed, type GeminiFailure, type Outcome } from './failure';
import { openGeminiClient, type ReadGeminiKey } from './gemini-client';
import { classifyLiveClose } from './live-close';
import type { LiveConnection, LiveEvent, LiveHistoryTurn, LiveSetup, LiveTranslationSetup, LiveVoiceSetup } from './live-types';
import { sdkDeclaration } from './request-plan';

export interface LiveDeps {
  readKey: ReadGeminiKey;
  baseUrl: string;
  log: Logger;
  connectTimeoutMs?: number;
}

const INPUT_MIME_TYPE = `audio/pcm;rate=${LIVE.inputSampleRateHz}`;
/** The first clientContent is the conversation so far, not a question: Google answers nothing until realtimeInput. */
const HISTORY_CONFIG: HistoryConfig = { initialHistoryInClientContent: true };

/**
 * Opens a Live session (BidiGenerateContent) with the stored key, on the endpoint the SDK derives from the same
 * baseUrl as every other Gemini call. Resolves once setupComplete arrived, or with the classified failure; events
 * then arrive through onEvent in the order Google sent them, the last one 'closed'. `signal` cancels the connect.
 * A new session with a history gets it before it resolves, so no audio can overtake it.
 */
export async function openLiveConnection(
  deps: LiveDeps,
  setup: LiveSetup,
  onEvent: (event: LiveEvent) => void,
  signal?: AbortSignal,
): Promise<Outcome<LiveConnection>> {
  if (signal?.aborted) return failed({ kind: 'cancelled' });
  const client = await openGeminiClient(deps);
  if (!client.ok) return client;
  const { ai, key } = client.value;
  // A resumed session keeps its own history: sending it again would tell the model everything twice.
  const history = setup.kind === 'translation' || setup.resumeHandle ? [] : (setup.history ?? []);
  const seedsHistory = history.length > 0;
  if (seedsHistory) forwardHistoryConfig(ai.live);
  const timeoutMs = deps.connectTimeoutMs ?? LIVE.connectTimeoutMs;
  const logFailure = (failure: GeminiFailure, stage: 'connect' | 'session') => {
    const fields = { model: setup.model, stage, kind: failure.kind, detail: failure.detail };
    if (failure.kind === 'cancelled') deps.log.info('gemini live cancelled', fields);
    else deps.log.warn('gemini live failed', fields);
  };

  return new Promise((resolve) => {
    let opened = false;
    let over = false;
    let closedByUs = false;
    let session: Session | null = null;
    let lastError = '';

    const give = (outcome: Outcome<LiveConnection>) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      resolve(outcome);
    };
    // Past a give-up, the SDK may still complete the connect: the session it hands over then is closed at once.
    const giveUp = (failure: GeminiFailure) => {
      over = true;
      logFailure(failure, 'connect');
      give(failed(failure));
    };
    const onAbort = () => giveUp({ kind: 'cancelled' });
    const timer = setTimeout(() => giveUp({ kind: 'timeout', detail: `no setupComplete within ${timeoutMs} ms` }), timeoutMs);
    signal?.addEventListener('abort', onAbort, { once: true });

    const onClose = (code: number, reason: string) => {
      if (over) return;
      over = true;
      if (!opened) {
        const failure = classifyLiveClose(code, reason || lastError, key);
        logFailure(failure, 'connect');
        return give(failed(failure));
      }
      const failure = closedByUs ? null : classifyLiveClose(code, reason || lastError, key);
      if (failure) logFailure(failure, 'session');
      onEvent({ kind: 'closed', failure });
    };

    const connection: LiveConnection = {
      sendAudio(pcm) {
        if (!over) session?.sendRealtimeInput({ audio: { data: Buffer.from(pcm).toString('base64'), mimeType: INPUT_MIME_TYPE } });
      },
      activityStart() {
        if (!over) session?.sendRealtimeInput({ activityStart: {} });
      },
      activityEnd() {
        if (!over) session?.sendRealtimeInput({ activityEnd: {} });
      },
      audioStreamEnd() {
        if (!over) session?.sendRealtimeInput({ audioStreamEnd: true });
      },
      sendToolResponse(responses) {
        if (!over) session?.sendToolResponse({ functionResponses: responses.map((response) => ({ ...response })) });
      },
      close() {
        if (over || closedByUs) return;
        closedByUs = true;
        session?.close();
      },
    };

    ai.live
      .connect({
        model: setup.model,
        config: setup.kind === 'translation' ? translationConfig(setup) : voiceConfig(setup, seedsHistory),
        callbacks: {
          onmessage: (message) => {
            if (!over) for (const event of liveEvents(message)) onEvent(event);
          },
          onerror: (event: { message?: unknown }) => {
            lastError = typeof event.message === 'string' ? event.message : '';
          },
          onclose: (event: { code: number; reason: string }) => onClose(event.code, event.reason),
        },
      })
      .then(
        (connected) => {
          session = connected;
          if (over) return connected.close();
          opened = true;
          if (seedsHistory) connected.sendClientContent({ turns: history.map(historyContent), turnComplete: true });
          deps.log.info('gemini live connected', { model: setup.model, resumed: Boolean(setup.resumeHandle), historyTurns: history.length });
          give({ ok: true, value: connection });
        },
        (error: unknown) => {
          if (!over) giveUp(classifyThrown(error, { callerAborted: signal?.aborted ?? false, timedOut: false, key }));
        },
      );
  });
}

/** What every Live session of the app asks for: audio out, both transcriptions, resumable, compressed (long meetings). */
function commonConfig(setup: LiveSetup): LiveConnectConfig {
  return {
    responseModalities: [Modality.AUDIO],
    inputAudioTranscription: {},
    outputAudioTranscription: {},
    sessionResumption: setup.resumeHandle ? { handle: setup.resumeHandle } : {},
    contextWindowCompression: { slidingWindow: {} },
  };
}

/**
 * The setup of docs/external-apis.md (Gemini, Live API): push-to-talk, both transcriptions, resumable, compressed,
 * and, when the session is seeded with the conversation so far, the history declared as such.
 */
function voiceConfig(setup: LiveVoiceSetup, seedsHistory: boolean): LiveConnectConfig {
  return {
    ...commonConfig(setup),
    speechConfig: { voiceConfig: { prebuiltVoiceConfig: { voiceName: setup.voiceName } } },
    systemInstruction: setup.systemInstruction,
    ...(setup.tools.length > 0 ? { tools: [{ functionDeclarations: setup.tools.map(sdkDeclaration) }] } : {}),
    realtimeInputConfig: { automaticActivityDetection: { disabled: true } },
    ...(seedsHistory ? { historyConfig: HISTORY_CONFIG } : {}),
  };
}

/**
 * The live-translate setup (docs/external-apis.md, Gemini, Live translation): no instructions, no tools, the server's
 * own speech detection; speech already in the target language is shown once rather than spoken back.
 */
function translationConfig(setup: LiveTranslationSetup): LiveConnectConfig {
  return { ...commonConfig(setup), translationConfig: { targetLanguageCode: setup.targetLanguageCode, echoTargetLanguage: false } };
}

function historyContent(turn: LiveHistoryTurn): Content {
  return { role: turn.role, parts: [{ text: turn.text }] };
}

/** The SDK's own WebSocket plumbing, which @google/genai does not export: only what forwardHistoryConfig touches. */
interface SdkSocketFactory {
  create(url: string, headers: Record<string, string>, callbacks: unknown): { send(message: string): void };
}

/**
 * @google/genai 2.32 types LiveConnectConfig.historyConfig but leaves it out of the setup message it sends
 * (googleapis/js-genai#1520); without it Google takes the history for a question to answer, and Live models that
 * only take clientContent as initial history refuse it with 1007. Until the SDK forwards it, the setup frame gets it
 * on its way out, and is left alone once the SDK sends it. This reaches into a private field of the SDK's Live
 * class: the LV2-history tests against the double fail if an upgrade moves it.
 */
function forwardHistoryConfig(live: Live): void {
  const holder = live as unknown as { webSocketFactory: SdkSocketFactory };
  const factory = holder.webSocketFactory;
  holder.webSocketFactory = {
    create(url, headers, callbacks) {
      const socket = factory.create(url, headers, callbacks);
      const send = socket.send.bind(socket);
      // Only the first message is the setup: every later one (audio, many a second) goes out untouched.
      socket.send = (message) => {
        socket.send = send;
        send(withHistoryConfig(message));
      };
      return socket;
    },
  };
}

function withHistoryConfig(message: string): string {
  const parsed = JSON.parse(message) as { setup?: Record<string, unknown> };
  if (!parsed.setup || parsed.setup.historyConfig !== undefined) return message;
  return JSON.stringify({ ...parsed, setup: { ...parsed.setup, historyConfig: HISTORY_CONFIG } });
}

/** One server message as events, in the order its parts are meant to be taken. */
function liveEvents(message: LiveServerMessage): LiveEvent[] {
  const events: LiveEvent[] = [];
  const content = message.serverContent;
  if (content?.inputTranscription?.text) events.push({ kind: 'heard', text: content.inputTranscription.text });
  for (const part of content?.modelTurn?.parts ?? []) {
    const inline = part.inlineData;
    if (inline?.data && inline.mimeType?.startsWith('audio/')) events.push({ kind: 'audio', pcm: new Uint8Array(Buffer.from(inline.data, 'base64')) });
  }
  if (content?.outputTranscription?.text) events.push({ kind: 'said', text: content.outputTranscription.text });
  if (content?.interrupted) events.push({ kind: 'interrupted' });
  if (content?.turnComplete) events.push({ kind: 'turnComplete' });
  const calls = message.toolCall?.functionCalls;
  if (calls?.length) {
    events.push({
      kind: 'toolCall',
      calls: calls.map((call) => ({ ...(call.id ? { id: call.id } : {}), name: call.name ?? '', args: call.args ?? {} })),
    });
  }
  const cancelled = message.toolCallCancellation?.ids;
  if (cancelled?.length) events.push({ kind: 'toolCallCancellation', ids: cancelled });
  if (message.goAway) events.push({ kind: 'goAway', timeLeftMs: parseDurationMs(message.goAway.timeLeft ?? '') ?? 0 });
  const update = message.sessionResumptionUpdate;
  if (update?.resumable && update.newHandle) events.push({ kind: 'resumable', handle: update.newHandle });
  return events;
}

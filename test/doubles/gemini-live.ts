/** The Live API session as the double plays it: setup, setupComplete, then scripted server messages per client turn. */
import { performance } from 'node:perf_hooks';
import type { RawData, WebSocket } from 'ws';
import { INVALID_KEY_MESSAGE, type GeminiStep, stripModelsPrefix } from './gemini-steps';
import { pause } from './http-double';

/** Exactly what @google/genai 2.32 builds from a plain baseUrl: `${new URL(baseUrl)}` ends in '/', hence the '//'. */
export const LIVE_PATH = '//ws/google.ai.generativelanguage.v1beta.GenerativeService.BidiGenerateContent';

/** Google ends a Live session it rejects with 1007 and the error message as the close reason. */
const REJECT_CLOSE_CODE = 1007;
/** What ws reports when the peer vanished without a close frame. */
const ABNORMAL_CLOSE_CODE = 1006;

export interface LiveRecord {
  model: string;
  apiKey: string | null;
  body: unknown;
  aborted: boolean;
  firstByteAt?: number;
}

export interface LiveSessionDeps {
  isValidKey(key: string | null): boolean;
  /** The scripted step for this model's session, or the default. */
  takeStep(model: string): GeminiStep;
  /** Aborts when the double closes. */
  closing: AbortSignal;
}

export function serveLiveSession(socket: WebSocket, record: LiveRecord, deps: LiveSessionDeps): void {
  const clientMessages: unknown[] = [];
  record.body = clientMessages;
  let groups: ReadonlyArray<readonly unknown[]> | null = null;
  let turnsAnswered = 0;
  let endedByDouble = false;

  const send = (message: unknown) => {
    record.firstByteAt ??= performance.now();
    // Google sends JSON in binary frames (browsers see Blobs); the SDK decodes either.
    socket.send(JSON.stringify(message), { binary: true });
  };

  const perform = async (step: GeminiStep): Promise<void> => {
    switch (step.kind) {
      case 'delay':
        if (await pause(step.ms, deps.closing)) await perform(step.then);
        return;
      case 'hang':
        return;
      case 'reset':
        endedByDouble = true;
        socket.terminate();
        return;
      case 'live':
        groups = step.groups;
        send({ setupComplete: {} });
        return;
      default:
        throw new Error(`A Live session cannot perform a '${step.kind}' step.`);
    }
  };

  socket.on('message', (data: RawData) => {
    const message = parseMessage(data);
    clientMessages.push(message);
    if (clientMessages.length === 1) {
      void begin(message);
    } else if (groups && isClientTurn(message)) {
      for (const serverMessage of groups[turnsAnswered] ?? []) send(serverMessage);
      turnsAnswered += 1;
    }
  });

  const begin = async (setupMessage: unknown) => {
    const model = (setupMessage as { setup?: { model?: unknown } } | null)?.setup?.model;
    record.model = typeof model === 'string' ? stripModelsPrefix(model) : '';
    if (!deps.isValidKey(record.apiKey)) {
      endedByDouble = true;
      socket.close(REJECT_CLOSE_CODE, INVALID_KEY_MESSAGE);
      return;
    }
    await perform(deps.takeStep(record.model));
  };

  socket.on('close', (code: number) => {
    if (code === ABNORMAL_CLOSE_CODE && !endedByDouble) record.aborted = true;
  });
}

function parseMessage(data: RawData): unknown {
  const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data);
  const text = bytes.toString('utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function isClientTurn(message: unknown): boolean {
  return typeof message === 'object' && message !== null && ('realtimeInput' in message || 'clientContent' in message);
}

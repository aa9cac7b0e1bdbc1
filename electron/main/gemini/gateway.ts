import { GEMINI } from '../../../shared/limits';
import { ok } from '../../../shared/result';
import type { Logger } from '../log/logger';
import { sleep as realSleep, type Sleep } from '../timers/sleep';
import { createCapabilityBook, declaredCapabilities, type ModelCapabilities } from './capabilities';
import { embedTexts } from './embed';
import { failed, toResult, type GeminiResult, type Outcome } from './failure';
import type {
  CallOptions,
  EmbedOptions,
  GenerateRequest,
  Generation,
  JsonRequest,
  KeyCheck,
  StreamRequest,
} from './gateway-types';
import { createGeminiCaller, type AttemptContext } from './gemini-caller';
import type { ReadGeminiKey } from './gemini-client';
import { readJsonReply, repairTurns } from './json-output';
import { decoderJsonSchema } from './json-schema';
import { createStreamReader, readGeneration } from './read-generation';
import { planGeneration, type Plan, type PlanInput } from './request-plan';
import type { AttemptOutcome } from './retry-policy';
import { userText } from './turns';

export interface GeminiGatewayDeps {
  /** The member's key, read for every call (the keychain in the app). */
  readKey: ReadGeminiKey;
  /** https://generativelanguage.googleapis.com in the app; the double's URL in tests. */
  baseUrl: string;
  log: Logger;
  sleep?: Sleep;
  random?: () => number;
  /** Milliseconds on a monotonic clock. */
  now?: () => number;
  /** What each model accepts before any refusal is seen (capabilities.ts by default). */
  capabilities?: (model: string) => ModelCapabilities;
}

/** The one way any pipeline talks to Gemini. Every method answers with a Result; none throws for a failure. */
export interface GeminiGateway {
  /** One answer: text, function calls, or audio in `content`. */
  generate(request: GenerateRequest): Promise<GeminiResult<Generation>>;
  /** A JSON answer validated against `schema`, with one repair round; still broken: failure kind 'malformed'. */
  generateJson<T>(request: JsonRequest<T>): Promise<GeminiResult<T>>;
  /** Text arrives through `onChunk`; the whole turn comes back at the end. */
  stream(request: StreamRequest): Promise<GeminiResult<Generation>>;
  /** One unit-length vector per text, in the same order. */
  embed(texts: readonly string[], options: EmbedOptions): Promise<GeminiResult<Float32Array[]>>;
  /** A real, minimal call with the stored key: it works, or the precise reason it does not. */
  checkKey(options: { model: string; signal?: AbortSignal }): Promise<GeminiResult<KeyCheck>>;
  /**
   * Whether Gemini offers `model` to a key (its models endpoint: free, no generation quota spent), and so whether
   * Google accepts the key: the stored one, or `key`, typed by the member and not stored yet.
   */
  lookUpModel(options: { model: string; key?: string; signal?: AbortSignal }): Promise<GeminiResult<void>>;
}

export function createGeminiGateway(deps: GeminiGatewayDeps): GeminiGateway {
  const { log } = deps;
  const now = deps.now ?? (() => performance.now());
  const book = createCapabilityBook(deps.capabilities ?? declaredCapabilities);
  const callerDeps = { baseUrl: deps.baseUrl, log, sleep: deps.sleep ?? realSleep, random: deps.random ?? Math.random };
  const call = createGeminiCaller({ ...callerDeps, readKey: deps.readKey });
  // A key on trial is never stored: the caller is handed it in place of the keychain, for this call only.
  const callWithKey = (key: string) => createGeminiCaller({ ...callerDeps, readKey: async () => ok(key) });

  /**
   * Runs a request planned for what the model accepts. When Google refuses a feature the model was thought to
   * have, the book learns it and the request goes once more without it (through the prompt where words can
   * stand in for it); each pass turns one feature off, so this ends.
   */
  async function planned<T>(
    model: string,
    input: PlanInput,
    run: (plan: Plan) => Promise<Outcome<T>>,
  ): Promise<Outcome<T>> {
    for (;;) {
      const plan = planGeneration(input, book.get(model));
      const outcome = await run(plan);
      if (outcome.ok || outcome.failure.kind !== 'unsupported') return outcome;
      const { capability } = outcome.failure;
      if (!plan.native.includes(capability)) return outcome;
      book.disable(model, capability);
      log.info('gemini model refused a feature; asking again without it', { model, capability });
    }
  }

  function generateWith(plan: Plan, options: CallOptions): Promise<Outcome<Generation>> {
    return call('generate', options, async ({ ai, deadline }) =>
      readGeneration(
        await ai.models.generateContent({
          model: options.model,
          contents: plan.contents,
          config: { ...plan.config, abortSignal: deadline.signal },
        }),
        options.model,
        plan.promptTools,
      ),
    );
  }

  function streamWith(plan: Plan, request: StreamRequest) {
    return async ({ ai, deadline, classify }: AttemptContext): Promise<AttemptOutcome<Generation>> => {
      const reader = createStreamReader(request.model);
      let spoke = false;
      const stream = await ai.models.generateContentStream({
        model: request.model,
        contents: plan.contents,
        config: { ...plan.config, abortSignal: deadline.signal },
      });
      try {
        for await (const response of stream) {
          deadline.extend();
          const added = reader.add(response);
          // Once text has reached the member, a retry would say it twice: from then on, failures surface.
          if (!added.ok) return spoke ? { ...added, final: true } : added;
          if (added.value !== '') {
            spoke = true;
            request.onChunk({ text: added.value });
          }
        }
      } catch (error) {
        if (spoke) return { ok: false, failure: classify(error), final: true };
        throw error;
      }
      return reader.finish();
    };
  }

  return {
    async generate(request) {
      return toResult(await planned(request.model, request, (plan) => generateWith(plan, request)), request.model);
    },

    async generateJson(request) {
      const { model, schema } = request;
      const asked = { ...request, responseJsonSchema: decoderJsonSchema(schema) };
      const first = await planned(model, asked, (plan) => generateWith(plan, request));
      if (!first.ok) return toResult(first, model);
      const reading = readJsonReply(first.value.text, schema);
      if (reading.ok) return { ok: true, value: reading.value };

      // The problem names what the model wrote, which may quote mail: it goes to the model, not to the log.
      log.warn('gemini json reply unusable; asking once for a repair', { model });
      const contents = typeof request.contents === 'string' ? [userText(request.contents)] : request.contents;
      const repair = { ...asked, contents: [...contents, ...repairTurns(first.value.text, reading.problem)] };
      const second = await planned(model, repair, (plan) => generateWith(plan, repair));
      if (!second.ok) return toResult(second, model);
      const repaired = readJsonReply(second.value.text, schema);
      if (repaired.ok) return { ok: true, value: repaired.value };
      const detail = 'the reply was not JSON of the expected shape, even after one repair';
      return toResult(failed({ kind: 'malformed', raw: first.value.text, detail }), model);
    },

    async stream(request) {
      const outcome = await planned(request.model, request, async (plan) => {
        if (!plan.promptTools) return call('stream', request, streamWith(plan, request));
        // Tools through the prompt: the reply may be a call written as JSON, which must not reach the member.
        const whole = await generateWith(plan, request);
        if (whole.ok && whole.value.text !== '') request.onChunk({ text: whole.value.text });
        return whole;
      });
      return toResult(outcome, request.model);
    },

    async embed(texts, options) {
      if (texts.length === 0) return { ok: true, value: [] };
      return toResult(await embedTexts(call, texts, options), options.model);
    },

    async checkKey({ model, signal }) {
      // generateContent with one output token rather than countTokens: countTokens is free and has its own
      // quota, so it proves the key but would say "fine" with the generation quota used up. This is the very
      // call the pipelines make, so it also proves the model id and reveals a per-minute or per-day 429.
      const options = { model, attempts: GEMINI.keyCheckAttempts, timeoutMs: GEMINI.keyCheckTimeoutMs, signal };
      const outcome = await call('checkKey', options, async ({ ai, deadline }) => {
        const started = now();
        await ai.models.generateContent({
          model,
          contents: 'ping',
          config: { maxOutputTokens: GEMINI.keyCheckMaxOutputTokens, abortSignal: deadline.signal },
        });
        return { ok: true, value: { model, latencyMs: Math.max(0, Math.round(now() - started)) } };
      });
      return toResult(outcome, model);
    },

    async lookUpModel({ model, key, signal }) {
      const options = { model, attempts: GEMINI.keyCheckAttempts, timeoutMs: GEMINI.keyCheckTimeoutMs, signal };
      const outcome = await (key === undefined ? call : callWithKey(key))('lookUpModel', options, async ({ ai, deadline }) => {
        await ai.models.get({ model, config: { abortSignal: deadline.signal } });
        return { ok: true, value: undefined };
      });
      return toResult(outcome, model);
    },
  };
}

import type { Content, FunctionCall as SdkFunctionCall, FunctionDeclaration, GenerateContentResponse, Part } from '@google/genai';
import { failed, type Outcome } from './failure';
import { extractJsonText } from './json-output';
import { PROMPT_TOOL_CALL_KEY } from './request-plan';
import type { FunctionCall, Generation, ModelTurn } from './gateway-types';

// Finish reasons that mean the answer was withheld, not finished.
const WITHHELD = new Set(['SAFETY', 'PROHIBITED_CONTENT', 'BLOCKLIST', 'SPII', 'RECITATION', 'IMAGE_SAFETY']);

/** A generateContent response as the gateway's Generation, or why there is none. */
export function readGeneration(
  response: GenerateContentResponse,
  model: string,
  promptTools: readonly FunctionDeclaration[] | null,
): Outcome<Generation> {
  const blocked = promptBlocked(response);
  if (blocked) return blocked;
  const candidate = response.candidates?.[0];
  if (!candidate) return failed({ kind: 'malformed', detail: 'no candidates' });
  const finishReason = candidate.finishReason ?? null;
  if (finishReason !== null && WITHHELD.has(finishReason)) return failed({ kind: 'safety', detail: finishReason });
  const content = candidate.content ?? { role: 'model', parts: [] };
  return { ok: true, value: generation(content, finishReason, model, promptTools) };
}

export interface StreamReader {
  /** Takes one streamed response; the text it adds, or why the stream must stop. */
  add(response: GenerateContentResponse): Outcome<string>;
  /** The whole answer once the stream has ended. */
  finish(): Outcome<Generation>;
}

/** Gathers a stream's parts in order, unchanged, so the turn can go back to the model as it came. */
export function createStreamReader(model: string): StreamReader {
  const parts: Part[] = [];
  let finishReason: string | null = null;
  let answered = false;
  return {
    add(response) {
      const blocked = promptBlocked(response);
      if (blocked) return blocked;
      const candidate = response.candidates?.[0];
      // A chunk may carry only usage metadata.
      if (!candidate) return { ok: true, value: '' };
      answered = true;
      finishReason = candidate.finishReason ?? finishReason;
      if (finishReason !== null && WITHHELD.has(finishReason)) return failed({ kind: 'safety', detail: finishReason });
      const added = candidate.content?.parts ?? [];
      parts.push(...added);
      return { ok: true, value: textOf(added) };
    },
    finish() {
      if (!answered) return failed({ kind: 'malformed', detail: 'the stream ended without an answer' });
      return { ok: true, value: generation({ role: 'model', parts }, finishReason, model, null) };
    },
  };
}

function promptBlocked(response: GenerateContentResponse): Outcome<never> | null {
  const reason = response.promptFeedback?.blockReason;
  return reason ? failed({ kind: 'safety', detail: reason }) : null;
}

function generation(
  content: Content,
  finishReason: string | null,
  model: string,
  promptTools: readonly FunctionDeclaration[] | null,
): Generation {
  const parts = content.parts ?? [];
  const text = textOf(parts);
  const functionCalls = parts.flatMap((part) => (part.functionCall ? [callOf(part.functionCall)] : []));
  const promptCall = promptTools && functionCalls.length === 0 ? promptToolCall(text, promptTools) : null;
  // The turn goes back as it came (see sdkContents): branded, so no pipeline can build or alter one.
  const turn = content as unknown as ModelTurn;
  const audio = audioOf(parts);
  return promptCall
    ? { model, text: '', content: turn, functionCalls: [promptCall], audio, finishReason }
    : { model, text, content: turn, functionCalls, audio, finishReason };
}

function audioOf(parts: readonly Part[]): Generation['audio'] {
  const inline = parts.find((part) => part.inlineData)?.inlineData;
  return inline ? { mimeType: inline.mimeType ?? '', data: inline.data ?? '' } : null;
}

function callOf(call: SdkFunctionCall): FunctionCall {
  return { ...(call.id ? { id: call.id } : {}), name: call.name ?? '', args: call.args ?? {} };
}

function textOf(parts: readonly Part[]): string {
  return parts.map((part) => (typeof part.text === 'string' && !part.thought ? part.text : '')).join('');
}

/** A tool call a model without function calling wrote as JSON, if the text is one for a declared tool. */
export function promptToolCall(text: string, tools: readonly FunctionDeclaration[]): FunctionCall | null {
  let json: unknown;
  try {
    json = JSON.parse(extractJsonText(text));
  } catch {
    return null;
  }
  const call = (json as Record<string, unknown> | null)?.[PROMPT_TOOL_CALL_KEY] as Record<string, unknown> | undefined;
  const name = call?.name;
  const args = call?.args ?? {};
  if (typeof name !== 'string' || !tools.some((tool) => tool.name === name)) return null;
  if (typeof args !== 'object' || args === null || Array.isArray(args)) return null;
  return { name, args: args as Record<string, unknown> };
}

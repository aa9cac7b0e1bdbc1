import {
  FunctionCallingConfigMode,
  ThinkingLevel as SdkThinkingLevel,
  type Content,
  type FunctionDeclaration,
  type GenerateContentConfig,
  type Part,
} from '@google/genai';
import type { ModelCapabilities } from './capabilities';
import type { Capability } from './failure';
import type { GenerateRequest, ThinkingLevel, Turn } from './gateway-types';

export interface PlanInput extends Pick<GenerateRequest, 'contents' | 'systemInstruction' | 'generation' | 'tools' | 'toolChoice'> {
  /** Present when the answer must be JSON of this shape (a JSON Schema, see json-schema.ts). */
  responseJsonSchema?: Record<string, unknown>;
}

/** One generateContent request, shaped for what the model accepts. */
export interface Plan {
  contents: Content[];
  /** Everything but the abort signal, which belongs to each attempt. */
  config: GenerateContentConfig;
  /** The features sent natively: a refusal of one of these teaches the capability book. */
  native: Capability[];
  /** When tools went into the prompt instead, the declarations a text reply is read against. */
  promptTools: FunctionDeclaration[] | null;
}

/** What a model asks for to call a tool when it cannot do so natively. */
export const PROMPT_TOOL_CALL_KEY = 'tool_call';

/**
 * Builds the request natively where the model can, and through the prompt where it cannot: instructions move
 * into the first user turn, JSON is asked for in words (with the schema as text), tools are described in words
 * and earlier calls and results are rewritten as plain text. A thinking level the model does not take is left out.
 */
export function planGeneration(input: PlanInput, capabilities: ModelCapabilities): Plan {
  const tools = input.tools?.length ? input.tools.map(sdkDeclaration) : null;
  const { thinkingLevel, speechConfig, ...generation } = input.generation ?? {};
  const useNative = {
    systemInstruction: input.systemInstruction !== undefined && capabilities.systemInstruction,
    jsonSchema: input.responseJsonSchema !== undefined && capabilities.jsonSchema,
    tools: tools !== null && capabilities.tools,
    thinkingLevel: thinkingLevel !== undefined && capabilities.thinkingLevel,
  };
  const config: GenerateContentConfig = { ...generation };
  if (speechConfig) config.speechConfig = { voiceConfig: { prebuiltVoiceConfig: { voiceName: speechConfig.voiceName } } };
  const preamble: string[] = [];
  const closing: string[] = [];

  if (useNative.systemInstruction) config.systemInstruction = input.systemInstruction;
  else if (input.systemInstruction !== undefined) preamble.push(input.systemInstruction);

  if (useNative.jsonSchema) {
    config.responseMimeType = 'application/json';
    config.responseJsonSchema = input.responseJsonSchema;
  } else if (input.responseJsonSchema !== undefined) closing.push(jsonInstruction(input.responseJsonSchema));

  // With calls forbidden, a model that takes tools only through the prompt is not told about them at all.
  const callsAllowed = input.toolChoice !== 'none';
  const promptTools = tools !== null && !useNative.tools && callsAllowed ? tools : null;
  if (useNative.tools && tools) {
    config.tools = [{ functionDeclarations: tools }];
    if (!callsAllowed) config.toolConfig = { functionCallingConfig: { mode: FunctionCallingConfigMode.NONE } };
  } else if (promptTools) preamble.push(toolsInstruction(promptTools));

  // A level has no words to go in: without it the model thinks at its own default.
  if (useNative.thinkingLevel && thinkingLevel) config.thinkingConfig = { thinkingLevel: SDK_THINKING_LEVEL[thinkingLevel] };

  let contents = typeof input.contents === 'string' ? [userTurn(input.contents)] : sdkContents(input.contents);
  // Earlier calls and results in words for a model without function calling, whether or not it may call now.
  if (!capabilities.tools) contents = contents.map(toolPartsAsText);
  contents = withPreamble(contents, preamble);
  contents = withClosing(contents, closing);

  return {
    contents,
    config,
    native: (Object.keys(useNative) as Capability[]).filter((capability) => useNative[capability]),
    promptTools,
  };
}

const SDK_THINKING_LEVEL: Record<ThinkingLevel, SdkThinkingLevel> = {
  minimal: SdkThinkingLevel.MINIMAL,
  low: SdkThinkingLevel.LOW,
  medium: SdkThinkingLevel.MEDIUM,
  high: SdkThinkingLevel.HIGH,
};

/**
 * The gateway's turns are a subset of the SDK's Content, and a ModelTurn is the very Content the model sent:
 * the SDK gets them as they are, never rebuilt, so nothing of a model turn (thought signatures) is lost.
 */
export function sdkContents(turns: readonly Turn[]): Content[] {
  return turns as unknown as Content[];
}

export function sdkDeclaration(tool: { name: string; description: string; parameters: Readonly<Record<string, unknown>> }): FunctionDeclaration {
  return { name: tool.name, description: tool.description, parametersJsonSchema: tool.parameters };
}

export function userTurn(text: string): Content {
  return { role: 'user', parts: [{ text }] };
}

function jsonInstruction(responseJsonSchema: Record<string, unknown>): string {
  return [
    'Reply with only one JSON value that matches this JSON Schema, with no other text before or after it:',
    JSON.stringify(responseJsonSchema),
  ].join('\n');
}

function toolsInstruction(tools: readonly FunctionDeclaration[]): string {
  const described = tools.map((tool) => {
    const parameters = tool.parametersJsonSchema ?? tool.parameters;
    const args = parameters === undefined ? 'no arguments' : `arguments (schema): ${JSON.stringify(parameters)}`;
    return `- ${tool.name}: ${tool.description ?? ''} Takes ${args}.`;
  });
  return [
    'You can use these tools:',
    ...described,
    'To use one, reply with only this JSON and nothing else:',
    `{"${PROMPT_TOOL_CALL_KEY}": {"name": "<tool>", "args": {...}}}`,
    'You will get its result in the next message. When you have what you need, answer in plain text.',
  ].join('\n');
}

// Earlier native calls and results, rewritten in the words the prompt taught the model.
function toolPartsAsText(content: Content): Content {
  if (!content.parts?.some((part) => part.functionCall || part.functionResponse)) return content;
  return {
    ...content,
    parts: content.parts.map((part): Part => {
      if (part.functionCall) {
        const { name, args } = part.functionCall;
        return { text: JSON.stringify({ [PROMPT_TOOL_CALL_KEY]: { name, args: args ?? {} } }) };
      }
      if (part.functionResponse) {
        const { name, response } = part.functionResponse;
        return { text: `Result of the tool "${name}": ${JSON.stringify(response ?? {})}` };
      }
      return part;
    }),
  };
}

function withPreamble(contents: Content[], texts: string[]): Content[] {
  if (texts.length === 0) return contents;
  const preamble: Part = { text: `${texts.join('\n\n')}\n\n` };
  const [first, ...rest] = contents;
  if (first?.role === 'user') return [{ ...first, parts: [preamble, ...(first.parts ?? [])] }, ...rest];
  return [{ role: 'user', parts: [preamble] }, ...contents];
}

function withClosing(contents: Content[], texts: string[]): Content[] {
  if (texts.length === 0) return contents;
  const closing: Part = { text: `\n\n${texts.join('\n\n')}` };
  const last = contents.at(-1);
  if (last?.role === 'user') return [...contents.slice(0, -1), { ...last, parts: [...(last.parts ?? []), closing] }];
  return [...contents, { role: 'user', parts: [closing] }];
}

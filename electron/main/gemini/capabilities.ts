import type { Capability } from './failure';

export type ModelCapabilities = Record<Capability, boolean>;

const ALL: ModelCapabilities = { systemInstruction: true, jsonSchema: true, tools: true, thinkingLevel: true };
const NONE: ModelCapabilities = { systemInstruction: false, jsonSchema: false, tools: false, thinkingLevel: false };

/**
 * What a model is known to accept, by id. Gemma on the hosted API refuses system instructions, JSON mode and
 * function calling; Gemini models take all three. Thinking levels came with Gemini 3: Gemini 1 and 2 take a
 * thinking budget instead, and Gemma 4 takes only MINIMAL and HIGH (public reports), never the LOW we ask for.
 * An id we do not know is assumed capable: a refusal teaches us.
 */
const DECLARED: readonly (readonly [RegExp, ModelCapabilities])[] = [
  [/^gemma-/i, NONE],
  [/^gemini-[12]\b/i, { ...ALL, thinkingLevel: false }],
  [/^gemini-/i, ALL],
];

export function declaredCapabilities(model: string): ModelCapabilities {
  return { ...(DECLARED.find(([pattern]) => pattern.test(model))?.[1] ?? ALL) };
}

// The words of Google's 400 when a model does not take a feature, e.g.
// "Developer instruction is not enabled for models/gemma-4-26b-a4b-it". For thinking levels the Gemini API says
// "Thinking level is not supported for this model." (Vertex: "thinking_level is not supported by this model"),
// and "Thinking level MINIMAL is not supported for this model." for one level: either way the request goes again
// at the model's own default level, which answers where the refused level would not.
const REFUSALS: readonly (readonly [Capability, RegExp])[] = [
  ['systemInstruction', /developer instruction is not enabled/i],
  ['jsonSchema', /json mode is not enabled/i],
  ['tools', /function calling is not enabled/i],
  ['thinkingLevel', /thinking[ _]?level(?: [a-z]+)? is not supported/i],
];

/** The capability a 400 says the model lacks, or null when the 400 is about something else. */
export function refusedCapability(message: string): Capability | null {
  return REFUSALS.find(([, pattern]) => pattern.test(message))?.[0] ?? null;
}

/** What each model accepts, starting from the declared data and corrected by refusals seen in this run. */
export interface CapabilityBook {
  get(model: string): ModelCapabilities;
  disable(model: string, capability: Capability): void;
}

export function createCapabilityBook(
  declared: (model: string) => ModelCapabilities = declaredCapabilities,
): CapabilityBook {
  const learned = new Map<string, Set<Capability>>();
  return {
    get(model) {
      const capabilities = { ...declared(model) };
      for (const capability of learned.get(model) ?? []) capabilities[capability] = false;
      return capabilities;
    },
    disable(model, capability) {
      learned.set(model, (learned.get(model) ?? new Set()).add(capability));
    },
  };
}

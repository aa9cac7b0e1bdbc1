import type Database from 'better-sqlite3';
import type { z } from 'zod';
import {
  assistantPromptsFileSchema,
  assistantPromptsSchema,
  PROMPTS_FILE_FORMAT,
  type AssistantPrompts,
  type AssistantPromptsFile,
  type AssistantPromptsState,
  type PromptLayer,
} from '../../../shared/assistant';
import { ASSISTANT } from '../../../shared/limits';
import { err, ok, type Result } from '../../../shared/result';

/** G4, layer 2 as shipped: what the Assistant is for. An admin names the company and its platform here. */
export const DEFAULT_SCOPE = [
  "You are Staff Desk's assistant for the members of a small company's team.",
  "You help them with the team's platform, services and tools, its procedures (IT, finance, onboarding and the like), and, when their mailbox is connected, their own mail and its latest digest.",
  'A question outside that you may answer briefly from general knowledge, saying that it does not come from the team.',
].join(' ');

/** G4, layer 3 as shipped: how it works and writes. */
export const DEFAULT_INSTRUCTIONS = [
  'Be friendly, direct and brief: the answer first, then only the details that matter.',
  'Write in Markdown: short paragraphs, numbered lists for steps, code and commands in code blocks.',
  'When an answer relies on a note or a message, name it (the note title, or the sender and subject).',
  'When a question could mean several things, ask one short question back instead of guessing.',
].join('\n');

export const DEFAULT_PROMPTS: AssistantPrompts = { scope: DEFAULT_SCOPE, instructions: DEFAULT_INSTRUCTIONS };

/** The `ai_prompts` row of the Assistant (Voice asks the same Assistant, so it shares it). */
const CHANNEL = 'assistant';

interface PromptsRow {
  /** NULL: the shipped default (migration 4). */
  scope: string | null;
  instructions: string | null;
  updated_at: string;
}

export interface AssistantPromptsStore {
  get(): AssistantPromptsState;
  /** A layer equal to its default is stored as the default, so it follows the shipped text from then on. */
  set(prompts: AssistantPrompts): AssistantPromptsState;
  /** One layer back to its shipped default, or both when none is named. */
  reset(layer?: PromptLayer): AssistantPromptsState;
  /** The prompts in effect as a file another install can import (pretty JSON). */
  exportFile(): string;
  /** A whole valid file replaces both layers; anything else is refused with the reason, and nothing is written. */
  importFile(text: string): Result<AssistantPromptsState>;
}

export interface AssistantPromptsDeps {
  db: Database.Database;
  /** Epoch milliseconds: when the layers were last changed. */
  now: () => number;
}

/**
 * The two layers of the Assistant's system prompt a team may shape (G4), in `ai_prompts`. The safeguards are not
 * here: they are code (assistant-prompt.ts) and never configurable.
 */
export function createAssistantPromptsStore(deps: AssistantPromptsDeps): AssistantPromptsStore {
  const { db } = deps;

  function get(): AssistantPromptsState {
    const row = db
      .prepare<[string], PromptsRow>('SELECT scope, instructions, updated_at FROM ai_prompts WHERE channel = ?')
      .get(CHANNEL);
    const scope = row?.scope ?? DEFAULT_SCOPE;
    const instructions = row?.instructions ?? DEFAULT_INSTRUCTIONS;
    return {
      prompts: { scope, instructions },
      defaults: { ...DEFAULT_PROMPTS },
      customised: { scope: scope !== DEFAULT_SCOPE, instructions: instructions !== DEFAULT_INSTRUCTIONS },
      updatedAt: row?.updated_at ?? null,
    };
  }

  function resetBoth(): AssistantPromptsState {
    db.prepare('DELETE FROM ai_prompts WHERE channel = ?').run(CHANNEL);
    return get();
  }

  function set(prompts: AssistantPrompts): AssistantPromptsState {
    // The IPC contract has checked the input already; a caller in main that skipped it is a bug, hence parse().
    const { scope, instructions } = assistantPromptsSchema.parse(prompts);
    const stored = {
      scope: scope === DEFAULT_SCOPE ? null : scope,
      instructions: instructions === DEFAULT_INSTRUCTIONS ? null : instructions,
    };
    if (stored.scope === null && stored.instructions === null) return resetBoth();
    db.prepare<[string, string | null, string | null, string]>(
      `INSERT INTO ai_prompts (channel, scope, instructions, updated_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (channel) DO UPDATE SET scope = excluded.scope, instructions = excluded.instructions, updated_at = excluded.updated_at`,
    ).run(CHANNEL, stored.scope, stored.instructions, new Date(deps.now()).toISOString());
    return get();
  }

  return {
    get,
    set,
    reset(layer) {
      return layer === undefined ? resetBoth() : set({ ...get().prompts, [layer]: DEFAULT_PROMPTS[layer] });
    },
    exportFile() {
      const file: AssistantPromptsFile = { format: PROMPTS_FILE_FORMAT, version: 1, ...get().prompts };
      return `${JSON.stringify(file, null, 2)}\n`;
    },
    importFile(text) {
      const read = readPromptsFile(text);
      if (!read.ok) return read;
      return ok(set({ scope: read.value.scope, instructions: read.value.instructions }));
    },
  };
}

const KILOBYTE = 1000;
const CHOOSE_EXPORTED = 'Choose a file made with Export in Settings, Assistant.';

function readPromptsFile(text: string): Result<AssistantPromptsFile> {
  if (Buffer.byteLength(text, 'utf8') > ASSISTANT.promptFileMaxBytes) {
    const size = Math.round(ASSISTANT.promptFileMaxBytes / KILOBYTE);
    return err('TOO_LARGE', `This file is larger than ${size} KB, so it cannot be a prompts file. ${CHOOSE_EXPORTED}`, {
      reason: 'prompts_file_too_large',
    });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return err('INVALID_INPUT', `This file is not JSON, so it cannot be a prompts file. ${CHOOSE_EXPORTED}`, {
      reason: 'prompts_file_unknown',
    });
  }
  const parsed = assistantPromptsFileSchema.safeParse(json);
  return parsed.success ? ok(parsed.data) : fileProblem(parsed.error);
}

const LAYER_MAX_CHARS = { scope: ASSISTANT.promptScopeMaxChars, instructions: ASSISTANT.promptInstructionsMaxChars };

/** The first thing wrong with the file, in a sentence that says what to do about it. */
function fileProblem(error: z.ZodError): Result<never> {
  const issue = error.issues[0];
  const field = issue?.path[0];
  if (field === 'scope' || field === 'instructions') {
    const message =
      issue?.code === 'too_big'
        ? `The ${field} in this file is longer than ${LAYER_MAX_CHARS[field]} characters. Shorten it, then import the file again.`
        : `This file has no ${field} as text, so it is not a complete prompts file. ${CHOOSE_EXPORTED}`;
    return err('INVALID_INPUT', message, {
      field,
      reason: issue?.code === 'too_big' ? 'prompts_file_too_long' : 'prompts_file_incomplete',
    });
  }
  if (field === 'version') {
    return err(
      'INVALID_INPUT',
      'This prompts file comes from a version of Staff Desk that this one cannot read. Update Staff Desk, or export the prompts again from this version.',
      { field, reason: 'prompts_file_version' },
    );
  }
  return err('INVALID_INPUT', `This is not a Staff Desk prompts file. ${CHOOSE_EXPORTED}`, { reason: 'prompts_file_unknown' });
}

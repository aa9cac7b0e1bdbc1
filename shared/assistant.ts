import { z } from 'zod';
import { audioClipSchema } from './audio';
import { LANGS, type Lang } from './lang';
import { ASSISTANT } from './limits';
import { oracleSourceSchema } from './oracle';

/**
 * The Assistant (seeds 004, G1 to G9): what `assistant:chat` carries, what it reports while it works, and what it
 * ends with. Field names follow the seeds (`degraded`, `duration_ms`) so the desktop and the web agree.
 */

export const assistantTurnSchema = z.strictObject({
  role: z.enum(['user', 'assistant']),
  content: z.string().min(1, 'A conversation turn cannot be empty.').max(ASSISTANT.historyMessageMaxChars),
});
export type AssistantTurn = z.infer<typeof assistantTurnSchema>;

/** A long conversation still asks: the last turns are kept (G1), the oldest dropped. */
const HISTORY_MAX_ENTRIES_ACCEPTED = ASSISTANT.historyMaxTurns * 10;

/** The conversation so far, as the page sends it: only the latest turns reach the model. */
export const assistantHistorySchema = z
  .array(assistantTurnSchema)
  .max(HISTORY_MAX_ENTRIES_ACCEPTED)
  .default([])
  .transform((history) => history.slice(-ASSISTANT.historyMaxTurns));

export const assistantChatInputSchema = z
  .strictObject({
    // Over the limit is TOO_LARGE (the registry maps a size-only failure to it).
    message: z.string().max(ASSISTANT.messageMaxChars),
    history: assistantHistorySchema,
    /** G5: the UI's language; the answer is written in it whatever else is said. */
    lang: z.enum(LANGS),
    /** V1: a voice question, inline in the user turn; `message` may then be empty. */
    audio: audioClipSchema.optional(),
  })
  .refine((input) => input.message.trim() !== '' || input.audio !== undefined, {
    message: 'Write a message.',
    path: ['message'],
  });
export type AssistantChatInput = z.output<typeof assistantChatInputSchema>;

/**
 * G1 "what the AI did": one tool call the app ran, as the pane shows it. `args` are the model's arguments as it
 * sent them; `result` is what the model was given back (a tool's output, or `{error}`); `ok` is false when the
 * tool was unknown, its arguments were invalid, or it failed.
 */
export const assistantStepSchema = z.object({
  tool: z.string(),
  args: z.record(z.string(), z.unknown()),
  result: z.unknown(),
  ok: z.boolean(),
});
export type AssistantStep = z.infer<typeof assistantStepSchema>;

/** A note passage or a mail message the answer drew on; a note opens like the Oracle's sources. */
export const assistantSourceSchema = z.discriminatedUnion('kind', [
  oracleSourceSchema.extend({ kind: z.literal('note') }),
  z.object({
    kind: z.literal('mail'),
    messageId: z.string(),
    from: z.string(),
    subject: z.string(),
    date: z.string(),
    webUrl: z.string(),
  }),
]);
export type AssistantSource = z.infer<typeof assistantSourceSchema>;

export const assistantChunkSchema = z.object({ text: z.string() });

/**
 * The end of an answer. `degraded`: Gemini could not be reached after the retries (G3), so `answer` is the
 * localized fallback, or, when text had already been shown (`incomplete`), that text as far as it went.
 */
export const assistantDoneSchema = z.object({
  answer: z.string(),
  steps: z.array(assistantStepSchema),
  sources: z.array(assistantSourceSchema),
  degraded: z.boolean(),
  incomplete: z.boolean(),
  model: z.string(),
  duration_ms: z.number().int().nonnegative(),
  /**
   * V1, a voice question only: what the member said, as the model heard it (the question's text from now on).
   * '' means the recording held no speech: `answer` is then empty too, and nothing was answered.
   */
  transcript: z.string().optional(),
});
export type AssistantDone = z.infer<typeof assistantDoneSchema>;

/** G3: what the member reads when Gemini cannot be reached, in their language. */
export const DEGRADED_ANSWER: Record<Lang, string> = {
  en: "I can't reach the AI service right now, so I can't answer this properly. Please try again in a minute.",
  es: 'Ahora mismo no puedo conectar con el servicio de IA, así que no puedo responder bien a esto. Vuelve a intentarlo en un minuto.',
  fr: "Je n'arrive pas à joindre le service d'IA pour le moment, je ne peux donc pas bien répondre. Réessayez dans une minute.",
  ru: 'Сейчас не удаётся связаться с сервисом ИИ, поэтому я не могу как следует ответить. Попробуйте ещё раз через минуту.',
  zh: '现在无法连接 AI 服务，所以我暂时无法好好回答。请一分钟后再试。',
  ar: 'لا أستطيع الوصول إلى خدمة الذكاء الاصطناعي الآن، لذلك لا يمكنني الإجابة عن هذا كما ينبغي. يُرجى المحاولة مرة أخرى بعد دقيقة.',
  mn: 'Яг одоо хиймэл оюуны үйлчилгээтэй холбогдож чадахгүй байгаа тул үүнд зохих ёсоор хариулж чадахгүй нь. Нэг минутын дараа дахин оролдоно уу.',
};

/**
 * G4: the two layers of the system prompt a team may shape (the safeguards are code and never appear here).
 * `scope` says what the Assistant is for; `instructions` how it should work and write.
 */
export const assistantPromptsSchema = z.strictObject({
  scope: z.string().trim().max(ASSISTANT.promptScopeMaxChars),
  instructions: z.string().trim().max(ASSISTANT.promptInstructionsMaxChars),
});
export type AssistantPrompts = z.infer<typeof assistantPromptsSchema>;

export const promptLayerSchema = z.enum(['scope', 'instructions']);
export type PromptLayer = z.infer<typeof promptLayerSchema>;

/** The prompts in effect, whether each is the shipped default, and the defaults (for "Reset to default"). */
export const assistantPromptsStateSchema = z.object({
  prompts: assistantPromptsSchema,
  defaults: assistantPromptsSchema,
  customised: z.object({ scope: z.boolean(), instructions: z.boolean() }),
  /** ISO 8601, when they were last changed here; null while both are the defaults. */
  updatedAt: z.string().nullable(),
});
export type AssistantPromptsState = z.infer<typeof assistantPromptsStateSchema>;

/** The file `Export` writes and `Import` reads, so one admin can hand the team the same prompts. */
export const PROMPTS_FILE_FORMAT = 'staff-desk.assistant-prompts';
export const assistantPromptsFileSchema = z.object({
  format: z.literal(PROMPTS_FILE_FORMAT),
  version: z.literal(1),
  scope: assistantPromptsSchema.shape.scope,
  instructions: assistantPromptsSchema.shape.instructions,
});
export type AssistantPromptsFile = z.infer<typeof assistantPromptsFileSchema>;

import { z } from 'zod';
import { requestIdSchema } from './ipc/define';
import type { Lang } from './lang';
import { IPC, ORACLE } from './limits';

/**
 * The oracle (seeds 001, O1-O9) and the knowledge base it answers from: what its channels carry. Field names
 * follow the seeds (`chunkTitle`, `chunks_used`, `duration_ms`) so the desktop and the web endpoint agree.
 */

const questionSchema = z
  .string()
  .min(1, 'Write a question.')
  .max(ORACLE.questionMaxChars)
  .refine((question) => question.trim() !== '', 'Write a question.');

/** O1: a turn must say something; an empty one is INVALID_INPUT rather than silently dropped. */
export const oracleTurnSchema = z.strictObject({
  role: z.enum(['user', 'assistant']),
  content: z
    .string()
    .min(1, 'A conversation turn cannot be empty.')
    .max(ORACLE.historyMessageMaxChars)
    .refine((content) => content.trim() !== '', 'A conversation turn cannot be empty.'),
});
export type OracleTurn = z.infer<typeof oracleTurnSchema>;

export const oracleAskInputSchema = z.strictObject({
  question: questionSchema,
  // O1: the last 12 turns are kept, the oldest dropped.
  history: z
    .array(oracleTurnSchema)
    .default([])
    .transform((history) => history.slice(-ORACLE.historyMaxMessages)),
  /** Chosen by the pane, so its Cancel button can abort the question through `oracle:cancel`. */
  requestId: requestIdSchema.optional(),
});
export type OracleAskInput = z.output<typeof oracleAskInputSchema>;

/**
 * A chunk the answer rests on (O7). `relevance` is its cosine similarity to the question, the one measure the floor
 * (O4, O9) and Corpus gaps (O8) use too; null in lexical mode (keyword search, where nothing is measured). The
 * ranking, which weighs more than meaning, decides which passages come and in what order (issue 26).
 */
export const oracleSourceSchema = z.object({
  title: z.string(),
  /** Relative to the knowledge base folder, forward slashes. */
  path: z.string(),
  chunkTitle: z.string(),
  relevance: z.number().nullable(),
  /** Joined the context because a retrieved chunk links its note (issue 6), not by its own retrieval. */
  linked: z.boolean().optional(),
  /** Its relevance is under the floor: a weak match, shown as one. */
  weak: z.boolean().optional(),
  /** The question names its note's title, an alias or its heading: listed for that, whatever its relevance. */
  keyword: z.boolean().optional(),
});
export type OracleSource = z.infer<typeof oracleSourceSchema>;

/**
 * Sources as the member reads them: one group per note, the notes in the order of their first passage and each
 * note's passages in the order they came (the ranking's), so the first listed is the one the ranking put first.
 */
export function sourcesByNote<S extends Pick<OracleSource, 'path'>>(sources: readonly S[]): S[][] {
  const groups = new Map<string, S[]>();
  for (const source of sources) {
    const group = groups.get(source.path);
    if (group) group.push(source);
    else groups.set(source.path, [source]);
  }
  return [...groups.values()];
}

/**
 * Sources gathered by several searches (the Assistant's, issue 11), which share no one ranking: the notes in the
 * order of their best relevance, so the closest comes first whichever search found it; unmeasured ones last.
 */
export function notesByBestRelevance<S extends Pick<OracleSource, 'path' | 'relevance'>>(sources: readonly S[]): S[] {
  const best = (group: readonly S[]) => Math.max(...group.map((source) => source.relevance ?? Number.NEGATIVE_INFINITY));
  return sourcesByNote(sources)
    .map((group) => ({ group, best: best(group) }))
    .sort((a, b) => (a.best === b.best ? 0 : b.best - a.best))
    .flatMap(({ group }) => group);
}

export const retrievalModeSchema = z.enum(['hybrid', 'lexical']);
export type RetrievalMode = z.infer<typeof retrievalModeSchema>;

/**
 * How the answer came about: `answer` the model wrote it from the chunks; `honest` nothing cleared the floor, so
 * the model was not asked (O4); `sources_only` there is no Gemini key, so the matching notes are all there is.
 */
export const answerKindSchema = z.enum(['answer', 'honest', 'sources_only']);
export type AnswerKind = z.infer<typeof answerKindSchema>;

/** O7 in the seeds' shape, plus how it was found (`mode`) and how it came about (`kind`). */
export const oracleAnswerSchema = z.object({
  answer: z.string(),
  sources: z.array(oracleSourceSchema),
  model: z.string(),
  chunks_used: z.number().int().nonnegative(),
  duration_ms: z.number().int().nonnegative(),
  mode: retrievalModeSchema,
  kind: answerKindSchema,
});
export type OracleAnswer = z.infer<typeof oracleAnswerSchema>;

/** O4's sentence, in the member's language (the seeds' Spanish text, translated). */
export const HONEST_ANSWER: Record<Lang, string> = {
  es: 'No tengo información clara sobre eso en la base de conocimiento (las fuentes que encuentro son tangenciales). Mira los enlaces de abajo por si alguno te sirve, o reformula la pregunta con un módulo o servicio concreto.',
  en: 'I have no clear information on that in the knowledge base (the sources I find are only tangential). Have a look at the links below in case one helps, or rephrase the question with a concrete module or service.',
  fr: "Je n'ai pas d'information claire à ce sujet dans la base de connaissances (les sources trouvées ne sont que tangentielles). Regardez les liens ci-dessous au cas où l'un d'eux vous aiderait, ou reformulez la question avec un module ou un service précis.",
  ru: 'В базе знаний нет ясной информации об этом (найденные источники касаются темы лишь косвенно). Посмотрите ссылки ниже — вдруг какая-то поможет — или переформулируйте вопрос, назвав конкретный модуль или сервис.',
  zh: '知识库中没有关于此问题的明确信息（找到的来源只是间接相关）。请看看下面的链接是否有帮助，或者换个说法，提到具体的模块或服务。',
  ar: 'لا توجد لدي معلومات واضحة عن ذلك في قاعدة المعرفة (المصادر التي أجدها هامشية). اطّلع على الروابط أدناه فقد يفيدك أحدها، أو أعد صياغة السؤال مع ذكر وحدة أو خدمة محددة.',
  mn: 'Мэдлэгийн санд энэ талаар тодорхой мэдээлэл алга (олдсон эх сурвалжууд зөвхөн шууд бусаар холбогдож байна). Доорх холбоосуудаас тус болох эсэхийг харна уу, эсвэл тодорхой модуль, үйлчилгээ дурдаж асуултаа өөрөөр асуугаарай.',
};

/** Without a Gemini key the oracle still searches (lexically) and says why it can only point to notes. */
export const SOURCES_ONLY_ANSWER: Record<Lang, string> = {
  es: 'Sin una clave de Gemini no puedo redactar una respuesta, pero estas notas coinciden con tu pregunta. Añade la clave en Ajustes para obtener respuestas completas.',
  en: 'Without a Gemini key I cannot write an answer, but these notes match your question. Add the key in Settings to get full answers.',
  fr: "Sans clé Gemini, je ne peux pas rédiger de réponse, mais ces notes correspondent à votre question. Ajoutez la clé dans les Réglages pour obtenir des réponses complètes.",
  ru: 'Без ключа Gemini я не могу написать ответ, но эти заметки соответствуют вашему вопросу. Добавьте ключ в настройках, чтобы получать полные ответы.',
  zh: '没有 Gemini 密钥我无法撰写回答，但这些笔记与您的问题相符。请在设置中添加密钥以获得完整回答。',
  ar: 'من دون مفتاح Gemini لا أستطيع كتابة إجابة، لكن هذه الملاحظات تطابق سؤالك. أضف المفتاح في الإعدادات للحصول على إجابات كاملة.',
  mn: 'Gemini түлхүүргүйгээр би хариулт бичиж чадахгүй, гэхдээ эдгээр тэмдэглэл таны асуулттай таарч байна. Бүрэн хариулт авахын тулд Тохиргоонд түлхүүрээ нэмнэ үү.',
};

/** The folder and its floors, in Settings. `path` null is the guide shipped with the app. */
export const knowledgeBaseSettingsSchema = z.object({
  path: z.string().max(IPC.knowledgePathMaxChars).nullable().default(null),
  /** O9: the relevance floor per embedding model id, where the member calibrated one. */
  floors: z.record(z.string(), z.number().min(-1).max(1)).default({}),
  /**
   * Where the team keeps its notes, as its profile says (issue 28): the folder picker opens there and Settings names
   * it, but only the member's choice (or the machine's policy) makes a folder the knowledge base.
   */
  hint: z.string().max(IPC.knowledgePathMaxChars).nullable().default(null),
});
export type KnowledgeBaseSettings = z.infer<typeof knowledgeBaseSettingsSchema>;

/** Any absolute path: POSIX, a Windows drive, or a UNC share. Whether it exists is main's to say. */
const absolutePathSchema = z
  .string()
  .max(IPC.knowledgePathMaxChars)
  .regex(/^(\/|[A-Za-z]:[\\/]|\\\\)/, 'Choose a folder by its full path.');

export const knowledgeBaseSettingsPatchSchema = z
  .strictObject({
    path: absolutePathSchema.nullable(),
    floors: z.record(z.string().max(100), z.number().min(-1).max(1)),
    hint: z.string().trim().min(1).max(IPC.knowledgePathMaxChars).nullable(),
  })
  .partial();

/**
 * The same patch as the renderer may send it: the folder only goes back to the guide (null). Any other folder is set
 * by main from the system's picker, so no page can point main at a network share or a folder the member never chose.
 */
export const knowledgeBaseSettingsUpdateSchema = knowledgeBaseSettingsPatchSchema.extend({
  path: z.null({ error: 'Choose the notes folder with the Choose folder button.' }).optional(),
  hint: z.null({ error: "The team profile sets where the team's notes are." }).optional(),
});

/** Where a floor came from (O9): the member's calibration, the value shipped for the model, or the seeds' 0.4. */
export const floorSchema = z.object({
  value: z.number(),
  source: z.enum(['settings', 'default', 'seeds']),
});
export type Floor = z.infer<typeof floorSchema>;

/** O9: the member's calibrated floor for `model`, else the one shipped for it, else the seeds' 0.4. */
export function floorFor(floors: Readonly<Record<string, number>>, model: string): Floor {
  const chosen = floors[model];
  if (chosen !== undefined) return { value: chosen, source: 'settings' };
  const shipped = ORACLE.defaultFloors[model];
  if (shipped !== undefined) return { value: shipped, source: 'default' };
  return { value: ORACLE.relevanceFloor, source: 'seeds' };
}

export const indexPhaseSchema = z.enum(['reading', 'embedding']);

/** `oracle:progress` and the status's `progress`: notes read, then chunks embedded, done of total. */
export const indexProgressSchema = z.object({
  phase: indexPhaseSchema,
  done: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
});
export type IndexProgressEvent = z.infer<typeof indexProgressSchema>;

/** Why the base answers in lexical mode, or why indexing stopped: words the pane translates. */
export const knowledgeIssueSchema = z.object({
  reason: z.enum([
    'folder_missing',
    'folder_unreadable',
    'no_key',
    'embedding_failed',
    'rate_limited',
    'index_failed',
  ]),
  message: z.string(),
});
export type KnowledgeIssue = z.infer<typeof knowledgeIssueSchema>;

/** What the pane's index line shows: "1,234 notes · indexed 2 min ago · Re-index". */
export const knowledgeStatusSchema = z.object({
  folder: z.object({ path: z.string(), isDefault: z.boolean() }),
  state: z.enum(['idle', 'indexing']),
  progress: indexProgressSchema.nullable(),
  notes: z.number().int().nonnegative(),
  chunks: z.number().int().nonnegative(),
  /** Chunks with a vector of the current embedding model. */
  embedded: z.number().int().nonnegative(),
  /** ISO 8601 of the last pass that finished, null before the first. */
  indexedAt: z.string().nullable(),
  mode: retrievalModeSchema,
  embeddingModel: z.string(),
  floor: floorSchema,
  issue: knowledgeIssueSchema.nullable(),
  /**
   * Links in the folder that lead out of it (to a note or a folder elsewhere): left out of the index so that no file
   * outside reaches the model, and named so the member knows why those notes are missing. The last listing's, with
   * the first ORACLE.linksOutsideListed paths.
   */
  linksOutside: z.object({ count: z.number().int().nonnegative(), paths: z.array(z.string()) }),
});
export type KnowledgeStatus = z.infer<typeof knowledgeStatusSchema>;

/** A recent question the base answered poorly (O8's corpus-gap signal). */
export const gapQuestionSchema = z.object({
  question: z.string(),
  topRelevance: z.number().nullable(),
  sourcesCount: z.number().int().nonnegative(),
  createdAt: z.string(),
});

/** Per day: how many questions, their mean top relevance, and how many fell under the floor. */
export const gapDaySchema = z.object({
  day: z.string(),
  questions: z.number().int().nonnegative(),
  meanTopRelevance: z.number().nullable(),
  belowFloor: z.number().int().nonnegative(),
});

export const corpusGapsSchema = z.object({
  floor: floorSchema,
  questions: z.array(gapQuestionSchema),
  days: z.array(gapDaySchema),
});
export type CorpusGaps = z.infer<typeof corpusGapsSchema>;

export const openNoteInputSchema = z.strictObject({ path: z.string().min(1).max(IPC.knowledgePathMaxChars) });
export const openNoteOutputSchema = z.object({ openedWith: z.enum(['obsidian', 'system']) });

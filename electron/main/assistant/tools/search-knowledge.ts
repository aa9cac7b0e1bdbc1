import type Database from 'better-sqlite3';
import { z } from 'zod';
import { ASSISTANT } from '../../../../shared/limits';
import { floorFor, sourcesByNote } from '../../../../shared/oracle';
import { ok } from '../../../../shared/result';
import type { Settings } from '../../../../shared/settings';
import type { GeminiGateway } from '../../gemini/gateway';
import { selectKnowledge } from '../../knowledge/knowledge-policy';
import { listedPassages, passageSource } from '../../knowledge/listed-passages';
import { queryVector } from '../../knowledge/query-vector';
import type { Logger } from '../../log/logger';
import { untrustedNote } from '../../prompt/untrusted-data';
import { defineTool, type Tool } from '../tool-registry';

export interface SearchKnowledgeDeps {
  /** The app database: the knowledge chunks and their vectors. */
  db: Database.Database;
  /** Embeds the query. */
  gateway: Pick<GeminiGateway, 'embed'>;
  /** Read at every search: models.embedding as it is now. */
  settings: () => Settings;
  log: Logger;
  /** The query embedding's budget (see queryVector): AbortSignal.timeout unless a test moves its own clock. */
  deadline?: (ms: number) => AbortSignal;
}

/**
 * G6 on the Oracle's ranking: the query embedded (by its words alone when it cannot be), the top 8 as the Oracle
 * ranks them, those within 0.03 of the best score kept, 2 to 4 of them. Each passage, with its note's title, heading
 * and path, is team-written data, so it goes to the model inside an untrusted NOTE block; those the Oracle would
 * list (listedPassages) become the answer's sources.
 */
export function createSearchKnowledgeTool(deps: SearchKnowledgeDeps): Tool {
  return defineTool({
    name: 'search_knowledge',
    description:
      "Searches the team's knowledge base (its notes on the platform, tools and procedures) and returns the most relevant passages, each with its note's title and path. Call it before answering any question about how the team works.",
    args: z.object({
      query: z
        .string()
        .trim()
        .min(1, 'Say what to search for.')
        .max(ASSISTANT.toolQueryMaxChars)
        .describe('What to look for, in words the notes would use.'),
    }),
    async execute(ctx, { query }, signal) {
      const { log } = deps;
      const model = deps.settings().models.embedding;
      const vector = await queryVector({ gateway: deps.gateway, text: query, model, signal, log, ...(deps.deadline ? { deadline: deps.deadline } : {}) });
      if (!vector.ok) return vector;
      const selection = selectKnowledge(
        deps.db,
        vector.value ? { question: query, queryVector: vector.value.vector, model: vector.value.model } : { question: query, queryVector: null },
      );
      const passages = selection.chunks.map((chunk) => ({
        relevance: chunk.relevance,
        text: untrustedNote(ctx.boundary, { title: chunk.title, heading: chunk.chunkTitle, path: chunk.path, text: chunk.text }),
      }));
      // The model reads every passage kept; the member is shown those the Oracle would list, as it shows them.
      const floor = vector.value && selection.mode === 'vector' ? floorFor(deps.settings().knowledgeBase.floors, vector.value.model).value : null;
      const sources = listedPassages(selection.chunks, floor).map((chunk) => ({ kind: 'note' as const, ...passageSource(chunk, floor) }));
      return ok({ output: { mode: selection.mode, passages }, sources: sourcesByNote(sources).flat() });
    },
  });
}

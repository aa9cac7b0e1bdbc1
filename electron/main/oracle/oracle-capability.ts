import type Database from 'better-sqlite3';
import type { Lang } from '../../../shared/lang';
import type { Capability } from '../capability';
import type { GeminiGateway } from '../gemini/gateway';
import type { KnowledgeService } from '../knowledge/knowledge-service';
import type { Logger } from '../log/logger';
import type { ORACLE_BUDGET } from '../rate-limit/ai-budgets';
import type { AiChannelLimiter } from '../rate-limit/ai-channel-limiter';
import type { ManagedSettings } from '../settings/policy-locks';
import type { OpenNoteFile } from './open-note-file';
import { createOracle } from './oracle';
import { oracleHandlers } from './oracle-handlers';

type OracleChannels = 'oracle:ask' | 'oracle:status' | 'oracle:reindex' | 'oracle:chooseFolder' | 'oracle:openNote' | 'oracle:gaps';

export interface OracleCapabilityDeps {
  db: Database.Database;
  gateway: GeminiGateway;
  settings: ManagedSettings;
  hasGeminiKey: () => Promise<boolean>;
  /** The AI channel's one limiter (G9): the Oracle counts against ORACLE_BUDGET. */
  limiter: AiChannelLimiter<typeof ORACLE_BUDGET>;
  lang: () => Lang;
  /**
   * The knowledge base. The core makes it, since meeting notes are saved into it too; the Oracle runs it: starts
   * it, tells it of new settings and keys, and closes it.
   */
  knowledge: KnowledgeService;
  chooseFolder: () => Promise<string | null>;
  openNote: OpenNoteFile;
  /** Wall clock, epoch milliseconds. */
  now: () => number;
  log: Logger;
}

/**
 * The oracle (seeds 001) and the knowledge base it answers from: indexed at start, watched, re-indexed when its
 * folder or embedding model changes, and embedded anew when a Gemini key is added or removed.
 */
export function createOracleCapability(deps: OracleCapabilityDeps): Capability<OracleChannels> {
  const { db, gateway, settings, knowledge, log } = deps;
  const oracle = createOracle({
    db,
    gateway,
    settings: settings.get,
    hasGeminiKey: deps.hasGeminiKey,
    limiter: deps.limiter,
    lang: deps.lang,
    now: deps.now,
    log,
  });
  return {
    handlers: oracleHandlers({ oracle, knowledge, settings, chooseFolder: deps.chooseFolder, openNote: deps.openNote, log }),
    start: () => knowledge.start(),
    close: () => knowledge.close(),
    settingsChanged: (patch) => {
      if (patch.knowledgeBase || patch.models?.embedding) knowledge.settingsChanged(patch);
    },
    secretChanged: (name) => {
      // A new key embeds the knowledge base now; a removed one turns the oracle lexical, said at once.
      if (name === 'gemini.apiKey') void knowledge.reindex();
    },
  };
}

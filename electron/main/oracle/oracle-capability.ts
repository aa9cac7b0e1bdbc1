import type Database from 'better-sqlite3';
import type { Lang } from '../../../shared/lang';
import type { Broadcast, Capability } from '../capability';
import type { GeminiGateway } from '../gemini/gateway';
import { createKnowledgeService } from '../knowledge/knowledge-service';
import { watchFolder, type WatchFolder } from '../knowledge/watch-folder';
import type { Logger } from '../log/logger';
import type { ORACLE_BUDGET } from '../rate-limit/ai-budgets';
import type { AiChannelLimiter } from '../rate-limit/ai-channel-limiter';
import type { SettingsStore } from '../settings/settings-store';
import type { OpenNoteFile } from './open-note-file';
import { createOracle } from './oracle';
import { oracleHandlers } from './oracle-handlers';

type OracleChannels = 'oracle:ask' | 'oracle:status' | 'oracle:reindex' | 'oracle:chooseFolder' | 'oracle:openNote' | 'oracle:gaps';

export interface OracleCapabilityDeps {
  db: Database.Database;
  gateway: GeminiGateway;
  settings: SettingsStore;
  hasGeminiKey: () => Promise<boolean>;
  /** The AI channel's one limiter (G9): the Oracle counts against ORACLE_BUDGET. */
  limiter: AiChannelLimiter<typeof ORACLE_BUDGET>;
  lang: () => Lang;
  /** The folder used until the member chooses one: the guide shipped in resources/. */
  defaultFolder: string;
  chooseFolder: () => Promise<string | null>;
  openNote: OpenNoteFile;
  /** Tests only: a stand-in for watching the folder. */
  watch?: WatchFolder | undefined;
  /** The knowledge base changed state (oracle:changed): the Oracle pane's index line follows. */
  broadcast: Broadcast;
  /** Wall clock, epoch milliseconds. */
  now: () => number;
  log: Logger;
}

/**
 * The oracle (seeds 001) and the knowledge base it answers from: indexed at start, watched, re-indexed when its
 * folder or embedding model changes, and embedded anew when a Gemini key is added or removed.
 */
export function createOracleCapability(deps: OracleCapabilityDeps): Capability<OracleChannels> {
  const { db, gateway, settings, log } = deps;
  const knowledge = createKnowledgeService({
    db,
    gateway,
    settings: settings.get,
    defaultFolder: deps.defaultFolder,
    hasGeminiKey: deps.hasGeminiKey,
    watch: deps.watch ?? watchFolder,
    publish: (status) => deps.broadcast('oracle:changed', status),
    now: deps.now,
    log,
  });
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

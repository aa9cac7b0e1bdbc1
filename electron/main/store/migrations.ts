/**
 * One numbered step of the schema. The runner wraps `up` in a transaction and records `version` in
 * `PRAGMA user_version`, so `up` must not BEGIN or COMMIT itself. A shipped migration never changes:
 * a later change to the schema is a new migration.
 */
export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly up: string;
}

/** ISO 8601 UTC with milliseconds: sorts as text, and two rows written in the same second stay ordered. */
const NOW = `(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

/**
 * docs/architecture.md, Data. Table names follow the seeds. Every per-member row carries `owner` (the verified email),
 * and nothing here holds a mail body or a chat history (S12): only digests, telemetry, the knowledge index,
 * the admin-edited prompt layers and settings.
 */
const v1Initial: Migration = {
  version: 1,
  name: 'initial schema',
  up: `
    CREATE TABLE correo_digests (
      id INTEGER PRIMARY KEY,
      owner TEXT NOT NULL,
      generated_at TEXT NOT NULL,
      resumen TEXT NOT NULL,
      ruido_count INTEGER NOT NULL CHECK (ruido_count >= 0),
      payload TEXT NOT NULL CHECK (json_valid(payload)),
      created_at TEXT NOT NULL DEFAULT ${NOW}
    );
    -- The secretary loads the member's latest digest: WHERE owner = ? ORDER BY created_at DESC, id DESC LIMIT 1.
    CREATE INDEX correo_digests_owner_latest ON correo_digests (owner, created_at DESC, id DESC);

    CREATE TABLE correo_chat_queries (
      id INTEGER PRIMARY KEY,
      owner TEXT NOT NULL,
      question TEXT NOT NULL,
      tool_rounds INTEGER NOT NULL CHECK (tool_rounds >= 0),
      duration_ms INTEGER NOT NULL CHECK (duration_ms >= 0),
      created_at TEXT NOT NULL DEFAULT ${NOW}
    );
    -- The per-member rate limit counts this member's rows of the last minute.
    CREATE INDEX correo_chat_queries_owner_created ON correo_chat_queries (owner, created_at);

    CREATE TABLE oraculo_queries (
      id INTEGER PRIMARY KEY,
      owner TEXT NOT NULL,
      question TEXT NOT NULL,
      sources_count INTEGER NOT NULL CHECK (sources_count >= 0),
      -- NULL when nothing was retrieved; otherwise a cosine similarity.
      top_relevance REAL CHECK (top_relevance BETWEEN -1 AND 1),
      duration_ms INTEGER NOT NULL CHECK (duration_ms >= 0),
      mode TEXT NOT NULL DEFAULT 'oracle' CHECK (mode IN ('oracle')),
      created_at TEXT NOT NULL DEFAULT ${NOW}
    );
    CREATE INDEX oraculo_queries_owner_created ON oraculo_queries (owner, created_at);

    CREATE TABLE kb_chunks (
      id INTEGER PRIMARY KEY,
      collection TEXT NOT NULL,
      path TEXT NOT NULL,
      title TEXT NOT NULL,
      chunk_title TEXT NOT NULL,
      text TEXT NOT NULL,
      content_hash TEXT NOT NULL,
      -- A little-endian Float32 vector of dims values, from embedding_model; all three or none.
      embedding BLOB,
      embedding_model TEXT,
      dims INTEGER CHECK (dims > 0),
      CHECK ((embedding IS NULL) = (embedding_model IS NULL) AND (embedding IS NULL) = (dims IS NULL)),
      CHECK (embedding IS NULL OR length(embedding) = dims * 4)
    );
    -- Re-indexing replaces a note's chunks by (collection, path).
    CREATE INDEX kb_chunks_collection_path ON kb_chunks (collection, path);

    -- Lexical retrieval (G6 fallback). remove_diacritics 2 lets "informacion" find "información".
    CREATE VIRTUAL TABLE kb_chunks_fts USING fts5 (
      title, chunk_title, text,
      content = 'kb_chunks', content_rowid = 'id',
      tokenize = 'unicode61 remove_diacritics 2'
    );
    CREATE TRIGGER kb_chunks_fts_insert AFTER INSERT ON kb_chunks BEGIN
      INSERT INTO kb_chunks_fts (rowid, title, chunk_title, text)
        VALUES (new.id, new.title, new.chunk_title, new.text);
    END;
    CREATE TRIGGER kb_chunks_fts_delete AFTER DELETE ON kb_chunks BEGIN
      INSERT INTO kb_chunks_fts (kb_chunks_fts, rowid, title, chunk_title, text)
        VALUES ('delete', old.id, old.title, old.chunk_title, old.text);
    END;
    -- Only the indexed columns: storing a new embedding leaves the text index alone.
    CREATE TRIGGER kb_chunks_fts_update AFTER UPDATE OF id, title, chunk_title, text ON kb_chunks BEGIN
      INSERT INTO kb_chunks_fts (kb_chunks_fts, rowid, title, chunk_title, text)
        VALUES ('delete', old.id, old.title, old.chunk_title, old.text);
      INSERT INTO kb_chunks_fts (rowid, title, chunk_title, text)
        VALUES (new.id, new.title, new.chunk_title, new.text);
    END;

    -- G4: the configurable layers of the system prompt, one row per AI channel.
    CREATE TABLE ai_prompts (
      channel TEXT PRIMARY KEY CHECK (channel <> ''),
      scope TEXT NOT NULL DEFAULT '',
      instructions TEXT NOT NULL DEFAULT '',
      updated_at TEXT NOT NULL
    );

    -- One row per top-level settings key, so a section added by a later version never rewrites the others.
    CREATE TABLE settings (
      key TEXT PRIMARY KEY,
      value TEXT NOT NULL CHECK (json_valid(value)),
      updated_at TEXT NOT NULL
    );
  `,
};

/**
 * Issue 6: the indexer's record of fully indexed notes. A row is written in the same transaction as the note's
 * chunks, so a note without a row (or with an older hash) is simply indexed again on the next run.
 */
const v2KnowledgeNotes: Migration = {
  version: 2,
  name: 'knowledge notes and chunk links',
  up: `
    CREATE TABLE kb_notes (
      collection TEXT NOT NULL,
      path TEXT NOT NULL,
      title TEXT NOT NULL,
      tags TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(tags)),
      -- sha256 of the note's text, hex: an unchanged note is recognised without parsing it.
      content_hash TEXT NOT NULL,
      indexed_at TEXT NOT NULL DEFAULT ${NOW},
      PRIMARY KEY (collection, path)
    );

    -- The chunk's [[wiki-links]] as a JSON array of {note, heading?}: linked notes can join an answer's context.
    ALTER TABLE kb_chunks ADD COLUMN links TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(links));
  `,
};

/**
 * Issue 6: what the knowledge service remembers between runs (which folder the index holds, when its last pass
 * finished), and an index that keeps the status line's count of embedded chunks cheap on a large base.
 */
const v3KnowledgeState: Migration = {
  version: 3,
  name: 'knowledge state',
  up: `
    CREATE TABLE kb_state (
      key TEXT PRIMARY KEY,
      value TEXT NOT NULL
    );

    -- Counting the chunks embedded by one model reads this index, not every row's vector.
    CREATE INDEX kb_chunks_collection_embedding ON kb_chunks (collection, embedding_model, dims);
  `,
};

/**
 * Issue 10: a prompt layer the team never changed is stored as NULL, not as a copy of the shipped text, so an
 * improved default in a later version reaches every team that kept it. Nothing wrote this table before, and an
 * empty layer was its only default: it becomes NULL.
 */
const v4AssistantPromptDefaults: Migration = {
  version: 4,
  name: 'assistant prompt layers default to the shipped text',
  up: `
    CREATE TABLE ai_prompts_v4 (
      channel TEXT PRIMARY KEY CHECK (channel <> ''),
      scope TEXT,
      instructions TEXT,
      updated_at TEXT NOT NULL
    );
    INSERT INTO ai_prompts_v4 (channel, scope, instructions, updated_at)
      SELECT channel, NULLIF(scope, ''), NULLIF(instructions, ''), updated_at FROM ai_prompts;
    DROP TABLE ai_prompts;
    ALTER TABLE ai_prompts_v4 RENAME TO ai_prompts;
  `,
};

/**
 * Issue 11: items of "What needs you" the member dismissed, so that no later pass brings them back. Only Zoho's
 * message id and its received time (what tells a later pass that the mail was handled and the row can go): never
 * a subject, a sender or a body.
 */
const v5DigestDismissals: Migration = {
  version: 5,
  name: 'dismissed digest items',
  up: `
    CREATE TABLE correo_digest_dismissed (
      owner TEXT NOT NULL,
      message_id TEXT NOT NULL CHECK (message_id <> ''),
      -- ISO 8601, when Zoho received the message; NULL when it was not known.
      message_date TEXT,
      dismissed_at TEXT NOT NULL DEFAULT ${NOW},
      PRIMARY KEY (owner, message_id)
    ) WITHOUT ROWID;
  `,
};

/**
 * Issue 14: push-to-talk's shortcut joins quick ask's and live captions' in their own settings section. A member's
 * stored choice (a shortcut, or null for off) moves with it; one never changed stays unset and gets the default.
 */
const v6ShortcutSettings: Migration = {
  version: 6,
  name: 'global shortcuts in their own settings section',
  up: `
    INSERT INTO settings (key, value, updated_at)
      SELECT 'shortcuts', json_object('pushToTalk', json_extract(value, '$.shortcut')), updated_at
      FROM settings
      WHERE key = 'voice' AND json_valid(value) AND json_type(value, '$.shortcut') IN ('text', 'null')
      ON CONFLICT (key) DO NOTHING;
    UPDATE settings SET value = json_remove(value, '$.shortcut') WHERE key = 'voice' AND json_valid(value);
  `,
};

/**
 * Issue 15: the lexical side scores a chunk's fields apart (bm25 with a weight per column), and a note's
 * front-matter aliases become a field of their own, written with each chunk. The FTS table is rebuilt with the
 * new column from kb_chunks (an external-content table has no data of its own to lose), and with Porter's stemmer
 * over the folded words, so "questions" finds "question" (English endings only; on the guide's questions of
 * `npm run oracle:eval` it took hit@1 from 0.854 to 0.875). Every note is then read
 * again once, by the indexer's own test (a note whose hash differs from its kb_notes row is indexed again): that
 * gives existing chunks their aliases, and their vectors are recomputed from what each chunk is about (its note's
 * title and heading path with its text) by the embedding step, which embeds every chunk without a vector.
 */
const v7FieldAwareSearch: Migration = {
  version: 7,
  name: 'field-aware knowledge search',
  up: `
    -- The note's front-matter aliases, one a line ('' for none), repeated on each of its chunks like its title.
    ALTER TABLE kb_chunks ADD COLUMN aliases TEXT NOT NULL DEFAULT '';

    DROP TRIGGER kb_chunks_fts_insert;
    DROP TRIGGER kb_chunks_fts_delete;
    DROP TRIGGER kb_chunks_fts_update;
    DROP TABLE kb_chunks_fts;
    CREATE VIRTUAL TABLE kb_chunks_fts USING fts5 (
      title, aliases, chunk_title, text,
      content = 'kb_chunks', content_rowid = 'id',
      tokenize = 'porter unicode61 remove_diacritics 2'
    );
    CREATE TRIGGER kb_chunks_fts_insert AFTER INSERT ON kb_chunks BEGIN
      INSERT INTO kb_chunks_fts (rowid, title, aliases, chunk_title, text)
        VALUES (new.id, new.title, new.aliases, new.chunk_title, new.text);
    END;
    CREATE TRIGGER kb_chunks_fts_delete AFTER DELETE ON kb_chunks BEGIN
      INSERT INTO kb_chunks_fts (kb_chunks_fts, rowid, title, aliases, chunk_title, text)
        VALUES ('delete', old.id, old.title, old.aliases, old.chunk_title, old.text);
    END;
    CREATE TRIGGER kb_chunks_fts_update AFTER UPDATE OF id, title, aliases, chunk_title, text ON kb_chunks BEGIN
      INSERT INTO kb_chunks_fts (kb_chunks_fts, rowid, title, aliases, chunk_title, text)
        VALUES ('delete', old.id, old.title, old.aliases, old.chunk_title, old.text);
      INSERT INTO kb_chunks_fts (rowid, title, aliases, chunk_title, text)
        VALUES (new.id, new.title, new.aliases, new.chunk_title, new.text);
    END;
    INSERT INTO kb_chunks_fts (kb_chunks_fts) VALUES ('rebuild');

    UPDATE kb_notes SET content_hash = '';
  `,
};

/**
 * Issue 26: each chunk's [[links]] resolved to the notes they point at when the notes are indexed, so a question
 * reads the paths rather than resolving every link of its best passages (link lending, linked notes). NULL until
 * the indexer resolves it: the pass every start runs fills an existing base's, with no note read again.
 */
const v8ChunkLinkTargets: Migration = {
  version: 8,
  name: 'chunk link targets resolved at index time',
  up: `
    -- JSON array of the paths (same collection) the chunk's links resolve to, its own note left out; NULL: not yet.
    ALTER TABLE kb_chunks ADD COLUMN link_targets TEXT CHECK (link_targets IS NULL OR json_valid(link_targets));
    UPDATE kb_chunks SET link_targets = '[]' WHERE links = '[]';
  `,
};

/**
 * Issue 29 (RD3): the minidumps sent to the team's crash server, so each goes once. The machine's, not a member's
 * (a crash happens to the app, signed in or not): no owner. Only Crashpad's report id and when it was sent.
 */
const v9CrashUploads: Migration = {
  version: 9,
  name: 'crash reports sent',
  up: `
    CREATE TABLE crash_uploads (
      -- The minidump's file name without .dmp: Crashpad's report id, the same in new/, pending/ and completed/.
      dump TEXT PRIMARY KEY CHECK (dump <> ''),
      -- Epoch milliseconds.
      uploaded_at INTEGER NOT NULL
    ) WITHOUT ROWID;
  `,
};

export const appMigrations: readonly Migration[] = [
  v1Initial,
  v2KnowledgeNotes,
  v3KnowledgeState,
  v4AssistantPromptDefaults,
  v5DigestDismissals,
  v6ShortcutSettings,
  v7FieldAwareSearch,
  v8ChunkLinkTargets,
  v9CrashUploads,
];

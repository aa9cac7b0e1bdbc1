import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { noteFiles } from '../../../test/support/oracle/oracle-kit';
import { expectOpened, makeTempDir } from '../../../test/support/store-helpers';
import { openDatabase } from '../store/open-database';
import { indexNotes } from './index-folder';
import { chunkNames } from './chunk-names';
import { keywordMatches, namedChunks } from './retrieve';

const ids = (db: ReturnType<typeof expectOpened>) => (db.prepare('SELECT id FROM kb_chunks ORDER BY id').pluck().all() as number[]);

describe('the names a question may name a passage by, held for the connection', () => {
  it('follow a note renamed, added or removed, as the next question sees it', async () => {
    const db = expectOpened(openDatabase(join(makeTempDir(), 'app.db')));
    await indexNotes({ db, collection: 'kb', files: noteFiles({ 'vpn.md': '# VPN access\n\nAsk the IT desk.\n' }) });
    const words = ['vpn', 'access', 'custom', 'domain'];
    expect(namedChunks(chunkNames(db), words, ids(db))).toHaveLength(1);

    // Renamed: the old title no longer names it, the new one does.
    await indexNotes({ db, collection: 'kb', files: noteFiles({ 'vpn.md': '# Remote network\n\nAsk the IT desk.\n' }) });
    expect(namedChunks(chunkNames(db), words, ids(db))).toEqual([]);
    expect(namedChunks(chunkNames(db), ['remote', 'network'], ids(db))).toHaveLength(1);

    // A new note's headings count at once; a removed one's are gone.
    await indexNotes({
      db,
      collection: 'kb',
      files: noteFiles({ 'domains.md': '# Domains\n\n## Set up a custom domain\n\nPoint the DNS record at us.\n' }),
    });
    expect(keywordMatches(chunkNames(db), ['how', 'set', 'up', 'custom', 'domain'], ids(db))).toHaveLength(1);
    expect(namedChunks(chunkNames(db), ['remote', 'network'], ids(db))).toEqual([]);
  });
});

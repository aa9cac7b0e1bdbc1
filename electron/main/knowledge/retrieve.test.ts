import { describe, expect, it } from 'vitest';
import { ORACLE } from '../../../shared/limits';
import type Database from 'better-sqlite3';
import { LEXICAL_MATCHES_BUDGET, RANKING, ftsAnyOf, rarestTerms, retrieve, searchVectors } from './retrieve';
import { indexNotes } from './index-folder';
import { encodeVector } from './vector-codec';
import { noteFiles, type Notes } from '../../../test/support/oracle/oracle-kit';
import { QUERY, TEST_MODEL, insertChunk, knowledgeDatabase, withCosine } from '../../../test/support/knowledge/chunks';

const hybrid = { queryVector: QUERY, model: TEST_MODEL };

describe('retrieve', () => {
  it('O2: returns 8 chunks drawn from the whole knowledge base, with no filters', () => {
    const db = knowledgeDatabase();
    for (let i = 0; i < 12; i++) {
      insertChunk(db, {
        collection: i % 2 === 0 ? 'kb' : 'archive',
        path: `note-${i}.md`,
        text: `Nota número ${i}`,
        vector: withCosine(0.5 + i * 0.04),
      });
    }
    const result = retrieve(db, { queryText: 'vacaciones', ...hybrid, limit: ORACLE.retrievalChunks });
    expect(result.mode).toBe('hybrid');
    expect(result.chunks).toHaveLength(8);
    expect(result.chunks.map((chunk) => chunk.path)).toEqual([11, 10, 9, 8, 7, 6, 5, 4].map((i) => `note-${i}.md`));
  });

  it('reports the cosine as relevance: fusion changes the order, never the number', () => {
    const db = knowledgeDatabase();
    insertChunk(db, { path: 'facturas.md', text: 'Cómo emitir la facturación mensual', vector: withCosine(0.8) });
    insertChunk(db, { path: 'vacaciones.md', text: 'Pedir días libres', vector: withCosine(0.82) });
    insertChunk(db, { path: 'equipo.md', text: 'Quién es quién', vector: withCosine(0.81) });

    const { mode, chunks } = retrieve(db, { queryText: 'facturación', ...hybrid, limit: 8 });
    expect(mode).toBe('hybrid');
    // Found by both sides, the invoice note leads although two notes are closer by cosine.
    expect(chunks.map((chunk) => chunk.path)).toEqual(['facturas.md', 'vacaciones.md', 'equipo.md']);
    expect(chunks[0]).toMatchObject({ title: 'facturas', chunkTitle: 'Intro', vectorRank: 3, lexicalRank: 1 });
    expect(chunks[0]?.text).toBe('Cómo emitir la facturación mensual');
    expect(chunks.map((chunk) => chunk.relevance)).toEqual([
      expect.closeTo(0.8, 6),
      expect.closeTo(0.82, 6),
      expect.closeTo(0.81, 6),
    ]);
    expect(chunks[1]?.lexicalRank).toBeUndefined();
  });

  it('gives each chunk the score it was put in order by: from 0 to 1, 1 for the first of both sides', () => {
    const db = knowledgeDatabase();
    insertChunk(db, { path: 'facturas.md', text: 'Cómo emitir la facturación mensual', vector: withCosine(0.9) });
    insertChunk(db, { path: 'vacaciones.md', text: 'Pedir días libres', vector: withCosine(0.82) });
    insertChunk(db, { path: 'cierre.md', text: 'La facturación del cierre de cada trimestre y de cada año, con sus informes', vector: withCosine(0.2) });
    const { chunks } = retrieve(db, { queryText: 'facturación', ...hybrid, limit: 8 });
    const scores = chunks.map((chunk) => chunk.score!);
    expect(scores[0]).toBe(1);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(scores.every((score) => score > 0 && score <= 1)).toBe(true);
  });

  it("puts first the note whose title or alias the question names, and says so", () => {
    const db = knowledgeDatabase();
    insertChunk(db, { path: 'glosario.md', title: 'Glosario', text: 'Acceso remoto: ver la VPN. Acceso remoto y acceso remoto.', vector: withCosine(0.9) });
    const vpn = insertChunk(db, { path: 'vpn.md', title: 'VPN', text: 'Abre un ticket', vector: withCosine(0.3) });
    db.prepare("UPDATE kb_chunks SET aliases = 'Acceso remoto' WHERE id = ?").run(vpn);
    for (const queryText of ['¿cómo pido la VPN?', '¿Cómo funciona el acceso remoto?']) {
      const { chunks } = retrieve(db, { queryText, ...hybrid, limit: 8 });
      expect(chunks[0]).toMatchObject({ path: 'vpn.md', named: true, score: 1 });
      expect(chunks[1]?.named).toBeUndefined();
    }
  });

  it('normalises a query vector that is not unit length, so relevance stays a cosine', () => {
    const db = knowledgeDatabase();
    insertChunk(db, { path: 'a.md', text: 'alfa', vector: withCosine(0.6) });
    const { chunks } = retrieve(db, { queryText: '', queryVector: new Float32Array([5, 0, 0]), model: TEST_MODEL, limit: 8 });
    expect(chunks[0]?.relevance).toBeCloseTo(0.6, 6);
  });

  it('searches by words alone without a query vector, and says so', () => {
    const db = knowledgeDatabase();
    insertChunk(db, { path: 'vpn.md', text: 'Configurar la VPN de la oficina. La VPN pide el segundo factor.', vector: withCosine(0.9) });
    insertChunk(db, { path: 'wifi.md', text: 'La wifi de invitados y la VPN', vector: withCosine(0.95) });
    insertChunk(db, { path: 'cocina.md', text: 'Turnos de la cocina' });

    const result = retrieve(db, { queryText: 'vpn', queryVector: null, limit: 8 });
    expect(result.mode).toBe('lexical');
    expect(result.chunks.map((chunk) => chunk.path)).toEqual(['vpn.md', 'wifi.md']);
    expect(result.chunks.every((chunk) => chunk.relevance === null && chunk.vectorRank === undefined)).toBe(true);
    expect(result.chunks.map((chunk) => chunk.lexicalRank)).toEqual([1, 2]);
  });

  it('falls back to lexical mode when no chunk has a vector of the query model yet', () => {
    const db = knowledgeDatabase();
    insertChunk(db, { path: 'vpn.md', text: 'VPN de la oficina', vector: withCosine(0.9), model: 'old-model' });
    const result = retrieve(db, { queryText: 'vpn', queryVector: QUERY, model: 'new-model', limit: 8 });
    expect(result).toMatchObject({ mode: 'lexical', chunks: [{ path: 'vpn.md', relevance: null }] });
  });

  it('ignores chunks of another embedding model or other dimensions on the vector side', () => {
    const db = knowledgeDatabase();
    insertChunk(db, { path: 'ours.md', text: 'alfa', vector: withCosine(0.5) });
    insertChunk(db, { path: 'theirs.md', text: 'beta', vector: withCosine(1), model: 'other-model' });
    insertChunk(db, { path: 'short.md', text: 'gamma', vector: [1, 0] });
    insertChunk(db, { path: 'theirs-too.md', text: 'delta', vector: withCosine(0.99), model: 'other-model' });

    const { mode, chunks } = retrieve(db, { queryText: 'delta', ...hybrid, limit: 8 });
    expect(mode).toBe('hybrid');
    // The words weigh more than the meaning: the other model's chunk, found by its word, comes first.
    expect(chunks.map((chunk) => chunk.path)).toEqual(['theirs-too.md', 'ours.md']);
    // Found by its words, the other model's chunk has no cosine to report.
    expect(chunks[0]).toMatchObject({ relevance: null, lexicalRank: 1 });
    expect(chunks[0]?.vectorRank).toBeUndefined();
    expect(chunks[1]).toMatchObject({ relevance: expect.closeTo(0.5, 6), vectorRank: 1 });
  });

  it('finds words whatever their accents or case', () => {
    const db = knowledgeDatabase();
    insertChunk(db, { path: 'a.md', text: 'Toda la información del módulo' });
    insertChunk(db, { path: 'b.md', text: 'Pedir informacion por correo' });
    insertChunk(db, { path: 'c.md', text: 'Otra cosa' });
    const paths = (queryText: string) =>
      retrieve(db, { queryText, limit: 8 })
        .chunks.map((chunk) => chunk.path)
        .sort();
    expect(paths('informacion')).toEqual(['a.md', 'b.md']);
    expect(paths('INFORMACIÓN')).toEqual(['a.md', 'b.md']);
    expect(paths('modulo')).toEqual(['a.md']);
  });

  describe('treats FTS5 syntax in the question as plain words', () => {
    function setUp() {
      const db = knowledgeDatabase();
      insertChunk(db, { path: 'secret.md', title: 'Claves', text: 'El title del documento secreto' });
      insertChunk(db, { path: 'near.md', title: 'Cerca', text: 'near the office, alfa and beta' });
      insertChunk(db, { path: 'factura.md', title: 'Facturas', text: 'La factura de marzo' });
      return db;
    }
    const paths = (db: ReturnType<typeof setUp>, queryText: string) =>
      retrieve(db, { queryText, limit: 8 })
        .chunks.map((chunk) => chunk.path)
        .sort();

    it.each([
      ['an unbalanced quote', '"secreto', ['secret.md']],
      ['a quote inside a word', 'secre"to', []],
      ['a column filter', 'title:secreto', ['secret.md']],
      ['a column filter on a column that does not exist', 'nope:secreto', ['secret.md']],
      ['NEAR', 'NEAR(alfa beta, 2)', ['near.md']],
      ['a prefix star', 'fact*', []],
      // NOT excludes nothing, and AND is the word "and" in the English note.
      ['boolean operators', 'factura AND NOT secreto', ['factura.md', 'near.md', 'secret.md']],
      ['parentheses', '((factura', ['factura.md']],
      ['a caret and a minus', '^factura -secreto', ['factura.md', 'secret.md']],
      ['only punctuation', '"*():^-', []],
    ])('%s', (_name, queryText, expected) => {
      expect(paths(setUp(), queryText)).toEqual(expected);
    });

    it('quotes every word, so nothing reaches FTS5 as an operator', () => {
      expect(ftsAnyOf(['title', 'NEAR', 'Ñandú'])).toBe('"title" OR "near" OR "ñandú"');
      expect(ftsAnyOf(['a"b'])).toBe('"a""b"');
      expect(ftsAnyOf(['fact'], { prefix: true })).toBe('"fact"*');
      expect(ftsAnyOf([])).toBeNull();
    });
  });

  it('keeps the best vectors of a large scan, best first', () => {
    const db = knowledgeDatabase();
    const cosines = Array.from({ length: 300 }, (_, i) => Math.sin(i * 12.9898) * 0.999);
    const ids = cosines.map((cosine, i) => insertChunk(db, { path: `n${i}.md`, text: 'x', vector: withCosine(cosine) }));
    const search = searchVectors(db, QUERY, TEST_MODEL, 10);
    const expected = ids
      .map((id, i) => ({ id, cosine: cosines[i]! }))
      .sort((a, b) => b.cosine - a.cosine)
      .slice(0, 10);
    expect(search.scanned).toBe(300);
    expect(search.hits.map((hit) => hit.id)).toEqual(expected.map((hit) => hit.id));
    search.hits.forEach((hit, i) => expect(hit.cosine).toBeCloseTo(expected[i]!.cosine, 5));
  });

  it('reports the cosine of a chunk found only by its words, far down the vector ranking', () => {
    const db = knowledgeDatabase();
    for (let i = 0; i < ORACLE.fusionCandidatesPerSide + 10; i++) {
      insertChunk(db, { path: `n${i}.md`, text: 'nada', vector: withCosine(0.9 - i * 0.01) });
    }
    insertChunk(db, { path: 'bici.md', text: 'El aparcamiento de bicicletas', vector: withCosine(0.05) });

    const { chunks } = retrieve(db, { queryText: 'bicicletas', ...hybrid, limit: 8 });
    const bici = chunks.find((chunk) => chunk.path === 'bici.md');
    expect(bici).toMatchObject({ lexicalRank: 1, relevance: expect.closeTo(0.05, 6) });
    expect(bici?.vectorRank).toBeUndefined();
  });

  describe('in a large base, scores only the question\'s rarest words', () => {
    /** `count` chunks containing `words`, written at once. */
    function addChunks(db: Database.Database, count: number, words: string) {
      db.transaction(() => {
        for (let i = 0; i < count; i++) insertChunk(db, { path: `${words}-${i}.md`, title: 'Nota', text: words });
      })();
    }

    it('leaves out the common words once they would match more chunks than the budget allows', () => {
      const db = knowledgeDatabase();
      addChunks(db, LEXICAL_MATCHES_BUDGET - 100, 'común');
      addChunks(db, 50, 'raro');
      // Together within the budget, then over it: the count is taken again after the base changes.
      expect(rarestTerms(db, ['Común', 'raro', 'ausente'])).toEqual(['raro', 'común']);
      addChunks(db, 100, 'común');
      expect(rarestTerms(db, ['Común', 'raro', 'ausente'])).toEqual(['raro']);

      const paths = retrieve(db, { queryText: 'común raro', limit: 60 }).chunks.map((chunk) => chunk.path);
      expect(paths).toHaveLength(50);
      expect(paths.every((path) => path.startsWith('raro-'))).toBe(true);
    });

    it('still searches a common word when the question has no rarer one', () => {
      const db = knowledgeDatabase();
      addChunks(db, LEXICAL_MATCHES_BUDGET + 10, 'común');
      expect(rarestTerms(db, ['común', 'ausente'])).toEqual(['común']);
      expect(retrieve(db, { queryText: 'común', limit: 8 }).chunks).toHaveLength(8);
    });

    it('counts an edited chunk\'s words again', () => {
      const db = knowledgeDatabase();
      addChunks(db, LEXICAL_MATCHES_BUDGET - 100, 'común');
      const edited = insertChunk(db, { path: 'edited.md', text: 'raro' });
      expect(rarestTerms(db, ['común', 'raro'])).toEqual(['raro', 'común']);
      db.prepare('UPDATE kb_chunks SET text = ? WHERE id = ?').run('nuevo', edited);
      expect(rarestTerms(db, ['común', 'raro'])).toEqual(['común']);
    });
  });
});

describe('retrieve: a passage that sends the reader to another note', () => {
  const NOTES: Notes = {
    'troubleshooting.md': [
      '# Troubleshooting',
      '',
      '## Sign-in refused',
      '',
      'Check the team domain, the protected application URL and the AUD tag. See [[sign-in]].',
      '',
      '## Printer offline',
      '',
      'Restart the printer.',
    ].join('\n'),
    'sign-in.md': ['# Signing in', '', '## The three values', '', 'Your administrator gives you the application URL and the AUD tag, 64 hexadecimal characters.'].join('\n'),
    'domains.md': ['# Domains', '', 'The team domain of the intranet ends in .local.'].join('\n'),
  };
  const question = 'What are the team domain, protected application URL and AUD tag?';

  async function base(): Promise<Database.Database> {
    const db = knowledgeDatabase();
    await indexNotes({ db, collection: 'kb', files: noteFiles(NOTES) });
    return db;
  }

  it('puts the note it links before it, when the words put the overview first', async () => {
    const db = await base();
    const notes = (weights = RANKING) => [...new Set(retrieve(db, { queryText: question, limit: 8 }, weights).chunks.map((chunk) => chunk.path))];
    // Without the links, the overview's one line that names everything wins.
    expect(notes({ ...RANKING, links: 0 })).toEqual(['troubleshooting.md', 'sign-in.md', 'domains.md']);
    expect(notes()).toEqual(['sign-in.md', 'troubleshooting.md', 'domains.md']);
  });

  it('never lifts a note above the one the question names', async () => {
    const db = knowledgeDatabase();
    // Twelve notes that both searches put ahead of the named one, so its own score is small.
    const others = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`other-${i}.md`, `# Other ${i}\n\nRemote access.`]));
    await indexNotes({
      db,
      collection: 'kb',
      files: noteFiles({
        ...others,
        'vpn.md': '# VPN\n\nAsk IT for a token.',
        'overview.md': '# Overview\n\nRemote access from home with the VPN, and remote access from home: see [[teleworking]].',
        'teleworking.md': `# Teleworking\n\nRemote access from home.${' Desks, chairs and lamps of the office.'.repeat(4)}`,
      }),
    });
    const cosines = new Map([['vpn.md', 0.1], ['overview.md', 0.95], ['teleworking.md', 0.9], ...Object.keys(others).map((path) => [path, 0.5] as const)]);
    const store = db.prepare('UPDATE kb_chunks SET embedding = ?, embedding_model = ?, dims = 3 WHERE path = ?');
    for (const [path, cosine] of cosines) store.run(encodeVector(new Float32Array(withCosine(cosine))), TEST_MODEL, path);

    const { chunks } = retrieve(db, { queryText: 'remote access from home with the VPN', ...hybrid, limit: 8 });
    expect(chunks[0]).toMatchObject({ path: 'vpn.md', named: true, score: 1 });
    expect(chunks.slice(0, 3).map((chunk) => chunk.path)).toEqual(['vpn.md', 'overview.md', 'teleworking.md']);
    expect(chunks.every((chunk) => chunk.score! <= 1)).toBe(true);
  });

  it('lends nothing to a note that no search found, nor to the note the passage is in', async () => {
    const db = await base();
    const { chunks } = retrieve(db, { queryText: 'printer offline', limit: 8 });
    expect(chunks.map((chunk) => `${chunk.path} ${chunk.chunkTitle}`)).toEqual(['troubleshooting.md Troubleshooting > Printer offline']);
  });
});

describe('UQ2: a passage the question names by its words is a keyword match', () => {
  const chunks = (db: Database.Database) => {
    insertChunk(db, { path: 'formats.md', title: 'Accepted file formats', chunkTitle: 'Accepted file formats', text: 'Markdown and PDF.' });
    insertChunk(db, { path: 'domain.md', title: 'Publishing', chunkTitle: 'Publishing > Set up a custom domain', text: 'Point a CNAME at us.' });
    insertChunk(db, { path: 'setup.md', title: 'Sync', chunkTitle: 'Sync > Set up', text: 'Set up a custom sync server.' });
  };
  const keywords = (db: Database.Database, queryText: string, keywordText?: string) =>
    retrieve(db, { queryText, limit: 8, ...(keywordText === undefined ? {} : { keywordText }) })
      .chunks.filter((chunk) => chunk.keyword)
      .map((chunk) => chunk.path);

  it('by its note title or a heading, each word by its stem, but not by a short heading that says little', () => {
    const db = knowledgeDatabase();
    chunks(db);
    expect(keywords(db, 'Which file formats are accepted?')).toEqual(['formats.md']);
    expect(keywords(db, 'How do I set up a custom domain?')).toEqual(['domain.md']);
  });

  it("in a follow-up, by the member's own words only, not the question before it that the search also reads", () => {
    const db = knowledgeDatabase();
    chunks(db);
    expect(keywords(db, 'Which file formats are accepted?\nAnd the domain?', 'And the domain?')).toEqual([]);
  });
});

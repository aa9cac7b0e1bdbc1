import { describe, expect, it } from 'vitest';
import { ASSISTANT } from '../../../shared/limits';
import { longestWordStems, selectKnowledge } from './knowledge-policy';
import { stem } from './word-stem';
import { LEXICAL_MATCHES_BUDGET, rarestTerms } from './retrieve';
import { QUERY, TEST_MODEL, insertChunk, knowledgeDatabase, withCosine } from '../../../test/support/knowledge/chunks';

function baseWithCosines(cosines: readonly number[]) {
  const db = knowledgeDatabase();
  cosines.forEach((cosine, i) => insertChunk(db, { path: `n${i}.md`, text: `nota ${i}`, vector: withCosine(cosine) }));
  return db;
}

function keptCosines(cosines: readonly number[]): number[] {
  const selection = selectKnowledge(baseWithCosines(cosines), { question: 'q', queryVector: QUERY, model: TEST_MODEL });
  expect(selection.mode).toBe('vector');
  return selection.chunks.map((chunk) => Number(chunk.relevance?.toFixed(3)));
}

describe('G6 knowledge policy', () => {
  it('G6: keeps only chunks within 0.03 of the best', () => {
    expect(keptCosines([0.7, 0.9, 0.88, 0.86, 0.65, 0.879])).toEqual([0.9, 0.88, 0.879]);
  });

  it('G6: keeps at least 2 even when the second is far below the best', () => {
    expect(keptCosines([0.9, 0.7, 0.6])).toEqual([0.9, 0.7]);
  });

  it('G6: keeps at most 4 when many are close to the best', () => {
    expect(keptCosines([0.9, 0.899, 0.898, 0.897, 0.896, 0.895])).toEqual([0.9, 0.899, 0.898, 0.897]);
  });

  it('G6: a base with a single embedded chunk gives that one', () => {
    expect(keptCosines([0.5])).toEqual([0.5]);
  });

  it('G6: reports title, heading, text and the cosine of each kept chunk', () => {
    const db = knowledgeDatabase();
    insertChunk(db, { path: 'vpn.md', title: 'VPN', chunkTitle: 'VPN > Alta', text: 'Pide el alta', vector: withCosine(0.8) });
    const selection = selectKnowledge(db, { question: 'vpn', queryVector: QUERY, model: TEST_MODEL });
    expect(selection.chunks).toEqual([
      {
        id: 1,
        path: 'vpn.md',
        title: 'VPN',
        chunkTitle: 'VPN > Alta',
        text: 'Pide el alta',
        relevance: expect.closeTo(0.8, 6),
        // First on both sides, and of the note the question names: the ranking's best score.
        score: 1,
        vectorRank: 1,
        lexicalRank: 1,
        named: true,
        keyword: true,
      },
    ]);
  });

  describe('G6 lexical fallback when vectors are unavailable', () => {
    it('searches the longest words by stem, whatever their accents and endings', () => {
      const db = knowledgeDatabase();
      insertChunk(db, { path: 'facturar.md', text: 'Para facturar a un cliente nuevo' });
      insertChunk(db, { path: 'vacaciones.md', text: 'Pedir vacaciones' });
      const selection = selectKnowledge(db, { question: '¿Dónde están las facturaciones?', queryVector: null });
      expect(selection).toMatchObject({ mode: 'lexical', chunks: [{ path: 'facturar.md', relevance: null, lexicalRank: 1 }] });
    });

    it("bounds its stems' matches as the Oracle's lexical side bounds words: the rarer stem alone past the budget", () => {
      const db = knowledgeDatabase();
      db.transaction(() => {
        for (let i = 0; i < LEXICAL_MATCHES_BUDGET + 10; i++) insertChunk(db, { path: `informe-${i}.md`, text: `Informes ${i}` });
      })();
      insertChunk(db, { path: 'trimestre.md', text: 'Cierre trimestral' });
      // "informes" and "trimestrales" give the stems "inform" and "trimestral"; the first matches past the budget.
      expect(rarestTerms(db, longestWordStems('informes trimestrales', 3), { prefix: true })).toEqual(['trimestral']);
      expect(selectKnowledge(db, { question: 'informes trimestrales', queryVector: null }).chunks.map((chunk) => chunk.path)).toEqual([
        'trimestre.md',
      ]);
    });

    it('returns at most 4 chunks', () => {
      const db = knowledgeDatabase();
      for (let i = 0; i < 7; i++) insertChunk(db, { path: `informe-${i}.md`, text: `Informe ${i} del trimestre` });
      const selection = selectKnowledge(db, { question: 'informes', queryVector: null });
      expect(selection.chunks).toHaveLength(ASSISTANT.knowledgeMaxKept);
    });

    it('is used when no chunk has a vector of the question model', () => {
      const db = knowledgeDatabase();
      insertChunk(db, { path: 'vpn.md', text: 'Configurar la VPN', vector: withCosine(0.9), model: 'old-model' });
      const selection = selectKnowledge(db, { question: 'configuración vpn', queryVector: QUERY, model: 'new-model' });
      expect(selection).toMatchObject({ mode: 'lexical', chunks: [{ path: 'vpn.md', relevance: null }] });
    });

    it('finds nothing, rather than failing, for a question made of punctuation', () => {
      expect(selectKnowledge(knowledgeDatabase(), { question: '"*(?)', queryVector: null }).chunks).toEqual([]);
    });

    it('stems by lower-casing, stripping accents and cutting common Spanish and English endings', () => {
      expect(stem('Facturación')).toBe('factur');
      expect(stem('facturaciones')).toBe('factur');
      expect(stem('Configurations')).toBe('configur');
      expect(stem('informes')).toBe('inform');
      expect(stem('rápidamente')).toBe('rapid');
      // Short words keep enough letters to mean something.
      expect(stem('las')).toBe('las');
      expect(stem('casas')).toBe('casa');
    });

    it('picks the longest distinct words, longest first', () => {
      expect(longestWordStems('¿Cómo configuro la facturación de los informes y las facturas?', 3)).toEqual([
        'factur',
        'configur',
        'inform',
      ]);
    });
  });
});

import { ASSISTANT } from '../../../shared/limits';
import { plainWord } from './words';

/**
 * Common Spanish and English inflectional and derivational endings, longest first so that the longest one
 * that fits is cut ("facturaciones" -> "factur", not "facturacione"). Written without accents: words are
 * compared after their diacritics are stripped, as the FTS tokenizer does.
 */
const SUFFIXES = [
  'amientos', 'imientos', 'amiento', 'imiento', 'aciones', 'iciones', 'ciones', 'siones', 'idades', 'ations',
  'amente', 'mente', 'acion', 'icion', 'ation', 'ments', 'cion', 'sion', 'idad', 'ando', 'iendo', 'adas', 'ados', 'idas',
  'idos', 'ings', 'ness', 'ment', 'ada', 'ado', 'ida', 'ido', 'ing', 'ies', 'ied', 'ers', 'ar', 'er', 'ir', 'es',
  'as', 'os', 'ed', 'ly', 'a', 'e', 'o', 's',
].sort((a, b) => b.length - a.length);

/**
 * A deliberately simple stem: lower case, diacritics stripped, then the longest listed suffix cut as long as
 * ASSISTANT.knowledgeStemMinChars letters remain. Used as an FTS5 prefix, so "facturación" finds "facturar",
 * "facturas" and "facturaciones"; an over-eager cut only widens the match, and bm25 still orders it.
 */
export function stem(word: string): string {
  return stemOfPlain(plainWord(word));
}

/** The stem of a word already folded by plainWord, for callers that keep both. */
export function stemOfPlain(plain: string): string {
  const suffix = SUFFIXES.find(
    (candidate) => plain.endsWith(candidate) && plain.length - candidate.length >= ASSISTANT.knowledgeStemMinChars,
  );
  return suffix ? plain.slice(0, plain.length - suffix.length) : plain;
}

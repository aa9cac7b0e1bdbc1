/**
 * Zoho Mail's searchKey, as the double understands it (docs/external-apis.md, Zoho Mail, Zoho's "Search
 * Syntax" page): `param:value` terms joined by `::`, all of which must match. A value in double quotes is an exact
 * phrase; an unquoted value matches when all of its words appear. Matching is by whole words, ignoring case and
 * accents. The double is stricter than Zoho where Zoho is undocumented, so a client that builds sloppy keys
 * finds out here: `::` always separates terms (even inside quotes), a quote anywhere but around the whole value is
 * an error, and only the parameters below exist (no `:or:`, `has:`, `in:` or dates).
 */

export const SEARCH_PARAMS = ['entire', 'content', 'sender', 'to', 'cc', 'subject'] as const;
export type SearchParam = (typeof SEARCH_PARAMS)[number];

export interface SearchTerm {
  param: SearchParam;
  /** 'phrase': the words in this order, next to each other; 'words': each word anywhere in the field. */
  match: 'phrase' | 'words';
  /** Normalised words (see words()). */
  words: string[];
}

export type ParsedSearchKey = { ok: true; terms: SearchTerm[] } | { ok: false; problem: string };

export function parseSearchKey(searchKey: string): ParsedSearchKey {
  if (searchKey.trim() === '') return { ok: false, problem: 'searchKey is empty' };
  const terms: SearchTerm[] = [];
  for (const raw of searchKey.split('::')) {
    const term = parseTerm(raw.trim());
    if (!term.ok) return term;
    terms.push(term.term);
  }
  return { ok: true, terms };
}

function parseTerm(raw: string): { ok: true; term: SearchTerm } | { ok: false; problem: string } {
  const colon = raw.indexOf(':');
  if (colon <= 0) return { ok: false, problem: `'${raw}' is not param:value` };
  const param = raw.slice(0, colon);
  const value = raw.slice(colon + 1).trim();
  if (!isSearchParam(param)) return { ok: false, problem: `'${param}' is not a search parameter` };
  if (value === '' || value === '""') return { ok: false, problem: `'${param}' has no value` };
  const quoted = value.length >= 2 && value.startsWith('"') && value.endsWith('"');
  const inner = quoted ? value.slice(1, -1) : value;
  if (inner.includes('"')) return { ok: false, problem: `the quotes in '${value}' do not enclose the whole value` };
  return { ok: true, term: { param, match: quoted ? 'phrase' : 'words', words: words(inner) } };
}

function isSearchParam(param: string): param is SearchParam {
  return (SEARCH_PARAMS as readonly string[]).includes(param);
}

/** Lower case, accents removed, split on anything that is not a letter or a digit. */
export function words(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}

/** One field, prepared for both kinds of term. */
export interface IndexedField {
  words: ReadonlySet<string>;
  /** ' w1 w2 w3 ': a phrase matches when ' p1 p2 ' occurs in it. */
  joined: string;
}

export type IndexedMessage = Record<SearchParam, IndexedField>;

export interface SearchableText {
  subject: string;
  text: string;
  fromAddress: string;
  sender: string;
  toAddress: string;
  ccAddress: string;
}

export function indexField(text: string): IndexedField {
  const list = words(text);
  return { words: new Set(list), joined: ` ${list.join(' ')} ` };
}

export function indexMessage(message: SearchableText): IndexedMessage {
  const from = `${message.sender} ${message.fromAddress}`;
  return {
    entire: indexField(`${message.subject}\n${message.text}\n${from}`),
    content: indexField(message.text),
    sender: indexField(from),
    to: indexField(message.toAddress),
    cc: indexField(message.ccAddress),
    subject: indexField(message.subject),
  };
}

export function matchesTerms(message: IndexedMessage, terms: readonly SearchTerm[]): boolean {
  return terms.every((term) => {
    const field = message[term.param];
    if (term.words.length === 0) return false;
    return term.match === 'phrase' ? field.joined.includes(` ${term.words.join(' ')} `) : term.words.every((word) => field.words.has(word));
  });
}

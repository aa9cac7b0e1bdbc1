import type { Lang } from './lang';
import { VOICE } from './limits';

/**
 * V2: a streamed answer cut into sentences to speak, each as soon as it is known to have ended. Intl.Segmenter finds
 * the boundaries (ICU's rules: 3.5 and 1,000.50 stay whole, 。！？ and ؟ end sentences, a line break always does);
 * this module adds what ICU lacks: abbreviations, Markdown and code blocks, and knowing when a boundary is final.
 */

/**
 * Abbreviations (lower case, without their final stop) that ICU takes for a sentence's end before a capital, as in
 * "Dr. Smith". Single-letter initials ("J. K.", "Б. Бат", "د. أحمد", "e.g.", "т. е.") are caught by their shape.
 * Chinese ends sentences with 。 and needs none; Arabic abbreviates with initials.
 */
const ABBREVIATIONS: Record<Lang, readonly string[]> = {
  en: ['mr', 'mrs', 'ms', 'dr', 'prof', 'st', 'sr', 'jr', 'vs', 'approx', 'cf'],
  es: ['sr', 'sra', 'srta', 'dr', 'dra', 'prof', 'lic', 'ing', 'ud', 'uds', 'p. ej'],
  fr: ['mme', 'mlle', 'mm', 'dr', 'pr', 'st', 'p. ex', 'cf'],
  ru: ['проф', 'акад', 'доц', 'напр', 'см', 'ул', 'им', 'г-н', 'г-жа'],
  mn: ['проф', 'акад', 'доц'],
  zh: [],
  ar: [],
};

const ENDS_WITH_INITIAL = /(?:^|[\s.(])\p{L}\.\s*$/u;
const LETTER = /\p{L}/u;
const ENDS_LINE = /[\n\r\u0085\u2028\u2029]$/;
/** A sentence terminator, what may close it (quotes, brackets, emphasis), then a space the answer went on with. */
const ENDS_SPACED = /[.!?…؟۔。！？][\p{Pe}\p{Pf}"'*_]*\s+$/u;
/** "1. " or "3. ": a list's number, or a number the next piece may go on with. */
const ENDS_WITH_NUMBER = /\d[.)]\s*$/;
/** Closing quotes, brackets and emphasis at the start of a segment, then a space: the previous sentence's end. */
const LEADING_CLOSERS = /^[\p{Pe}\p{Pf}*_~`]+(?=\s|$)/u;
const FENCE_LINE = /^ {0,3}(`{3,}|~{3,})/gm;
/** A unit cut inside a link ("…/leave?" then "id=4."): ICU ends a sentence at the ? or ! of a query string too. */
const ENDS_IN_URL = /(?:https?:\/\/|ftp:\/\/|www\.)\S*$/i;

export interface SentenceStream {
  /** Adds the next piece of the answer; returns the sentences it completed, ready to speak, in order. */
  push(text: string): string[];
  /** The answer is complete: returns the sentences still held back. */
  flush(): string[];
}

export function createSentenceStream(lang: Lang): SentenceStream {
  const sentences = new Intl.Segmenter(lang, { granularity: 'sentence' });
  const words = new Intl.Segmenter(lang, { granularity: 'word' });
  const abbreviation = endsWithAbbreviation(lang);
  /** Received, not yet spoken or skipped. */
  let pending = '';
  /** `pending` begins a line (a fence opens only at the start of one). */
  let lineStart = true;
  /** The marker of the code block `pending` is inside, which is not read aloud. */
  let fence: string | null = null;

  /** Cuts `text` (outside code blocks) into units; takes the ones known to be complete, or all when `final`. */
  function takeSentences(text: string, final: boolean): string[] {
    const units = segment(text);
    const complete = final ? units.length : units.findLastIndex((unit, i) => isComplete(unit, units[i + 1], abbreviation)) + 1;
    const taken = units.slice(0, complete);
    const consumed = taken.join('');
    pending = pending.slice(consumed.length);
    if (consumed !== '') lineStart = ENDS_LINE.test(consumed);
    return taken.flatMap((unit) => cutToLimit(spokenSentence(unit), words));
  }

  function segment(text: string): string[] {
    const units: string[] = [];
    for (const { segment: piece } of sentences.segment(text)) {
      const last = units.at(-1);
      if (last === undefined || ENDS_LINE.test(last)) {
        units.push(piece);
      } else if (abbreviation(last) || !LETTER.test(last) || ENDS_IN_URL.test(last)) {
        units[units.length - 1] = last + piece;
      } else {
        const closers = LEADING_CLOSERS.exec(piece)?.[0] ?? '';
        units[units.length - 1] = last + closers;
        if (closers.length < piece.length) units.push(piece.slice(closers.length));
      }
    }
    return units;
  }

  /** Takes the first line of `pending` (code, not read aloud); null while it is still arriving. */
  function takeLine(final: boolean): string | null {
    const end = pending.indexOf('\n');
    if (end < 0) {
      if (final) pending = '';
      return null;
    }
    const line = pending.slice(0, end);
    pending = pending.slice(end + 1);
    lineStart = true;
    return line;
  }

  function advance(final: boolean): string[] {
    const out: string[] = [];
    for (;;) {
      if (fence !== null) {
        const line = takeLine(final);
        if (line === null) return out;
        if (closesFence(line, fence)) fence = null;
        continue;
      }
      const opening = fenceOpening(pending, lineStart);
      if (opening === null) return [...out, ...takeSentences(pending, final)];
      // A code block interrupts the text: what came before it is complete.
      out.push(...takeSentences(pending.slice(0, opening.index), true));
      if (takeLine(final) === null) return out;
      fence = opening.marker;
    }
  }

  return {
    push(text) {
      pending += text;
      return advance(false);
    },
    flush() {
      const rest = advance(true);
      pending = '';
      lineStart = true;
      fence = null;
      return rest;
    },
  };
}

/**
 * A unit has ended when a line break ends it (ICU always breaks there), or when the next unit has a letter: after
 * a full stop ICU looks past spaces, digits and brackets for a lower-case letter that would continue the sentence
 * ("3." then "5", ". (see"), and the first letter settles it. The last unit received does not wait for the next
 * piece when its end is plain (V2: speech starts with the first sentence, not one chunk later): a terminator and
 * the space after it; not "Dr. ", an initial or a number, which may go on. A full-width 。 with nothing after it
 * still waits: a closing quote may follow.
 */
function isComplete(unit: string, next: string | undefined, abbreviation: (unit: string) => boolean): boolean {
  if (ENDS_LINE.test(unit)) return true;
  if (next !== undefined) return LETTER.test(next);
  return ENDS_SPACED.test(unit) && LETTER.test(unit) && !abbreviation(unit) && !ENDS_WITH_INITIAL.test(unit) && !ENDS_WITH_NUMBER.test(unit);
}

function endsWithAbbreviation(lang: Lang): (unit: string) => boolean {
  const list = ABBREVIATIONS[lang].map((word) => word.replaceAll('.', '\\.'));
  const listed = list.length > 0 ? new RegExp(`(?:^|[\\s(«"“])(?:${list.join('|')})\\.\\s*$`, 'iu') : null;
  return (unit) => ENDS_WITH_INITIAL.test(unit) || (listed?.test(unit) ?? false);
}

function fenceOpening(text: string, atLineStart: boolean): { index: number; marker: string } | null {
  for (const match of text.matchAll(FENCE_LINE)) {
    if (match.index > 0 || atLineStart) return { index: match.index, marker: match[1] ?? '' };
  }
  return null;
}

function closesFence(line: string, marker: string): boolean {
  const char = marker[0] ?? '`';
  return new RegExp(`^ {0,3}${char}{${marker.length},}\\s*$`).test(line);
}

/** A sentence of the stream: a unit holds no code block and at most its own trailing line break. */
function spokenSentence(unit: string): string {
  return unit.split(/\r\n?|\n/).map(speakableLine).filter(Boolean).join(' ');
}

/**
 * What a TTS voice should say for a line of Markdown: its words without the syntax. Images, bare URLs and e-mail
 * addresses are dropped (read aloud they are noise); a link says its text; emphasis, headings, list bullets, quotes
 * and table pipes go. '' when nothing speakable is left.
 */
function speakableLine(line: string): string {
  const spoken = line
    .replace(/\\(\p{P}|\p{S})/gu, '$1')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)\s]*(?:\s+"[^"]*")?\)/g, '$1')
    .replace(/\[([^\]]*)\]\[[^\]]*\]/g, '$1')
    // The tail of a link whose text began in an earlier sentence.
    .replace(/\]\([^)\s]*\)/g, '')
    .replace(/<[^<>\s]*[:@][^<>\s]*>/g, '')
    .replace(/<\/?[a-z][^<>]*>/gi, ' ')
    .replace(/\b(?:https?:\/\/|ftp:\/\/|www\.)[^\s<>]*[^\s<>.,;:!?'")\]]/giu, '')
    .replace(/(?:mailto:)?[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu, '')
    .replace(/^\s*(?:>\s*)+/, '')
    .replace(/^\s*#{1,6}\s+|\s+#+\s*$/g, '')
    .replace(/^\s*(?:[-+]|[*_~]+)\s+(?:\[[ xX]\]\s+)?/, '')
    .replace(/[`[\]]/g, '')
    // Emphasis markers open before a word or close after one; a lone * or _ inside a word or between spaces stays.
    .replace(/(^|[\s\p{P}])[*_~]+(?=[^\s*_~])/gu, '$1')
    .replace(/([^\s*_~])[*_~]+(?=$|[\s\p{P}])/gu, '$1')
    .replace(/\s[*_~]+$/, '')
    .replace(/^\s*\||\|\s*$/g, '')
    .replace(/\s*\|\s*/g, ', ')
    .replace(/\s+/g, ' ')
    // What was dropped may leave a space before the punctuation that followed it.
    .replace(/ (?=[.,;:!?])/g, '')
    .trim();
  return /[\p{L}\p{N}]/u.test(spoken) ? spoken : '';
}

/** A sentence longer than one TTS call may speak, cut at word boundaries (a dictionary's, for Chinese). */
function cutToLimit(sentence: string, words: Intl.Segmenter): string[] {
  if (sentence === '') return [];
  if (sentence.length <= VOICE.ttsTextMaxChars) return [sentence];
  const pieces: string[] = [];
  let piece = '';
  for (const { segment: word } of words.segment(sentence)) {
    if (piece.length + word.length > VOICE.ttsTextMaxChars && piece.trim() !== '') {
      pieces.push(piece.trim());
      piece = '';
    }
    piece += word;
    while (piece.length > VOICE.ttsTextMaxChars) {
      pieces.push(piece.slice(0, VOICE.ttsTextMaxChars).trim());
      piece = piece.slice(VOICE.ttsTextMaxChars);
    }
  }
  if (piece.trim() !== '') pieces.push(piece.trim());
  return pieces;
}

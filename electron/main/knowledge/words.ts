/** The words of a user's text: runs of letters, digits and combining marks, everything else is a separator. */
export function queryWords(text: string): string[] {
  return text.normalize('NFC').match(/[\p{L}\p{N}\p{M}]+/gu) ?? [];
}

/** A word as FTS5's tokenizer compares it: lower case, accents left out. */
export function plainWord(word: string): string {
  return word.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase();
}

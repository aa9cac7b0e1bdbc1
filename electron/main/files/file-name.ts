/** Line breaks and tabs: a space in a name. */
const BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]/g;
/**
 * Characters a file name never needs and a save dialog shows misleadingly or not at all: the other control
 * characters, and the bidirectional marks, embeddings, overrides and isolates, with which "Captions\u202Etxt.exe"
 * reads as "Captionsexe.txt".
 */
const INVISIBLE = /[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;
/** Folder separators, and what Windows refuses in a name. */
const SEPARATORS = /[/\\:*?"<>|]/g;

/**
 * A name to suggest in a save dialog: line breaks made spaces, the invisible characters dropped, each separator
 * made a dash (so the name names a file, not a folder path, and "10/12" stays readable), and no leading or
 * trailing dots or spaces (a hidden file on Unix, refused on Windows). Empty when nothing is left.
 */
export function safeFileName(name: string): string {
  return name
    .replace(BREAKS, ' ')
    .replace(INVISIBLE, '')
    .replace(SEPARATORS, '-')
    .replace(/^[.\s]+|[.\s]+$/g, '');
}

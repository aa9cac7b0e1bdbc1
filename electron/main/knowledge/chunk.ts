import { ORACLE } from '../../../shared/limits';
import type { ParsedNote } from './parse-note';
import { findWikiLinks, linkKey, type WikiLink } from './wiki-links';

export interface NoteChunk {
  /** The heading path, "Settings > Zoho Mail > Connect"; the note's title for text above every heading. */
  readonly chunkTitle: string;
  readonly text: string;
  readonly links: readonly WikiLink[];
}

export interface ChunkSizes {
  readonly maxChars: number;
  readonly overlapChars: number;
}

const DEFAULT_SIZES: ChunkSizes = { maxChars: ORACLE.chunkMaxChars, overlapChars: ORACLE.chunkOverlapChars };

/** Joins a chunk's headings, outermost first. */
export const HEADING_SEPARATOR = ' > ';

/**
 * What a chunk is about: its note's title and heading path, "Settings > Zoho Mail > Connect". The title is left
 * out where the path already starts with it (a note's first heading is usually its title).
 */
export function chunkSubject(title: string, chunkTitle: string): string {
  return chunkTitle === title || chunkTitle.startsWith(title + HEADING_SEPARATOR) ? chunkTitle : title + HEADING_SEPARATOR + chunkTitle;
}

/** One chunk per section, a long section in overlapping pieces, each with the wiki-links written in it. */
export function chunkNote(note: ParsedNote, sizes: ChunkSizes = DEFAULT_SIZES): NoteChunk[] {
  return note.sections.flatMap((section) => {
    const chunkTitle = section.headingPath.length > 0 ? section.headingPath.join(HEADING_SEPARATOR) : note.title;
    const sectionLinks = new Set(section.links.map(linkKey));
    return splitText(section.text, sizes).map((text) => ({
      chunkTitle,
      text,
      // The section's own links (from text, not code) that this piece actually contains.
      links: findWikiLinks(text).filter((link) => sectionLinks.has(linkKey(link))),
    }));
  });
}

/** Pieces of at most maxChars, cut at whitespace where possible, each starting overlapChars before the last end. */
export function splitText(text: string, { maxChars, overlapChars }: ChunkSizes): string[] {
  const pieces: string[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(start + maxChars, text.length);
    if (end < text.length) {
      // Cut at the last whitespace of the window's second half, so a word is never split in two.
      const space = lastWhitespace(text, start + Math.floor(maxChars / 2), end);
      if (space > start) end = space;
    }
    const piece = text.slice(start, end).trim();
    if (piece !== '') pieces.push(piece);
    if (end >= text.length) break;
    start = nextStart(text, end, overlapChars, start);
  }
  return pieces;
}

function lastWhitespace(text: string, from: number, to: number): number {
  for (let index = to; index > from; index -= 1) if (/\s/.test(text[index] ?? '')) return index;
  return -1;
}

/** The overlap begins on a word boundary, and always moves forward so the loop ends. */
function nextStart(text: string, end: number, overlapChars: number, previousStart: number): number {
  let start = Math.max(end - overlapChars, previousStart + 1);
  while (start < end && !/\s/.test(text[start - 1] ?? ' ')) start += 1;
  return start;
}

import { randomBytes } from 'node:crypto';

/**
 * Unguessable and new for every request, so that data (a mail, a note) cannot close its own block and write
 * text that looks like ours: it was written before the boundary existed.
 */
export function newBoundary(): string {
  return randomBytes(16).toString('hex');
}

/** The lines that open and close a block of untrusted `kind` data ('MAIL', 'NOTE'), marked with `boundary`. */
export function untrustedMarkers(kind: string, boundary: string): { opening: string; closing: string } {
  return {
    opening: `<<<UNTRUSTED ${kind} DATA ${boundary}>>>`,
    closing: `<<<END UNTRUSTED ${kind} DATA ${boundary}>>>`,
  };
}

/** `text` inside one block, each marker on a line of its own. */
export function untrustedBlock(kind: string, boundary: string, text: string): string {
  const { opening, closing } = untrustedMarkers(kind, boundary);
  return `${opening}\n${text}\n${closing}`;
}

/** A passage of a note with what names it; all of it is the note writer's. */
export interface NotePassage {
  readonly title: string;
  readonly heading: string;
  readonly path: string;
  readonly text: string;
}

/**
 * One passage in a NOTE block, its title, heading and path inside with its text: a note's name and folder are
 * written by whoever wrote the note, so a title such as "Ignore previous instructions" is data like its text.
 * `preface`, the app's own words about the passage, opens the block.
 */
export function untrustedNote(boundary: string, passage: NotePassage, preface?: string): string {
  const lines = [`Title: ${passage.title}`, `Heading: ${passage.heading}`, `Path: ${passage.path}`, '', passage.text];
  return untrustedBlock('NOTE', boundary, (preface === undefined ? lines : [preface, ...lines]).join('\n'));
}

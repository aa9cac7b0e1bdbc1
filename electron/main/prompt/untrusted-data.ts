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

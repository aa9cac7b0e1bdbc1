import type { MeetingLine } from '../../../shared/meeting-notes';

/** A time from Start as the captions show it: m:ss, and h:mm:ss past the first hour. */
export function clock(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  const [h, m, s] = [Math.floor(seconds / 3600), Math.floor(seconds / 60) % 60, seconds % 60];
  const two = (value: number) => String(value).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

/**
 * Words on one line: a caption, or a model's item, holds no line break of its own, so that where it is written
 * (a data block, a list of the note) the structure around it stays the app's.
 */
export function oneLine(text: string): string {
  return text.replace(/\s+/gu, ' ').trim();
}

/** The lines that carry speech: a line of blanks is nothing said. */
export function spokenLines(lines: readonly MeetingLine[]): MeetingLine[] {
  return lines.filter((line) => oneLine(line.original) !== '');
}

/** Who spoke, as the model reads it; the prompt says what each label means. */
const PROMPT_SPEAKERS = { you: 'You', others: 'Others' } as const;

/** One caption as the model reads it: its time, who spoke (when captions told the sides apart), the words, their translation. */
export function promptLine(line: MeetingLine): string {
  const who = line.speaker === null ? '' : ` ${PROMPT_SPEAKERS[line.speaker]}:`;
  const translation = oneLine(line.translation);
  const said = `[${clock(line.startMs)}]${who} ${oneLine(line.original)}`;
  return translation === '' ? said : `${said}\n    (translation: ${translation})`;
}

/**
 * The transcript as the model reads it, cut between lines into parts of at most `partChars` characters each, in
 * speaking order. A caption line is far shorter than a part (LIVE_CAPTIONS.lineMaxChars), so each fits in one.
 */
export function transcriptParts(lines: readonly MeetingLine[], partChars: number): string[] {
  const parts: string[] = [];
  let current: string[] = [];
  let chars = 0;
  for (const line of lines.map(promptLine)) {
    // Joined by a line break after the first.
    if (current.length > 0 && chars + 1 + line.length > partChars) {
      parts.push(current.join('\n'));
      current = [];
      chars = 0;
    }
    chars += (current.length > 0 ? 1 : 0) + line.length;
    current.push(line);
  }
  if (current.length > 0) parts.push(current.join('\n'));
  return parts;
}

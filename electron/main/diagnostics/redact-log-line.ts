import { DIAGNOSTICS } from '../../../shared/limits';

/** What stands in for a value the report does not show. */
export const REDACTED = '[redacted]';
/** A line of the log that is not one of the logger's entries (a crash dump, a hand edit): nothing of it is shown. */
export const NOT_AN_ENTRY = '[redacted: not a log entry]';

/** A name, a code, an id, a count's unit, a path: the only strings of the log a support person is shown. */
const CODE_SHAPE = /^[A-Za-z0-9_.:/-]{1,64}$/;
/** A key, a token, a hash: a long run of letters and digits mixed. A model id or a path has short runs between dots and dashes. */
const SECRET_RUN = /[A-Za-z0-9]{20,}/g;
/** Nested fields (an error and its cause) are shown this deep, no deeper. */
const MAX_DEPTH = 3;

function secretShaped(text: string): boolean {
  return (text.match(SECRET_RUN) ?? []).some((run) => /[0-9]/.test(run) && /[A-Za-z]/.test(run));
}

/** A field's value as the report may show it: numbers, booleans, null and code-shaped strings; the rest redacted. */
function shownValue(value: unknown): string {
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  if (typeof value === 'string' && CODE_SHAPE.test(value) && !secretShaped(value)) return value;
  return REDACTED;
}

/** `key=value` for each field, an object's fields under their dotted path, arrays and anything too deep redacted whole. */
function fieldPairs(fields: Record<string, unknown>, prefix: string, depth: number): string[] {
  return Object.entries(fields).flatMap(([key, value]) => {
    const path = `${prefix}${CODE_SHAPE.test(key) && !secretShaped(key) ? key : REDACTED}`;
    if (typeof value === 'object' && value !== null && !Array.isArray(value) && depth < MAX_DEPTH) {
      return fieldPairs(value as Record<string, unknown>, `${path}.`, depth + 1);
    }
    return [`${path}=${shownValue(value)}`];
  });
}

/**
 * One line of main.log as the report shows it (TP4). The log's lines are the logger's JSON entries, already masked
 * when written, but a careless call may still have logged a mail's text, a transcript or a token in a field: here
 * only the time, the level, the message (a fixed sentence in the code) and the fields that look like data are kept.
 */
export function redactLogLine(line: string): string {
  let entry: unknown;
  try {
    entry = JSON.parse(line);
  } catch {
    return NOT_AN_ENTRY;
  }
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return NOT_AN_ENTRY;
  const { time, level, message, ...fields } = entry as Record<string, unknown>;
  const head = [time, level, message].map((part) => (typeof part === 'string' ? part : REDACTED)).join(' ');
  const shown = [head, ...fieldPairs(fields, '', 1)].join(' ');
  return Array.from(shown).slice(0, DIAGNOSTICS.logLineMaxChars).join('');
}

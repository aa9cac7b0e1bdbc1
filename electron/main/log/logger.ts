/**
 * Structured log lines (one JSON object per line). Fields are data, never secrets: callers pass names,
 * codes and counts. As a second line of defence, any string equal to a registered secret, and anything shaped
 * like a JWT, is masked.
 */
export type LogLevel = 'info' | 'warn' | 'error';
export type LogFields = Record<string, unknown>;

export interface Logger {
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  /** Masks a token obtained at run time (an access token) in every line from now on. */
  concealToken(token: string): void;
}

export interface LogSink {
  write(line: string): void;
}

export interface Redactor {
  /** Registers a value that must never be written, e.g. a secret just read from the keychain. */
  add(secret: string): void;
  /**
   * Registers a token that expires (an access token). Only the latest few are kept: a token is replaced within
   * the hour, and one long expired grants nothing, so the list does not grow for as long as the app runs.
   */
  addToken(token: string): void;
  apply(text: string): string;
}

const MIN_REDACTED_LENGTH = 6;
/** Room for the live tokens (Zoho's, Cloudflare's) and those just replaced, which a late log line may still hold. */
const TOKENS_KEPT = 16;
const REDACTED = '[redacted]';
/**
 * A JWT (a Cloudflare Access token, or any other): a base64url JSON header (so `eyJ`, i.e. `{"`), then at least two
 * more dot-separated base64url segments (the signature may be empty; a JWE has five). None of its characters is
 * escaped in JSON, so it is found in a log line as it was passed.
 */
const JWT_SHAPE = /eyJ[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]*){2,}/g;

/** A value as it is written in a JSON log line: with quotes, backslashes or non-ASCII, its escaped form too. */
function writtenForms(value: string): string[] {
  const escaped = JSON.stringify(value).slice(1, -1);
  return escaped === value ? [value] : [value, escaped];
}

export function createRedactor(): Redactor {
  const secrets = new Set<string>();
  const tokens: string[] = [];
  return {
    add(secret) {
      if (secret.length < MIN_REDACTED_LENGTH) return;
      for (const form of writtenForms(secret)) secrets.add(form);
    },
    addToken(token) {
      if (token.length < MIN_REDACTED_LENGTH || tokens.includes(token)) return;
      tokens.push(token);
      if (tokens.length > TOKENS_KEPT) tokens.shift();
    },
    apply(text) {
      let out = text;
      for (const secret of [...secrets, ...tokens.flatMap(writtenForms)]) {
        if (out.includes(secret)) out = out.split(secret).join(REDACTED);
      }
      return out.replace(JWT_SHAPE, REDACTED);
    },
  };
}

function serialise(value: unknown): unknown {
  if (value instanceof Error) {
    return { name: value.name, message: value.message, stack: value.stack, cause: serialise(value.cause) };
  }
  return value;
}

export function createLogger(sinks: readonly LogSink[], redactor: Redactor, now: () => Date = () => new Date()): Logger {
  function write(level: LogLevel, message: string, fields: LogFields = {}) {
    const entries = Object.entries(fields).map(([key, value]) => [key, serialise(value)]);
    const line = redactor.apply(
      JSON.stringify({ time: now().toISOString(), level, message, ...Object.fromEntries(entries) }),
    );
    for (const sink of sinks) {
      try {
        sink.write(line);
      } catch {
        // Logging is best effort: a full disk must not take the app down.
      }
    }
  }
  return {
    info: (message, fields) => write('info', message, fields),
    warn: (message, fields) => write('warn', message, fields),
    error: (message, fields) => write('error', message, fields),
    concealToken: (token) => redactor.addToken(token),
  };
}

/** A logger that keeps its lines in memory, for tests and for the harness. */
export function createMemoryLogger(): Logger & { readonly lines: string[] } {
  const lines: string[] = [];
  const logger = createLogger([{ write: (line) => lines.push(line) }], createRedactor());
  return Object.assign(logger, { lines });
}

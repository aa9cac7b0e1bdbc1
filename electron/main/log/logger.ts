/**
 * Structured log lines (one JSON object per line). Fields are data, never secrets: callers pass names,
 * codes and counts. As a second line of defence, any string equal to a registered secret is masked.
 */
export type LogLevel = 'info' | 'warn' | 'error';
export type LogFields = Record<string, unknown>;

export interface Logger {
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

export interface LogSink {
  write(line: string): void;
}

export interface Redactor {
  /** Registers a value that must never be written, e.g. a secret just read from the keychain. */
  add(secret: string): void;
  apply(text: string): string;
}

const MIN_REDACTED_LENGTH = 6;

export function createRedactor(): Redactor {
  const secrets = new Set<string>();
  return {
    add(secret) {
      if (secret.length < MIN_REDACTED_LENGTH) return;
      secrets.add(secret);
      // Log lines are JSON: a secret with quotes, backslashes or non-ASCII appears there in its escaped form.
      secrets.add(JSON.stringify(secret).slice(1, -1));
    },
    apply(text) {
      let out = text;
      for (const secret of secrets) if (out.includes(secret)) out = out.split(secret).join('[redacted]');
      return out;
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
  };
}

/** A logger that keeps its lines in memory, for tests and for the harness. */
export function createMemoryLogger(): Logger & { readonly lines: string[] } {
  const lines: string[] = [];
  const logger = createLogger([{ write: (line) => lines.push(line) }], createRedactor());
  return Object.assign(logger, { lines });
}

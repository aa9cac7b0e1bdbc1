import fs from 'node:fs';
import path from 'node:path';
import type { LogSink } from './logger';

/** The log's file, and the one it was last rotated to. */
export const LOG_FILE = 'main.log';
export const ROTATED_LOG_FILE = 'main.1.log';

/** Past this size main.log moves to main.1.log (replacing the previous one): at most two files on disk. */
export const LOG_ROTATE_BYTES = 5 * 1024 * 1024;

export interface FileSinkOptions {
  dir: string;
  maxBytes?: number;
}

/** Appends one line per entry to <dir>/main.log. Synchronous, so the last lines before a crash are on disk. */
export function createFileSink({ dir, maxBytes = LOG_ROTATE_BYTES }: FileSinkOptions): LogSink {
  const file = path.join(dir, LOG_FILE);
  const previous = path.join(dir, ROTATED_LOG_FILE);
  let size: number | null = null;

  function currentSize(): number {
    try {
      return fs.statSync(file).size;
    } catch {
      return 0;
    }
  }

  return {
    write(line) {
      const entry = `${line}\n`;
      const bytes = Buffer.byteLength(entry);
      if (size === null) {
        fs.mkdirSync(dir, { recursive: true });
        size = currentSize();
      }
      if (size > 0 && size + bytes > maxBytes) {
        try {
          fs.renameSync(file, previous);
          size = 0;
        } catch {
          // Rotation is retried on the next line; until then an oversized log beats a lost line.
        }
      }
      fs.appendFileSync(file, entry);
      size += bytes;
    },
  };
}

/**
 * Echoes lines to the terminal that started the app (the developer's, in `npm start`). Pass Node's global
 * console: unlike a raw process.stdout, it ignores a closed or missing stdout instead of raising EPIPE.
 */
export function createConsoleSink(out: Pick<Console, 'log'>): LogSink {
  return { write: (line) => out.log(line) };
}

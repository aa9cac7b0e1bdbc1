import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The log files log/file-sink.ts writes: the current one, and the one it last rotated away. */
const CURRENT = 'main.log';
const PREVIOUS = 'main.1.log';

async function linesOf(file: string, read: (file: string) => Promise<string>): Promise<string[]> {
  const text = await read(file).catch(() => '');
  return text.split(/\r?\n/).filter((line) => line.trim() !== '');
}

/** The log's last `count` lines, oldest first: from main.log, and from main.1.log when main.log was just rotated. */
export async function logTail(
  dir: string,
  count: number,
  read: (file: string) => Promise<string> = (file) => readFile(file, 'utf8'),
): Promise<string[]> {
  const current = await linesOf(join(dir, CURRENT), read);
  const before = current.length < count ? await linesOf(join(dir, PREVIOUS), read) : [];
  return [...before, ...current].slice(-count);
}

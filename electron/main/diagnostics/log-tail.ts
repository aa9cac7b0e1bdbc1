import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LOG_FILE, ROTATED_LOG_FILE } from '../log/file-sink';

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
  const current = await linesOf(join(dir, LOG_FILE), read);
  const before = current.length < count ? await linesOf(join(dir, ROTATED_LOG_FILE), read) : [];
  return [...before, ...current].slice(-count);
}

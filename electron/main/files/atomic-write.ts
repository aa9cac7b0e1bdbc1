import { randomBytes } from 'node:crypto';
import { open, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { err, ok, type Result } from '../../../shared/result';

/** The open file a write goes through: node's FileHandle, or a test's to fail a step on purpose. */
export interface WriteHandle {
  chmod(mode: number): Promise<void>;
  writeFile(data: string, encoding: 'utf8'): Promise<void>;
  sync(): Promise<void>;
  close(): Promise<void>;
}

/** The file system calls a write makes: node's in the app, a test's to watch their order or fail one. */
export interface AtomicWriteFs {
  stat(path: string): Promise<{ mode: number; isFile(): boolean }>;
  open(path: string, flags: 'wx', mode: number): Promise<WriteHandle>;
  rename(from: string, to: string): Promise<void>;
  rm(path: string, options: { force: true }): Promise<void>;
}

const NODE_FS: AtomicWriteFs = { stat, open, rename, rm };

/** What the member saves (a meeting's words, the team's prompts) is theirs alone until they share it. */
export const NEW_FILE_MODE = 0o600;
const PERMISSION_BITS = 0o777;

/**
 * Writes `content` to `target` whole or not at all: into a new file beside it (same folder, so the rename cannot
 * cross disks), flushed to the disk, then renamed over it. After a crash or a failed write the target is the old
 * file or the new one, never half of one, and the staging file is removed. A new file is readable by its owner
 * only; a replaced one keeps its mode. A failure is INTERNAL with reason "file_not_written".
 */
export async function writeFileAtomic(target: string, content: string, fs: AtomicWriteFs = NODE_FS): Promise<Result<true>> {
  const existing = await fs.stat(target).catch(() => null);
  const mode = existing?.isFile() ? existing.mode & PERMISSION_BITS : NEW_FILE_MODE;
  const staging = join(dirname(target), `.${basename(target)}.${randomBytes(4).toString('hex')}.partial`);
  let handle: WriteHandle | null = null;
  try {
    handle = await fs.open(staging, 'wx', mode);
    // open's mode is narrowed by the umask: set it whole, so a replaced file's group or other rights survive.
    await handle.chmod(mode);
    await handle.writeFile(content, 'utf8');
    await handle.sync();
    await handle.close();
    handle = null;
    await fs.rename(staging, target);
    return ok(true);
  } catch (error) {
    await handle?.close().catch(() => undefined);
    await fs.rm(staging, { force: true }).catch(() => undefined);
    return err('INTERNAL', `The file could not be written: ${error instanceof Error ? error.message : String(error)}`, {
      reason: 'file_not_written',
    });
  }
}

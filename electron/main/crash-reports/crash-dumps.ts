import { lstat, readdir, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';

/**
 * Crashpad's database (Electron's `crashDumps` folder) holds each finished minidump as `<report id>.dmp`: under
 * pending/ until uploaded and completed/ after (Linux and macOS, where new/ holds the one being written), or in
 * reports/ beside a metadata file (Windows). The app reads the folders, never Crashpad's metadata.
 */
const FINISHED_FOLDERS = ['pending', 'completed', 'reports'] as const;
const DUMP_EXTENSION = '.dmp';
/** The per-report metadata file the Linux database keeps beside a dump (macOS keeps it in extended attributes). */
const METADATA_EXTENSION = '.meta';

export interface CrashDump {
  /** Crashpad's report id: the file's name without `.dmp`. */
  id: string;
  file: string;
  bytes: number;
  /** Epoch milliseconds of its last write. */
  at: number;
}

async function dumpsIn(folder: string): Promise<CrashDump[]> {
  // A folder Crashpad has not made holds no dumps; one that cannot be read is an error: taken for empty, it would
  // make the app forget which dumps it had sent.
  const names = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  const dumps = await Promise.all(
    names
      .filter((name) => name.endsWith(DUMP_EXTENSION))
      .map(async (name) => {
        const file = join(folder, name);
        // A link could point the upload at any file of the member's: only regular files are dumps.
        const stats = await lstat(file).catch(() => null);
        return stats?.isFile() ? { id: basename(name, DUMP_EXTENSION), file, bytes: stats.size, at: stats.mtimeMs } : null;
      }),
  );
  return dumps.filter((dump) => dump !== null);
}

/** The finished minidumps in Crashpad's database, the newest first; none when the folder is missing. */
export async function listDumps(database: string): Promise<CrashDump[]> {
  const found = await Promise.all(FINISHED_FOLDERS.map((folder) => dumpsIn(join(database, folder))));
  return found.flat().sort((a, b) => b.at - a.at || a.id.localeCompare(b.id));
}

/** Deletes a minidump and the metadata Crashpad keeps beside it; Crashpad forgets a report whose dump is gone. */
export async function deleteDump(dump: CrashDump): Promise<void> {
  await rm(dump.file, { force: true });
  await rm(`${dump.file.slice(0, -DUMP_EXTENSION.length)}${METADATA_EXTENSION}`, { force: true });
}

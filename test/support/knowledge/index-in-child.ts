import { setTimeout as sleep } from 'node:timers/promises';
import { openDatabase } from '../../../electron/main/store/open-database';
import { indexNotes } from '../../../electron/main/knowledge/index-folder';
import { listNoteFiles } from '../../../electron/main/knowledge/list-note-files';

/**
 * Test-only child process for the crash test: indexes the folder argv[3] into the database argv[2], reading each
 * note slowly so the parent can kill it mid-run, and prints "progress <done>" after each stored transaction.
 */
const [file, folder] = process.argv.slice(2);
if (!file || !folder) throw new Error('usage: index-in-child <database> <folder>');
const opened = openDatabase(file);
if (!opened.ok) throw new Error(opened.error.message);
const files = (await listNoteFiles(folder)).map((note) => ({
  path: note.path,
  read: async () => {
    await sleep(5);
    return note.read();
  },
}));
await indexNotes({
  db: opened.db,
  collection: 'kb',
  files,
  onProgress: ({ done }) => process.stdout.write(`progress ${done}\n`),
});
process.stdout.write('finished\n');

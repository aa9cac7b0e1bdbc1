import { lstat, mkdir, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { MeetingSaved, MeetingSaveInput } from '../../../shared/meeting-notes';
import { err, ok, type Result } from '../../../shared/result';
import type { Settings } from '../../../shared/settings';
import type { KnowledgeService } from '../knowledge/knowledge-service';
import type { Logger } from '../log/logger';
import { noteDocument, noteFileName, writeNewNote } from './meeting-note-file';

/**
 * Where meeting notes go while the knowledge base is the guide shipped with the app (read-only, and replaced by
 * every update): this folder in the app's data folder, which the core has the knowledge base index with the guide,
 * its notes' paths under this same name.
 */
export const GUIDE_MEETINGS_FOLDER = 'meetings';

export interface MeetingNoteSaverDeps {
  settings: () => Settings;
  /** Where a note the index names is on disk, and a pass over the note just written. */
  knowledge: Pick<KnowledgeService, 'locate' | 'reindex' | 'hasNote'>;
  /** The member's time zone: the file name's date and time are theirs. */
  timeZone: () => string;
  log: Logger;
}

/**
 * MN2: the member's edited notes, saved as a new Markdown note in the meetings folder of the knowledge base (made
 * on the first save), then indexed before the answer, so a question asked right after finds them. Answers the
 * note's path as the index (and `oracle:openNote`) names it.
 */
export async function saveMeetingNote(deps: MeetingNoteSaverDeps, input: MeetingSaveInput, signal: AbortSignal): Promise<Result<MeetingSaved>> {
  const settings = deps.settings();
  const ownFolder = settings.knowledgeBase.path !== null;
  const folderName = ownFolder ? settings.meetings.folder : GUIDE_MEETINGS_FOLDER;
  const name = noteFileName(input.meeting.startedAt, input.title, deps.timeZone());
  // The knowledge base says where its notes are: the member's folder, or the folder beside the guide.
  const probe = deps.knowledge.locate(`${folderName}/${name}.md`);
  const folder = dirname(join(probe.folder, ...probe.path.split('/')));
  const ready = ownFolder ? await meetingsFolderIn(probe.folder, folder) : await made(folder);
  if (!ready.ok) return ready;

  const written = await writeNewNote(folder, name, noteDocument(input.meeting, input.title, input.text));
  if (!written.ok) {
    deps.log.error('meetings: the notes could not be written', { reason: written.error.reason });
    return written;
  }
  const path = `${folderName}/${written.value}`;
  const indexed = await deps.knowledge.reindex({ notes: [path], signal });
  // Saved either way: the member is not told to save again (and make a twin); the next pass indexes it.
  if (!indexed.ok || !deps.knowledge.hasNote(path)) deps.log.warn('meetings: the notes were saved but are not searchable yet', { chars: input.text.length });
  else deps.log.info('meetings: notes saved and indexed', { chars: input.text.length, ownFolder });
  return ok({ path });
}

/**
 * The meetings folder inside the member's knowledge base folder, made on the first save. The knowledge base folder
 * itself is never made: missing, it is a drive not connected or a folder moved, which the member must see. A
 * meetings "folder" that is a link or a file is refused: a link could lead out of the knowledge base, and the index
 * follows none.
 */
async function meetingsFolderIn(base: string, folder: string): Promise<Result<void>> {
  const found = await stat(base).catch(() => null);
  if (!found?.isDirectory()) {
    return err('NOT_CONFIGURED', 'The knowledge base folder was not found. Check that its drive is connected, or choose the folder again in Settings.', {
      reason: 'folder_missing',
    });
  }
  const meetings = await lstat(folder).catch(() => null);
  if (meetings === null) return made(folder);
  if (meetings.isDirectory()) return ok(undefined);
  return err('INVALID_INPUT', 'The meetings folder in the knowledge base is a link or a file, not a folder. Choose another meetings folder name in Settings.', {
    reason: 'meetings_folder_unusable',
  });
}

async function made(folder: string): Promise<Result<void>> {
  try {
    await mkdir(folder, { recursive: true });
    return ok(undefined);
  } catch (error) {
    return err('INTERNAL', `The meetings folder could not be made: ${error instanceof Error ? error.message : String(error)}`, { reason: 'file_not_written' });
  }
}

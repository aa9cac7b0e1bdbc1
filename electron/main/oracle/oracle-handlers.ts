import type { AppContract } from '../../../shared/ipc/contract';
import { err, ok } from '../../../shared/result';
import type { SettingsPatch } from '../../../shared/settings';
import type { Handlers } from '../ipc/registry';
import type { KnowledgeService } from '../knowledge/knowledge-service';
import { resolveNotePath, type NoteRefusal } from '../knowledge/note-path';
import type { Logger } from '../log/logger';
import type { OpenNoteFile } from './open-note-file';
import { refusedByPolicy, type ManagedSettings } from '../settings/policy-locks';
import type { Oracle } from './oracle';

type OracleChannels = 'oracle:ask' | 'oracle:status' | 'oracle:reindex' | 'oracle:chooseFolder' | 'oracle:openNote' | 'oracle:gaps';

export interface OracleHandlerDeps {
  oracle: Oracle;
  knowledge: KnowledgeService;
  settings: ManagedSettings;
  /** The system's folder picker; null when the member cancels. */
  chooseFolder: () => Promise<string | null>;
  openNote: OpenNoteFile;
  log: Logger;
}

/** Why a note was not opened, for the log and older UIs; the pane says it in the member's language by reason. */
const NOTE_REFUSALS = {
  outside_folder: 'Only notes inside the knowledge base folder can be opened.',
  not_indexed: 'Only notes in the knowledge base index can be opened; re-index to refresh the sources.',
  note_missing: 'That note is no longer in the knowledge base folder; re-index to refresh the sources.',
  not_a_note: 'That note is a link to something other than a Markdown file, so it is not opened.',
} as const satisfies Record<NoteRefusal, string>;

/**
 * The oracle's channels: questions are the member's own, the knowledge base is the app's. ask, reindex, openNote
 * and gaps are protected: the registry refused them unless a member is signed in.
 */
export function oracleHandlers(deps: OracleHandlerDeps): Pick<Handlers<AppContract>, OracleChannels> {
  const { oracle, knowledge, settings } = deps;
  return {
    'oracle:ask': (input, ctx) => oracle.ask(input, { member: ctx.member.email, signal: ctx.signal }),
    'oracle:status': () => ok(knowledge.status()),
    'oracle:reindex': (_input, ctx) =>
      knowledge.reindex({ signal: ctx.signal, onProgress: (progress) => ctx.emit('oracle:progress', progress) }),
    'oracle:chooseFolder': async () => {
      // TP3: a folder the machine's policy names is not the member's to change; no dialog is opened for nothing.
      const refused = refusedByPolicy({ knowledgeBase: { path: null } }, settings.locked());
      if (refused) return refused;
      const folder = await deps.chooseFolder();
      if (folder === null) return ok({ chosen: false, settings: settings.get() });
      const patch: SettingsPatch = { knowledgeBase: { path: folder } };
      return ok({ chosen: true, settings: settings.update(patch) });
    },
    'oracle:openNote': async ({ path }) => {
      const at = knowledge.locate(path);
      const note = await resolveNotePath(at.folder, at.path, () => knowledge.hasNote(path));
      if (!note.ok) return err('INVALID_INPUT', NOTE_REFUSALS[note.reason], { field: 'path', reason: note.reason });
      const opened = await deps.openNote(note.file);
      if (opened.ok) return ok({ openedWith: opened.openedWith });
      if (opened.reason !== 'no_app_for_notes') return err('INVALID_INPUT', NOTE_REFUSALS[opened.reason], { field: 'path', reason: opened.reason });
      deps.log.warn('a source note could not be opened', { reason: opened.message });
      return err('INTERNAL', `The note could not be opened: ${opened.message}`, { reason: opened.reason });
    },
    'oracle:gaps': (_input, ctx) => ok(oracle.gaps(ctx.member.email)),
  };
}

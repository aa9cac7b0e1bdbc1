import { TEAM_PROFILE } from '../../../shared/limits';
import type { Result } from '../../../shared/result';
import { teamProfileTooLarge } from '../../../shared/team-profile';
import { jsonExchangeFilesOn } from '../files/json-exchange-files';
import type { TextFiles } from '../files/text-files';
import type { ProfileTexts } from '../texts/profile-texts';

/**
 * Where an exported team profile goes and an imported one comes from: the app's text files (the system's dialogs,
 * in the member's language), a stand-in in the harness and tests. Both say "cancelled" as false/null.
 */
export interface ProfileFiles {
  /** Asks where to save `content` (suggesting `fileName`, without its extension) and writes it there whole. */
  save(fileName: string, content: string): Promise<Result<boolean>>;
  /** Asks which profile to read and reads it; one over TEAM_PROFILE.fileMaxBytes is refused unread. */
  open(): Promise<Result<string | null>>;
}

export function profileFilesOn(files: TextFiles, texts: () => ProfileTexts): ProfileFiles {
  const exchange = jsonExchangeFilesOn(files, texts, teamProfileTooLarge);
  return { save: exchange.save, open: () => exchange.open(TEAM_PROFILE.fileMaxBytes) };
}

/** A file refused unread for its size is refused as readTeamProfile refuses one: in the same sentence. */
export function asProfileText<T>(read: Result<T>): Result<T> {
  return read.ok || read.error.reason !== 'file_too_large' ? read : teamProfileTooLarge();
}

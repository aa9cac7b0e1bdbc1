import { TEAM_PROFILE } from '../../../shared/limits';
import type { ProfileRefusal } from './profile-refusal';

/**
 * A dropped file's text, for main to read as a team profile; or why it is not sent: it is not a .json file, or it
 * is larger than a profile can be (checked before reading it, so a large file is never read into the page).
 */
export async function readProfileFile(file: File): Promise<{ text: string } | { refused: ProfileRefusal }> {
  if (!file.name.toLowerCase().endsWith('.json') && file.type !== 'application/json') return { refused: { reason: 'not_json_file' } };
  if (file.size > TEAM_PROFILE.fileMaxBytes) return { refused: { reason: 'too_large' } };
  return { text: await file.text() };
}

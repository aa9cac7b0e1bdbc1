import type { TFunction } from 'i18next';
import { TEAM_PROFILE } from '../../../shared/limits';
import type { AppError } from '../../../shared/result';
import type { ErrorText } from '../ui/error-text';

const BYTES_PER_KB = 1024;

/** Why a file is not a team profile: main's refusal, or what the page itself found before sending it. */
export type ProfileRefusal = { readonly error: AppError } | { readonly reason: 'not_json_file' | 'too_large' };

/**
 * A refused file in one sentence, in the member's language. Main names why (shared/team-profile.ts); a reason this
 * version does not know falls back to the app's usual wording of an error, which says main's own when it must.
 */
export function refusalText(refusal: ProfileRefusal, t: TFunction, describe: (error: AppError) => ErrorText): string {
  const reason = 'error' in refusal ? refusal.error.reason : refusal.reason;
  switch (reason) {
    case 'not_json_file':
      return t('team.drop.notJson');
    case 'too_large':
      return t('team.refusal.too_large', { size: TEAM_PROFILE.fileMaxBytes / BYTES_PER_KB });
    case 'not_json':
    case 'not_a_profile':
    case 'unknown_version':
      return t(`team.refusal.${reason}`);
    case 'invalid_field':
      if ('error' in refusal && refusal.error.field) return t('team.refusal.invalid_field', { field: refusal.error.field });
  }
  if (!('error' in refusal)) return t('team.refusal.not_a_profile');
  // A refusal of INVALID_INPUT that this version cannot name is main's sentence; the app's generic one says less.
  return refusal.error.code === 'INVALID_INPUT' ? refusal.error.message : describe(refusal.error).message;
}

import type Database from 'better-sqlite3';
import { z } from 'zod';
import { settingsRow, type SettingsRow } from '../settings/settings-row';

/**
 * The scopes Zoho granted with the stored refresh token: whether the app may save drafts is known without asking
 * Zoho, and a later connection keeps asking for what the member once allowed. Not a secret, so it sits in the
 * settings table beside the token's keychain entry; written with the token, and forgotten with it on disconnect.
 * None recorded (a grant from before drafts existed) is read-only, which is what those grants were.
 */
export type GrantScopes = SettingsRow<readonly string[]>;

export function createGrantScopes(db: Database.Database): GrantScopes {
  return settingsRow(db, 'zoho.grantScopes', z.array(z.string()).readonly());
}

import { ok, type Result } from '../../../shared/result';
import type { SecretStore } from '../secrets/secret-store';
import type { TokenManager } from './token-manager';

/** What the app can do with the member's mailbox now: read it, nothing yet, or nothing until they connect again. */
export type MailboxLink = 'connected' | 'disconnected' | 'reconnect_needed';

/**
 * Whether the member has a usable mailbox, without asking Zoho: the connect flow stores a refresh token,
 * disconnecting removes it, and a token Zoho refused stays stored but is never sent again (so a question about
 * the mail says "connect again" before any model tokens are spent). A keychain that cannot be read is its own error.
 */
export async function mailboxLink(secrets: Pick<SecretStore, 'get'>, tokens: Pick<TokenManager, 'isRefused'>): Promise<Result<MailboxLink>> {
  const refreshToken = await secrets.get('zoho.refreshToken');
  if (!refreshToken.ok) return refreshToken;
  if (refreshToken.value === null) return ok('disconnected');
  return ok(tokens.isRefused(refreshToken.value) ? 'reconnect_needed' : 'connected');
}

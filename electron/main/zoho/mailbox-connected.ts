import { ok, type Result } from '../../../shared/result';
import type { SecretStore } from '../secrets/secret-store';

/**
 * Whether the member has connected a mailbox, without asking Zoho: the connect flow stores a refresh token and
 * disconnecting removes it. A keychain that cannot be read is its own error.
 */
export async function mailboxConnected(secrets: Pick<SecretStore, 'get'>): Promise<Result<boolean>> {
  const refreshToken = await secrets.get('zoho.refreshToken');
  return refreshToken.ok ? ok(refreshToken.value !== null) : refreshToken;
}

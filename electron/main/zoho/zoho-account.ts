import type { MailApi } from './mail-api';
import { zohoFailed, type ZohoResult } from './zoho-failure';
import { zohoAccountSchema } from './zoho-wire';

export interface ZohoAccount {
  accountId: string;
  email: string;
}

/** The member's primary Zoho Mail account, discovered once from /api/accounts and kept in memory. */
export interface AccountCache {
  get(signal: AbortSignal): Promise<ZohoResult<ZohoAccount>>;
  forget(): void;
}

export function createAccountCache(api: MailApi): AccountCache {
  let account: ZohoAccount | null = null;
  let generation = 0;

  async function discover(signal: AbortSignal): Promise<ZohoResult<ZohoAccount>> {
    const started = generation;
    const listed = await api.get('/api/accounts', {}, signal);
    if (!listed.ok) return listed;
    const accounts = (Array.isArray(listed.value) ? listed.value : []).flatMap((item) => {
      const parsed = zohoAccountSchema.safeParse(item);
      const email = parsed.success ? (parsed.data.primaryEmailAddress ?? parsed.data.mailboxAddress) : undefined;
      return parsed.success && email ? [{ accountId: parsed.data.accountId, email }] : [];
    });
    // Zoho lists the login's own (primary) mail account first.
    const [primary] = accounts;
    if (!primary) return zohoFailed({ kind: 'no_mail_account' });
    if (started === generation) account = primary;
    return { ok: true, value: primary };
  }

  return {
    get: (signal) => (account ? Promise.resolve({ ok: true, value: account }) : discover(signal)),
    forget() {
      generation += 1;
      account = null;
    },
  };
}

import type { Result } from '../../../shared/result';
import type { Logger } from '../log/logger';
import type { MailDrafts } from '../mail/mail-drafts';
import type { GrantScopes } from './grant-scopes';
import type { MailApi } from './mail-api';
import type { MailboxLink } from './mailbox-link';
import { grantsCompose, withoutCompose } from './oauth';
import type { AccountCache } from './zoho-account';
import { zohoFailed } from './zoho-failure';

export interface ZohoDraftsDeps {
  api: MailApi;
  account: AccountCache;
  link: () => Promise<Result<MailboxLink>>;
  grantScopes: GrantScopes;
  log: Logger;
}

/**
 * Drafts in the member's Zoho mailbox (Zoho's "Save Draft": POST /api/accounts/{accountId}/messages with
 * `mode: draft`). The app never sends: it makes no request without `mode: draft`, and the member reviews and
 * sends the draft in Zoho. Without the compose scope nothing is asked of Zoho: the member is to allow it first.
 */
export function createZohoDrafts(deps: ZohoDraftsDeps): MailDrafts {
  return {
    async create(draft, signal) {
      const link = await deps.link();
      if (!link.ok) return link;
      if (link.value === 'disconnected') return zohoFailed({ kind: 'not_connected' });
      if (link.value === 'reconnect_needed') return zohoFailed({ kind: 'reconnect_needed' });
      if (!grantsCompose(deps.grantScopes.get() ?? [])) return zohoFailed({ kind: 'compose_scope_missing' });
      const account = await deps.account.get(signal);
      if (!account.ok) return account;
      const created = await deps.api.post(
        `/api/accounts/${account.value.accountId}/messages`,
        {
          mode: 'draft',
          fromAddress: account.value.email,
          // Addressed to nobody unless the member typed addresses: the field is left out rather than sent empty.
          ...(draft.to.length > 0 ? { toAddress: draft.to.join(',') } : {}),
          subject: draft.subject,
          content: draft.text,
          mailFormat: 'plaintext',
        },
        signal,
      );
      if (created.ok) return { ok: true, value: { created: true } };
      // Zoho knows better than the record: Settings stops saying drafts are allowed, and the next connection asks.
      if (created.failure.kind === 'compose_scope_missing') deps.grantScopes.set(withoutCompose(deps.grantScopes.get() ?? []));
      return created;
    },
  };
}

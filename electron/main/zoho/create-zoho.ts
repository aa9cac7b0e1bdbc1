import { ZOHO } from '../../../shared/limits';
import type { Result } from '../../../shared/result';
import type { Logger } from '../log/logger';
import type { MailDrafts } from '../mail/mail-drafts';
import type { SecretStore } from '../secrets/secret-store';
import type { SettingsStore } from '../settings/settings-store';
import type { Sleep } from '../timers/sleep';
import type { GrantScopes } from './grant-scopes';
import { createMailApi } from './mail-api';
import { mailboxLink, type MailboxLink } from './mailbox-link';
import { createThrottle } from './throttle';
import { createTokenManager } from './token-manager';
import { createAccountCache } from './zoho-account';
import { createZohoConnection, type ZohoConnection } from './zoho-connection';
import { createZohoDrafts } from './zoho-drafts';
import { createZohoEndpoints, type ZohoOverrides } from './zoho-endpoints';
import { createZohoHttp, type ZohoFetch } from './zoho-http';
import { createZohoMailbox, type ZohoMailbox } from './zoho-mailbox';

export interface ZohoDeps {
  secrets: SecretStore;
  settings: SettingsStore;
  /** What the stored grant covers (grant-scopes.ts): the settings table in the app, memory in tests. */
  grantScopes: GrantScopes;
  log: Logger;
  fetch: ZohoFetch;
  openExternal: (url: string) => Promise<void>;
  now: () => number;
  sleep: Sleep;
  /** Mail HTML to readable, capped text (mail-text.ts). */
  htmlToText: (html: string) => string;
  /** Local doubles in the harness and in tests; Zoho's own hosts (from the data centre) otherwise. */
  overrides?: ZohoOverrides;
}

export interface Zoho {
  /** The secretary's MailboxPort, and the digest's recent mail. */
  readonly mailbox: ZohoMailbox;
  readonly connection: ZohoConnection;
  /** Meeting notes' drafts (never sent): mail/'s MailDrafts port. */
  readonly drafts: MailDrafts;
  /** Whether the mailbox can be read now, without asking Zoho. */
  link(): Promise<Result<MailboxLink>>;
  /** Follows Zoho refusing the mailbox's grant, whoever was reading mail when it did. */
  onRefused(listener: () => void): void;
}

/** Zoho Mail for the app: one token manager, one throttle and one account shared by everything that reads mail. */
export function createZoho(deps: ZohoDeps): Zoho {
  const refusalListeners: (() => void)[] = [];
  const endpoints = createZohoEndpoints({ settings: deps.settings, ...(deps.overrides ? { overrides: deps.overrides } : {}) });
  const http = createZohoHttp({ fetch: deps.fetch, timeoutMs: ZOHO.requestTimeoutMs });
  const tokens = createTokenManager({
    secrets: deps.secrets,
    http,
    accountsUrl: endpoints.accountsUrl,
    dataCentre: endpoints.dataCentre,
    now: deps.now,
    log: deps.log,
    onRefused: () => {
      for (const listener of refusalListeners) listener();
    },
  });
  const throttle = createThrottle(
    {
      limit: ZOHO.requestsPerWindow,
      windowMs: ZOHO.requestWindowMs,
      maxWaitMs: ZOHO.throttleMaxWaitMs,
      lockBaseMs: ZOHO.lockBackoffMs,
      lockMaxMs: ZOHO.lockBackoffMaxMs,
    },
    { now: deps.now, sleep: deps.sleep },
  );
  const api = createMailApi({ http, tokens, throttle, mailUrl: endpoints.mailUrl, log: deps.log });
  const account = createAccountCache(api);
  const link = () => mailboxLink(deps.secrets, tokens);
  return {
    link,
    onRefused: (listener) => {
      refusalListeners.push(listener);
    },
    mailbox: createZohoMailbox({ api, account, htmlToText: deps.htmlToText, webMailUrl: endpoints.webMailUrl, log: deps.log }),
    drafts: createZohoDrafts({ api, account, link, grantScopes: deps.grantScopes, log: deps.log }),
    connection: createZohoConnection({
      secrets: deps.secrets,
      http,
      endpoints,
      tokens,
      account,
      grantScopes: deps.grantScopes,
      openExternal: deps.openExternal,
      now: deps.now,
      sleep: deps.sleep,
      log: deps.log,
    }),
  };
}

import type { AppEvents, Capability } from '../capability';
import type { Zoho } from './create-zoho';
import { zohoHandlers } from './zoho-handlers';

/** The member's mailbox: connected, checked and disconnected; a new connection is news for the mailbox pass. */
export function createZohoCapability(deps: {
  zoho: Pick<Zoho, 'connection'>;
  events: Pick<AppEvents, 'mailboxConnected'>;
}): Capability<'zoho:connect' | 'zoho:status' | 'zoho:disconnect'> {
  return { handlers: zohoHandlers({ connection: deps.zoho.connection, connected: deps.events.mailboxConnected }) };
}

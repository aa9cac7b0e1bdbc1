import type { AppEvents, Capability } from '../capability';
import type { Logger } from '../log/logger';
import type { Zoho } from './create-zoho';
import { zohoHandlers } from './zoho-handlers';

/**
 * The member's mailbox: connected, checked and disconnected; a new connection is news for the mailbox pass. The
 * grant belongs to this installation, so it goes when the sign-in settings name someone else's team or application.
 */
export function createZohoCapability(deps: {
  zoho: Pick<Zoho, 'connection'>;
  events: Pick<AppEvents, 'mailboxConnected'>;
  log: Logger;
}): Capability<'zoho:connect' | 'zoho:status' | 'zoho:disconnect'> {
  return {
    handlers: zohoHandlers({ connection: deps.zoho.connection, connected: deps.events.mailboxConnected }),
    signInChanged() {
      void deps.zoho.connection.disconnect(new AbortController().signal).then((done) => {
        if (done.ok) deps.log.info('mailbox disconnected: the sign-in settings changed');
        else deps.log.error('could not disconnect the mailbox after the sign-in settings changed', { error: done.error });
      });
    },
  };
}

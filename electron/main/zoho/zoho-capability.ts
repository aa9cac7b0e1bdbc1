import type { AppEvents, Broadcast, Capability } from '../capability';
import type { ZohoChanged } from '../../../shared/zoho-connection';
import type { Logger } from '../log/logger';
import type { Zoho } from './create-zoho';
import { zohoHandlers } from './zoho-handlers';

/**
 * The member's mailbox: connected, checked and disconnected; a new connection is news for the mailbox pass. The
 * grant belongs to this installation, so it goes when the sign-in settings name someone else's team or application.
 * Each change of state, a grant Zoho refused while any part of the app read mail included, is told to the windows.
 */
export function createZohoCapability(deps: {
  zoho: Pick<Zoho, 'connection' | 'onRefused'>;
  events: Pick<AppEvents, 'mailboxConnected'>;
  broadcast: Broadcast;
  log: Logger;
}): Capability<'zoho:connect' | 'zoho:status' | 'zoho:disconnect'> {
  const changed = (state: ZohoChanged['state']) => deps.broadcast('zoho:changed', { state });
  deps.zoho.onRefused(() => changed('reconnect_needed'));
  return {
    handlers: zohoHandlers({ connection: deps.zoho.connection, connected: deps.events.mailboxConnected, changed }),
    signInChanged() {
      void deps.zoho.connection.disconnect(new AbortController().signal).then((done) => {
        if (done.ok) {
          deps.log.info('mailbox disconnected: the sign-in settings changed');
          changed(done.value.state);
        }
        else deps.log.error('could not disconnect the mailbox after the sign-in settings changed', { error: done.error });
      });
    },
  };
}

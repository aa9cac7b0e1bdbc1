import type { AppContract } from '../../../shared/ipc/contract';
import type { Handlers } from '../ipc/registry';
import type { ZohoConnection } from './zoho-connection';

/** Protected channels (the registry refuses them without a staff session): only staff connect a mailbox. */
export function zohoHandlers(deps: {
  connection: ZohoConnection;
  /** Told when a mailbox was connected (the digest schedule may owe the member a first pass). */
  connected?: () => void;
}): Pick<Handlers<AppContract>, 'zoho:connect' | 'zoho:status' | 'zoho:disconnect'> {
  return {
    'zoho:connect': async ({ method }, ctx) => {
      const result = await deps.connection.connect(method, {
        signal: ctx.signal,
        progress: (progress) => ctx.emit('zoho:progress', progress),
      });
      if (result.ok) deps.connected?.();
      return result;
    },
    'zoho:status': (_input, ctx) => deps.connection.status(ctx.signal),
    'zoho:disconnect': (_input, ctx) => deps.connection.disconnect(ctx.signal),
  };
}

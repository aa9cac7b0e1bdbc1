import type { AppContract } from '../../../shared/ipc/contract';
import type { ZohoChanged } from '../../../shared/zoho-connection';
import type { Handlers } from '../ipc/registry';
import type { ZohoConnection } from './zoho-connection';

/** Protected channels (the registry refuses them without a staff session): only staff connect a mailbox. */
export function zohoHandlers(deps: {
  connection: ZohoConnection;
  /** Told when a mailbox was connected (the digest schedule may owe the member a first pass). */
  connected?: () => void;
  /** Told of the state a connect or disconnect left the mailbox in. */
  changed?: (state: ZohoChanged['state']) => void;
}): Pick<Handlers<AppContract>, 'zoho:connect' | 'zoho:status' | 'zoho:disconnect'> {
  return {
    'zoho:connect': async (request, ctx) => {
      const result = await deps.connection.connect(request, {
        signal: ctx.signal,
        progress: (progress) => ctx.emit('zoho:progress', progress),
      });
      if (result.ok) {
        deps.connected?.();
        deps.changed?.('connected');
      }
      return result;
    },
    'zoho:status': (_input, ctx) => deps.connection.status(ctx.signal),
    'zoho:disconnect': async (_input, ctx) => {
      const result = await deps.connection.disconnect(ctx.signal);
      if (result.ok) deps.changed?.(result.value.state);
      return result;
    },
  };
}

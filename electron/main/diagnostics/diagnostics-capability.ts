import type { Capability } from '../capability';
import type { Diagnostics } from './diagnostics';

/**
 * Copy diagnostics and save them (issue 28, TP4). Both answer signed out too: a member who cannot sign in is the
 * one who most needs support.
 */
export function createDiagnosticsCapability(deps: { diagnostics: Diagnostics }): Capability<'diagnostics:copy' | 'diagnostics:save'> {
  return {
    handlers: {
      'diagnostics:copy': (_input, ctx) => deps.diagnostics.copy(ctx.signal),
      'diagnostics:save': (_input, ctx) => deps.diagnostics.save(ctx.signal),
    },
  };
}

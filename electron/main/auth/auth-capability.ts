import type { AppEvents, Capability } from '../capability';
import { authHandlers } from './auth-handlers';
import type { AuthSession } from './auth-session';

/** Staff sign-in (D3): the session's channels, closed with the app, told at once when the team or application changes. */
export function createAuthCapability(deps: {
  session: AuthSession;
  events: Pick<AppEvents, 'signInChanged'>;
}): Capability<'auth:status' | 'auth:login' | 'auth:logout'> {
  const { session } = deps;
  return {
    handlers: authHandlers({ session }),
    close: () => session.close(),
    // A new team or application: the session learns at once that its sign-in no longer holds, and so does
    // everything granted under it.
    settingsChanged: (patch) => {
      if (patch.access && session.accessChanged()) deps.events.signInChanged();
    },
  };
}

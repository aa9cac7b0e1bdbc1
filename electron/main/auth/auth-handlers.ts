import type { AppContract } from '../../../shared/ipc/contract';
import { ok } from '../../../shared/result';
import type { Handlers } from '../ipc/registry';
import type { AuthSession } from './auth-session';

/** The auth channels are open (not protected): they are how a member without a session gets one. */
export function authHandlers(deps: {
  session: AuthSession;
}): Pick<Handlers<AppContract>, 'auth:status' | 'auth:login' | 'auth:logout'> {
  return {
    'auth:status': () => ok(deps.session.status()),
    'auth:login': () => deps.session.login(),
    'auth:logout': () => deps.session.logout(),
  };
}

import type { AppContract } from '../../../shared/ipc/contract';
import { err, ok } from '../../../shared/result';
import type { Handlers } from '../ipc/registry';
import type { DigestService } from './digest';

type DigestChannels = 'digest:run' | 'digest:latest';

// The registry refuses these protected channels without a session; this only keeps the member's type honest.
const signedOut = () => err('UNAUTHENTICATED', 'Sign in with your staff account first.');

/** The digest's channels; the member is always the verified session's, and every read is theirs alone. */
export function digestHandlers(deps: { digest: DigestService }): Pick<Handlers<AppContract>, DigestChannels> {
  const { digest } = deps;
  return {
    'digest:run': async (_input, ctx) => {
      if (!ctx.member) return signedOut();
      return digest.run({
        member: ctx.member,
        signal: ctx.signal,
        onProgress: (progress) => ctx.emit('digest:progress', progress),
      });
    },
    'digest:latest': (_input, ctx) => {
      if (!ctx.member) return signedOut();
      return ok(digest.latest(ctx.member.email));
    },
  };
}

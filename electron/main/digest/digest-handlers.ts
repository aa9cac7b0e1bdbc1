import type { AppContract } from '../../../shared/ipc/contract';
import { ok } from '../../../shared/result';
import type { Handlers } from '../ipc/registry';
import type { DigestService } from './digest';

export type DigestChannels = 'digest:run' | 'digest:state' | 'digest:dismiss' | 'digest:undismiss';

/**
 * The digest's channels, all protected: the registry refused the call unless a member is signed in, so the
 * member is always the verified session's, and every read and dismissal is theirs alone.
 */
export function digestHandlers(deps: { digest: DigestService }): Pick<Handlers<AppContract>, DigestChannels> {
  const { digest } = deps;
  return {
    'digest:run': (_input, ctx) =>
      digest.run({
        member: ctx.member,
        signal: ctx.signal,
        onProgress: (progress) => ctx.emit('digest:progress', progress),
      }),
    'digest:state': (_input, ctx) => ok(digest.state(ctx.member.email)),
    'digest:dismiss': ({ messageId }, ctx) => digest.dismiss(ctx.member.email, messageId),
    'digest:undismiss': ({ messageId }, ctx) => digest.undismiss(ctx.member.email, messageId),
  };
}

import type { AppContract } from '../../../shared/ipc/contract';
import { err, ok } from '../../../shared/result';
import type { UpdateMode } from '../../../shared/updates';
import type { Handlers } from '../ipc/registry';
import type { Logger } from '../log/logger';
import { parseExternalUrl } from './external-url';

export interface AppInfo {
  version: string;
  dataPath: string;
  platform: string;
  /** Whether this build updates itself, and if not why (shared/updates.ts). */
  updates: UpdateMode;
}

export function appHandlers(deps: {
  info: () => AppInfo;
  openExternal: (url: string) => Promise<void>;
  copyText: (text: string) => void;
  painted: () => void;
  log: Logger;
}): Pick<Handlers<AppContract>, 'app:info' | 'app:openExternal' | 'app:copyText' | 'app:painted'> {
  return {
    'app:info': () => ok(deps.info()),
    'app:painted': () => {
      deps.painted();
      return ok({});
    },
    'app:copyText': ({ text }) => {
      deps.copyText(text);
      return ok({ copied: true as const });
    },
    'app:openExternal': async ({ url }) => {
      const safe = parseExternalUrl(url);
      if (!safe) return err('INVALID_INPUT', 'Only https links can be opened.', { field: 'url' });
      try {
        await deps.openExternal(safe);
        return ok({ opened: true as const });
      } catch (error) {
        deps.log.warn('could not open external link', { error });
        return err('INTERNAL', 'The system browser could not be opened.');
      }
    },
  };
}

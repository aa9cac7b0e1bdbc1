import type Database from 'better-sqlite3';
import type { Lang } from '../../../shared/lang';
import { SECRETARY } from '../../../shared/limits';
import type { AuthSession } from '../auth/auth-session';
import type { Notify } from '../auth/login-port';
import type { AppEvents, Broadcast, Capability } from '../capability';
import type { GeminiGateway } from '../gemini/gateway';
import type { Logger } from '../log/logger';
import type { SettingsStore } from '../settings/settings-store';
import { systemTimers } from '../timers/alarm';
import type { Zoho } from '../zoho/create-zoho';
import { createDigest } from './digest';
import { digestHandlers, type DigestChannels } from './digest-handlers';
import { createDigestSchedule, systemUtcOffsetMs } from './digest-schedule';

export interface DigestCapabilityDeps {
  db: Database.Database;
  gateway: GeminiGateway;
  zoho: Zoho;
  settings: SettingsStore;
  session: Pick<AuthSession, 'currentMember'>;
  lang: () => Lang;
  notify: Notify;
  /** A pass was stored or failed (scheduled or asked for), or an item dismissed: the Secretary pane shows it. */
  broadcast: Broadcast;
  /** ...and what else shows the latest pass (the tray) hears of it. */
  events: Pick<AppEvents, 'digestChanged'>;
  /** Wall clock, epoch milliseconds. */
  now: () => number;
  log: Logger;
}

/**
 * The mailbox pass (F0): run on demand and on its schedule. The schedule looks again whenever a pass may have
 * become due or possible: at start, after sign-in, after its settings change, once a mailbox is connected.
 */
export function createDigestCapability(deps: DigestCapabilityDeps): Capability<DigestChannels> {
  const { zoho, session } = deps;
  const digest = createDigest({
    gateway: deps.gateway,
    mail: zoho.mailbox,
    db: deps.db,
    settings: deps.settings,
    now: deps.now,
    lang: deps.lang,
    log: deps.log,
    notify: deps.notify,
    publish: ({ state }) => {
      deps.broadcast('digest:updated', state);
      deps.events.digestChanged();
    },
  });
  const schedule = createDigestSchedule({
    settings: () => deps.settings.get().digest,
    now: deps.now,
    timers: systemTimers,
    utcOffsetMs: systemUtcOffsetMs,
    async readiness() {
      const member = session.currentMember();
      if (!member) return { ready: false, reason: 'signed_out' };
      const status = await zoho.connection.status(AbortSignal.timeout(SECRETARY.modelTimeoutMs));
      return status.ok && status.value.state === 'connected' ? { ready: true, member } : { ready: false, reason: 'zoho_disconnected' };
    },
    lastPassAt: digest.lastPassAt,
    runPass: (member, signal) => digest.run({ member, signal, trigger: 'scheduled' }),
    log: deps.log,
  });
  const check = () => void schedule.check();

  return {
    handlers: digestHandlers({ digest }),
    start: check,
    close: () => schedule.stop(),
    sessionChanged: (status) => {
      // A member who just signed in may be owed a pass (the schedule skips while signed out).
      if (status.state === 'signed_in') check();
    },
    settingsChanged: (patch) => {
      if (patch.digest) check();
    },
    mailboxConnected: check,
  };
}

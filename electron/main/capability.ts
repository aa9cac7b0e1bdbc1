import type { AuthStatus } from '../../shared/auth';
import type { AppContract } from '../../shared/ipc/contract';
import type { MemberSecretName } from '../../shared/secrets';
import type { SettingsPatch } from '../../shared/settings';
import type { Handlers } from './ipc/registry';

/**
 * What happens in the app that more than one capability may need to follow. The core tells every capability;
 * a capability raises them through the `AppEvents` the core hands it, never by calling another capability.
 */
export interface AppEvents {
  /** A settings write was stored, with what it changed. */
  settingsChanged(patch: SettingsPatch): void;
  /** A secret was stored or removed. */
  secretChanged(name: MemberSecretName): void;
  /** The staff session changed: signed in, renewed, signed out or expired. */
  sessionChanged(status: AuthStatus): void;
  /** The member connected their mailbox. */
  mailboxConnected(): void;
}

/** The channels a handler serves (a cancel channel is the registry's own). */
export type HandledChannel = keyof Handlers<AppContract>;

/**
 * One capability of the app (the oracle, the secretary, the assistant...): its channels' handlers, what it does
 * when something it depends on changes, and how it starts and stops. The core registers each one; no capability
 * is wired by hand inside the core.
 */
export interface Capability<K extends HandledChannel = never> extends Partial<AppEvents> {
  readonly handlers: Pick<Handlers<AppContract>, K>;
  /** Background work that begins with the app (after every capability exists). */
  start?(): void;
  /** Stops timers and watchers; the database is closed after every capability has closed. */
  close?(): void;
}

import type { z } from 'zod';
import type { AuthStatus } from '../../shared/auth';
import type { AppBroadcasts, AppContract } from '../../shared/ipc/contract';
import type { MemberSecretName } from '../../shared/secrets';
import type { Features, SettingsPatch } from '../../shared/settings';
import type { Handlers } from './ipc/registry';

/**
 * What happens in the app that more than one capability may need to follow. The core tells every capability;
 * a capability raises them through the `AppEvents` the core hands it, never by calling another capability.
 */
export interface AppEvents {
  /** A settings write was stored, with what it changed. */
  settingsChanged(patch: SettingsPatch): void;
  /**
   * The machine's policy switched a feature on or off (issue 28), with the features now in effect. What a feature
   * still running holds open (a Live session, a captions stream) is ended here; everything else reads the settings.
   */
  featuresChanged(features: Features): void;
  /** A secret was stored or removed. */
  secretChanged(name: MemberSecretName): void;
  /** The staff session changed: signed in, renewed, signed out or expired. */
  sessionChanged(status: AuthStatus): void;
  /**
   * The sign-in settings now name another team, application or audience: the session has ended, and what was
   * granted under the old ones (the mailbox) must not outlive it.
   */
  signInChanged(): void;
  /** The member connected their mailbox. */
  mailboxConnected(): void;
  /** A mailbox pass was stored or failed, or an item of it dismissed: the latest pass may read differently. */
  digestChanged(): void;
  /** Live captions started or stopped in the app's window. */
  captionsChanged(running: boolean): void;
  /** The member closed the window and the app stays in the tray. */
  closedToTray(): void;
}

/** Sends an event main raises on its own to the app's windows; the core checks the payload against the contract. */
export type Broadcast = <E extends keyof AppBroadcasts>(event: E, payload: z.input<AppBroadcasts[E]>) => void;

/** The channels a handler serves (a cancel channel is the registry's own). */
export type HandledChannel = keyof Handlers<AppContract>;

/**
 * One capability of the app (the oracle, the secretary, the assistant...): its channels' handlers, what it does
 * when something it follows changes, and how it starts and stops. Each is made by a factory in its own folder
 * from the services the core offers; the core builds them from one list and registers them, and no capability
 * calls another.
 */
export interface Capability<K extends HandledChannel = never> extends Partial<AppEvents> {
  readonly handlers: Pick<Handlers<AppContract>, K>;
  /** Background work that begins with the app (after every capability exists). */
  start?(): void;
  /** Stops timers and watchers; the database is closed after every capability has closed. */
  close?(): void;
}

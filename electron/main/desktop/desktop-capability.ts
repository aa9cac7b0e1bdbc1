import type { Lang } from '../../../shared/lang';
import { APP_TITLE } from '../../../shared/product';
import { ok } from '../../../shared/result';
import type { AuthSession } from '../auth/auth-session';
import type { Notify } from '../auth/login-port';
import type { Capability } from '../capability';
import type { Logger } from '../log/logger';
import type { LatestDigests } from '../mail/latest-digest';
import type { SettingsStore } from '../settings/settings-store';
import { TRAY_TEXTS } from '../texts/tray-texts';
import type { LoginItemPort } from './login-item-port';
import type { PassGlance, TrayState } from './tray-view';

/** What the app has on the desktop beside its window; absent where there is no desktop (the browser harness). */
export interface DesktopPorts {
  loginItem?: LoginItemPort | undefined;
  /** The tray icon: what it shows of live captions and of the latest pass. */
  tray?: ((change: Partial<Pick<TrayState, 'captionsRunning' | 'pass'>>) => void) | undefined;
  /** Brings the app's window forward. */
  showWindow?: (() => void) | undefined;
}

export interface DesktopCapabilityDeps extends DesktopPorts {
  /** The latest mailbox pass is read from here, for the signed-in member only. */
  digests: LatestDigests;
  session: Pick<AuthSession, 'currentMember'>;
  settings: SettingsStore;
  notify: Notify;
  lang: () => Lang;
  /** process.platform: the notice names the tray, or the menu bar on macOS. */
  platform: string;
  log: Logger;
}

export type DesktopChannels = 'desktop:loginItem' | 'desktop:setLoginItem' | 'desktop:showWindow';

/**
 * The tray app (D4, issue 14): what the tray shows of the app's state that only the core knows (the page says
 * whether live captions run; the latest pass is the signed-in member's), the start at login, and the notice given
 * the first time closing the window leaves the app running.
 */
export function createDesktopCapability(deps: DesktopCapabilityDeps): Capability<DesktopChannels> {
  const showPass = () => deps.tray?.({ pass: passGlance() });

  function passGlance(): PassGlance | null {
    const member = deps.session.currentMember();
    if (!member) return null;
    try {
      const latest = deps.digests.latest(member.email);
      return latest && { summary: latest.resumen, needsYou: latest.items.length };
    } catch (error) {
      // The tray is a glance: a database that cannot be read now shows no pass, and the Secretary pane says why.
      deps.log.warn('tray: the latest pass could not be read', { error });
      return null;
    }
  }

  const loginItemState = () => ({ supported: deps.loginItem !== undefined, openAtLogin: deps.loginItem?.openAtLogin() ?? false });

  return {
    handlers: {
      'desktop:loginItem': () => ok(loginItemState()),
      'desktop:setLoginItem': ({ openAtLogin }) => {
        if (!deps.loginItem) return ok(loginItemState());
        const set = deps.loginItem.setOpenAtLogin(openAtLogin);
        if (!set.ok) return set;
        // Answered in Settings or in the first run's question: either way the question is not asked again.
        if (!deps.settings.get().desktop.startAtLoginAsked) deps.settings.update({ desktop: { startAtLoginAsked: true } });
        return ok({ supported: true, openAtLogin: set.value });
      },
      'desktop:showWindow': () => {
        deps.showWindow?.();
        return ok({});
      },
    },
    start: showPass,
    sessionChanged: showPass,
    digestChanged: showPass,
    captionsChanged: (running) => deps.tray?.({ captionsRunning: running }),
    // Said once, the first time (D4).
    closedToTray() {
      if (deps.settings.get().desktop.closeToTrayTold) return;
      const texts = TRAY_TEXTS[deps.lang()].stillRunning;
      deps.notify({ title: APP_TITLE, body: deps.platform === 'darwin' ? texts.menuBar : texts.tray });
      deps.settings.update({ desktop: { closeToTrayTold: true } });
    },
  };
}

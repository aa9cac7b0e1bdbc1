import { shortcutText } from '../../../shared/accelerator';
import type { Lang } from '../../../shared/lang';
import { INDICATOR_TEXTS } from '../texts/indicator-texts';
import type { IndicatorText, MicrophoneIndicator } from './microphone-indicator';
import type { AppTray } from './tray';

export interface MicrophoneLiveDeps {
  /** The tray icon, once there is one. */
  tray: () => Pick<AppTray, 'update'> | null;
  indicator: MicrophoneIndicator;
  /** Whether the member is looking at the app's window, which then shows the recording itself. */
  windowFocused: () => boolean;
  lang: () => Lang;
  /** The global shortcut that works now (it stops the question from anywhere); null when none does. */
  shortcut: () => string | null;
  platform: NodeJS.Platform;
}

export interface MicrophoneLive {
  /** The page says the microphone went live, or off. */
  set(live: boolean): void;
  /** The app's window gained or lost focus: the indicator stands in for it only while it is out of sight. */
  refresh(): void;
}

export function indicatorText(lang: Lang, shortcut: string | null, platform: NodeJS.Platform): IndicatorText {
  const texts = INDICATOR_TEXTS[lang];
  if (shortcut === null) return { lang, label: texts.listening };
  const keys = shortcutText(shortcut, { mac: platform === 'darwin', windows: platform === 'win32', space: texts.space });
  return { lang, label: texts.listeningUntil(keys) };
}

/**
 * Shows the member that the microphone is live wherever they are: the tray icon always, and the on-top indicator
 * while the app's window is hidden or behind another (a question asked with the global shortcut).
 */
export function createMicrophoneLive(deps: MicrophoneLiveDeps): MicrophoneLive {
  let live = false;
  const refresh = () => {
    if (live && !deps.windowFocused()) deps.indicator.show(indicatorText(deps.lang(), deps.shortcut(), deps.platform));
    else deps.indicator.hide();
  };
  return {
    set(next) {
      live = next;
      deps.tray()?.update({ microphoneLive: live });
      refresh();
    },
    refresh,
  };
}

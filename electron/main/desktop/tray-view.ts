import type { Lang } from '../../../shared/lang';
import { TRAY } from '../../../shared/limits';
import { APP_TITLE } from '../../../shared/product';
import { TRAY_TEXTS } from '../texts/tray-texts';

/** What the latest mailbox pass says at a glance: its summary and how many of its items still need the member. */
export interface PassGlance {
  summary: string;
  needsYou: number;
}

/** Everything the tray shows comes from this: it is the app's state as the tray sees it. */
export interface TrayState {
  lang: Lang;
  microphoneLive: boolean;
  captionsRunning: boolean;
  /** The signed-in member's latest pass; null before the first pass, or while nobody is signed in. */
  pass: PassGlance | null;
}

export const INITIAL_TRAY_STATE: Omit<TrayState, 'lang'> = { microphoneLive: false, captionsRunning: false, pass: null };

/** The icon's faces, one per state (scripts/make-tray-icons.py draws them). */
export const TRAY_FACES = ['idle', 'live', 'captions', 'needs-you'] as const;
export type TrayFace = (typeof TRAY_FACES)[number];

export type TrayAction = 'open' | 'ask' | 'pushToTalk' | 'liveCaptions' | 'pass' | 'settings' | 'copyDiagnostics' | 'quit';
export type TrayEntry = { readonly action: TrayAction; readonly label: string } | 'separator';

export interface TrayView {
  face: TrayFace;
  tooltip: string;
  menu: TrayEntry[];
}

/**
 * The tray as a function of the app's state (D4). The icon shows the one state that matters most: the microphone
 * (it hears the room now), then live captions (they hear the meeting), then mail that needs the member, else rest.
 * `platform` decides how a label is escaped: Windows and Linux read "&" as a keyboard mnemonic. Windows and Linux
 * have no menu bar, so Copy diagnostics, in Help on macOS, is here for them.
 */
export function trayView(state: TrayState, platform: NodeJS.Platform): TrayView {
  const texts = TRAY_TEXTS[state.lang];
  const needsYou = state.pass?.needsYou ?? 0;
  const [face, tooltip]: [TrayFace, string] = state.microphoneLive
    ? ['live', texts.microphoneOn]
    : state.captionsRunning
      ? ['captions', texts.captionsOn]
      : needsYou > 0
        ? ['needs-you', texts.needsYou(needsYou)]
        : ['idle', APP_TITLE];
  const label = (text: string) => (platform === 'darwin' ? text : text.replaceAll('&', '&&'));
  const diagnostics: TrayEntry[] = platform === 'darwin' ? [] : [{ action: 'copyDiagnostics', label: texts.copyDiagnostics }];
  const pass: TrayEntry[] = state.pass ? [{ action: 'pass', label: label(oneLine(state.pass.summary, TRAY.passSummaryMaxChars)) }, 'separator'] : [];
  return {
    face,
    tooltip,
    menu: [
      { action: 'open', label: texts.open },
      { action: 'ask', label: texts.ask },
      { action: 'pushToTalk', label: texts.pushToTalk },
      { action: 'liveCaptions', label: state.captionsRunning ? texts.stopCaptions : texts.startCaptions },
      'separator',
      ...pass,
      { action: 'settings', label: texts.settings },
      ...diagnostics,
      'separator',
      { action: 'quit', label: texts.quit },
    ],
  };
}

/** The first line of a text, whitespace collapsed, cut at a character (not inside a surrogate pair) with an ellipsis. */
export function oneLine(text: string, maxChars: number): string {
  const line = (text.trim().split(/\r?\n/)[0] ?? '').replace(/\s+/g, ' ');
  const chars = Array.from(line);
  return chars.length <= maxChars ? line : `${chars.slice(0, maxChars - 1).join('').trimEnd()}…`;
}

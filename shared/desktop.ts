import { z } from 'zod';

/**
 * What the desktop (the tray's menu, a global shortcut) asks the main window to do: the renderer holds the
 * microphone and the captions session, so main cannot do it itself.
 */
export const DESKTOP_COMMANDS = ['pushToTalk', 'liveCaptions'] as const;
export type DesktopCommand = (typeof DESKTOP_COMMANDS)[number];
export const desktopCommandSchema = z.object({ command: z.enum(DESKTOP_COMMANDS) });

/** The renderer tells main whether live captions are running: the tray shows it and offers to stop them. */
export const captionsStateSchema = z.strictObject({ running: z.boolean() });

/**
 * 'desktop:loginItem': whether the app starts when the member signs in to the computer. The operating system holds the
 * answer (no copy of it is kept), so it is always what the system will do; `supported` is false where the app
 * cannot set it (the browser harness).
 */
export const loginItemSchema = z.object({ supported: z.boolean(), openAtLogin: z.boolean() });
export type LoginItemState = z.infer<typeof loginItemSchema>;
export const loginItemInputSchema = z.strictObject({ openAtLogin: z.boolean() });

/** What the desktop asks or says only once, remembered in the database. */
export const desktopSettingsSchema = z.object({
  /** The first run's question "start at login?" was answered (either way): it is not asked again. */
  startAtLoginAsked: z.boolean().default(false),
  /** Closing the window said once that the app goes on in the tray. */
  closeToTrayTold: z.boolean().default(false),
});
export type DesktopSettings = z.infer<typeof desktopSettingsSchema>;
export const DEFAULT_DESKTOP_SETTINGS: DesktopSettings = desktopSettingsSchema.parse({});
// No defaults in a patch: they would reset the fields not sent.
export const desktopSettingsPatchSchema = z.strictObject({ startAtLoginAsked: z.boolean(), closeToTrayTold: z.boolean() }).partial();

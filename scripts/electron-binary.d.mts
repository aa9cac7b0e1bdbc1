/** The Electron executable in node_modules/electron/dist or ELECTRON_OVERRIDE_DIST_PATH, or null when there is none. */
export function electronBinary(root: string, env?: Readonly<Record<string, string | undefined>>, platform?: string): string | null;

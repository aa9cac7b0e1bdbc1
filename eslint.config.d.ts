// The types of what eslint.config.js exports besides the lint configuration, for the tests and scripts that read it.
/** Per area (electron/main, renderer/src), each folder or root file and the folders it may import, lowest layer first. */
export declare const FOLDER_RULES: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>>;
declare const config: readonly unknown[];
export default config;

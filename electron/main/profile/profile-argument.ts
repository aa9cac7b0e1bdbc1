import { resolve } from 'node:path';

const FLAG = '--profile';

/**
 * The file named by `--profile FILE` (or `--profile=FILE`) on a command line, resolved against the folder the
 * command was run in; null when there is none. Chromium may move switches ahead of plain arguments in a second
 * start's command line, so the `=` form is the one to put in a shortcut or a deployment script.
 */
export function profileArgument(argv: readonly string[], workingDirectory: string): string | null {
  for (const [at, arg] of argv.entries()) {
    const file = arg === FLAG ? argv[at + 1] : arg.startsWith(`${FLAG}=`) ? arg.slice(FLAG.length + 1) : undefined;
    if (file !== undefined && file !== '' && !file.startsWith('--')) return resolve(workingDirectory, file);
  }
  return null;
}

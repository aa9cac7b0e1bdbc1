import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contract } from '../../shared/ipc/contract';
import { REPO_ROOT } from '../support/source-files';

/**
 * A channel's handler lives in the folder of electron/main its domain names (docs/architecture.md, The IPC
 * contract): whoever looks for what `desktop:showWindow` does opens electron/main/desktop/. A handler is found
 * where its channel's name is written as a key (`'oracle:ask': (input, ctx) => ...`); cancels are the registry's.
 */

const MAIN = join(REPO_ROOT, 'electron', 'main');

function productFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return productFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Where each channel's handler is written, as folders of electron/main. */
export function handlerFolders(channels: readonly string[], files: readonly { folder: string; text: string }[]): Record<string, string[]> {
  return Object.fromEntries(
    channels.map((channel) => [
      channel,
      [...new Set(files.filter((file) => new RegExp(`(?:^|[{,])\\s*'${channel}': `, 'mu').test(file.text)).map((file) => file.folder))],
    ]),
  );
}

const files = productFiles(MAIN).map((path) => ({
  folder: relative(MAIN, path).split(sep)[0] as string,
  text: readFileSync(path, 'utf8'),
}));
const handled = Object.entries(contract)
  .filter(([, def]) => def.kind !== 'cancel')
  .map(([channel]) => channel);

describe('where each channel is handled', () => {
  it('in the folder its domain names, and only there', () => {
    const found = handlerFolders(handled, files);
    expect(found).toEqual(Object.fromEntries(handled.map((channel) => [channel, [channel.split(':')[0]]])));
  });

  it('is told apart from a channel handled elsewhere', () => {
    const elsewhere = [{ folder: 'desktop', text: "    'translate:captions': ({ running }) => {" }];
    expect(handlerFolders(['translate:captions'], elsewhere)).toEqual({ 'translate:captions': ['desktop'] });
  });
});

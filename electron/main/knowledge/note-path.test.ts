import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveNotePath } from './note-path';

const root = mkdtempSync(join(tmpdir(), 'kb-path-'));
const folder = join(root, 'vault');
mkdirSync(join(folder, 'guides'), { recursive: true });
mkdirSync(join(folder, '.obsidian'), { recursive: true });
mkdirSync(join(root, 'private'), { recursive: true });
writeFileSync(join(folder, 'guides', 'zoho.md'), '# Zoho');
writeFileSync(join(folder, '.obsidian', 'x.md'), 'workspace settings');
writeFileSync(join(root, 'secret.md'), 'outside');
writeFileSync(join(root, 'private', 'keys.md'), 'outside');
writeFileSync(join(folder, 'notes.txt'), 'not a note');
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** What the index holds: the only notes that may be opened. */
const INDEXED = new Set(['guides/zoho.md', 'guides/gone.md', 'escape.md', 'private/keys.md', 'launcher.md', 'program.md']);
const indexed = (path: string) => INDEXED.has(path);

describe('the note a source names', () => {
  it('resolves an indexed note inside the folder from its forward-slash path', async () => {
    await expect(resolveNotePath(folder, 'guides/zoho.md', indexed)).resolves.toEqual({
      ok: true,
      file: join(folder, 'guides', 'zoho.md'),
    });
  });

  it.each(['../secret.md', 'guides/../../secret.md', 'guides\\..\\..\\secret.md', join(root, 'secret.md'), '.', 'notes.txt', '/etc/passwd'])(
    'refuses %s: outside the folder or not a note',
    async (path) => {
      await expect(resolveNotePath(folder, path, () => true)).resolves.toEqual({ ok: false, reason: 'outside_folder' });
    },
  );

  it('refuses a note that exists in the folder but is not in the index (.obsidian/x.md)', async () => {
    await expect(resolveNotePath(folder, '.obsidian/x.md', indexed)).resolves.toEqual({ ok: false, reason: 'not_indexed' });
  });

  it('refuses a note, or a folder, that became a link leading out of the folder since it was indexed', async () => {
    symlinkSync(join(root, 'secret.md'), join(folder, 'escape.md'), 'file');
    symlinkSync(join(root, 'private'), join(folder, 'private'), 'dir');
    await expect(resolveNotePath(folder, 'escape.md', indexed)).resolves.toEqual({ ok: false, reason: 'outside_folder' });
    await expect(resolveNotePath(folder, 'private/keys.md', indexed)).resolves.toEqual({ ok: false, reason: 'outside_folder' });
  });

  it('SEC-7: refuses a note that became a link to a file other than a note, in the folder or not', async () => {
    writeFileSync(join(folder, 'evil.desktop'), '[Desktop Entry]\nType=Application\nExec=sh\n');
    symlinkSync(join(folder, 'evil.desktop'), join(folder, 'launcher.md'), 'file');
    // A program every system has: the Node running this test.
    symlinkSync(process.execPath, join(folder, 'program.md'), 'file');
    await expect(resolveNotePath(folder, 'launcher.md', indexed)).resolves.toEqual({ ok: false, reason: 'not_a_note' });
    await expect(resolveNotePath(folder, 'program.md', indexed)).resolves.toEqual({ ok: false, reason: 'not_a_note' });
  });

  it('opens notes of a folder that is itself reached through a link', async () => {
    const door = join(root, 'vault-door');
    symlinkSync(folder, door, 'dir');
    await expect(resolveNotePath(door, 'guides/zoho.md', indexed)).resolves.toEqual({ ok: true, file: join(door, 'guides', 'zoho.md') });
  });

  it('a note deleted since it was indexed is reported missing', async () => {
    await expect(resolveNotePath(folder, 'guides/gone.md', indexed)).resolves.toEqual({ ok: false, reason: 'note_missing' });
  });
});

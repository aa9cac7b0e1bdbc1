import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listNoteFiles, noteFileAt } from './list-note-files';

/*
 * Real links in a temp dir: a vault, and beside it what a link could lead to (the member's other files).
 */
const root = mkdtempSync(join(tmpdir(), 'kb-list-'));
const vault = join(root, 'vault');
const outside = join(root, 'home');
mkdirSync(join(vault, 'guides'), { recursive: true });
mkdirSync(join(vault, '.obsidian'), { recursive: true });
mkdirSync(join(outside, 'private'), { recursive: true });
writeFileSync(join(vault, 'guides', 'vpn.md'), '# VPN');
writeFileSync(join(vault, 'printer.md'), '# Printer');
writeFileSync(join(outside, 'diary.md'), '# Diary');
writeFileSync(join(outside, 'private', 'passwords.md'), '# Passwords');
writeFileSync(join(outside, 'photo.png'), 'png');
// Leading out: a note, a folder of notes, a linked folder's parent, and a file that is no note.
symlinkSync(join(outside, 'diary.md'), join(vault, 'diary.md'), 'file');
symlinkSync(join(outside, 'private'), join(vault, 'guides', 'private'), 'dir');
symlinkSync(root, join(vault, 'up'), 'dir');
symlinkSync(join(outside, 'photo.png'), join(vault, 'photo.png'), 'file');
// Staying in: a second name for a note and for a folder of the vault.
symlinkSync(join(vault, 'printer.md'), join(vault, 'printer-alias.md'), 'file');
symlinkSync(join(vault, 'guides'), join(vault, 'guides-alias'), 'dir');
// Leading nowhere, and hidden (settings, not notes).
symlinkSync(join(outside, 'gone.md'), join(vault, 'broken.md'), 'file');
symlinkSync(join(outside, 'diary.md'), join(vault, '.obsidian', 'linked.md'), 'file');
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function listed(folder = vault) {
  const outsideLinks: string[] = [];
  const files = await listNoteFiles(folder, { onLinkOutside: (path) => outsideLinks.push(path) });
  return { paths: files.map((file) => file.path), outsideLinks };
}

describe('listing the notes of a folder with links in it', () => {
  it('lists the notes that are really in the folder, and no link at all', async () => {
    expect((await listed()).paths).toEqual(['guides/vpn.md', 'printer.md']);
  });

  it('reports every link to a note or a folder outside, by its place in the vault', async () => {
    expect((await listed()).outsideLinks.sort()).toEqual(['diary.md', 'guides/private', 'up']);
  });

  it('leaves links that stay inside out silently: their targets are indexed under their own names', async () => {
    const { outsideLinks } = await listed();
    expect(outsideLinks).not.toContain('printer-alias.md');
    expect(outsideLinks).not.toContain('guides-alias');
  });

  it('reads a vault reached through a link of its own, judging links by where the vault really is', async () => {
    const door = join(root, 'vault-door');
    symlinkSync(vault, door, 'dir');
    expect(await listed(door)).toEqual({ paths: ['guides/vpn.md', 'printer.md'], outsideLinks: expect.arrayContaining(['diary.md']) });
    expect((await listed(door)).outsideLinks).toHaveLength(3);
  });
});

describe('one note by its path, as a pass over a few notes reads it', () => {
  it('is read when the listing would list it', async () => {
    const note = await noteFileAt(vault, 'guides/vpn.md');
    expect(note?.path).toBe('guides/vpn.md');
    expect(await note?.read()).toBe('# VPN');
  });

  it.each([
    ['a link to a note outside', 'diary.md'],
    ['a note through a linked folder', 'guides/private/passwords.md'],
    ['a second name for a note inside', 'printer-alias.md'],
    ['a note through a second name for a folder', 'guides-alias/vpn.md'],
    ['a hidden folder', '.obsidian/linked.md'],
    ['a way up', '../home/diary.md'],
    ['no note', 'photo.png'],
    ['nothing', 'gone.md'],
  ])('is none for %s', async (_case, path) => {
    expect(await noteFileAt(vault, path)).toBeNull();
  });
});

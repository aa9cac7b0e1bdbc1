import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveNotePath } from './note-path';

const root = mkdtempSync(join(tmpdir(), 'kb-path-'));
const folder = join(root, 'vault');
mkdirSync(join(folder, 'guides'), { recursive: true });
writeFileSync(join(folder, 'guides', 'zoho.md'), '# Zoho');
writeFileSync(join(root, 'secret.md'), 'outside');
writeFileSync(join(folder, 'notes.txt'), 'not a note');
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the note a source names', () => {
  it('resolves a note inside the folder from its forward-slash path', async () => {
    await expect(resolveNotePath(folder, 'guides/zoho.md')).resolves.toEqual({
      ok: true,
      file: join(folder, 'guides', 'zoho.md'),
    });
  });

  it.each(['../secret.md', 'guides/../../secret.md', 'guides\\..\\..\\secret.md', join(root, 'secret.md'), '.', 'notes.txt', '/etc/passwd'])(
    'refuses %s: outside the folder or not a note',
    async (path) => {
      await expect(resolveNotePath(folder, path)).resolves.toEqual({ ok: false, reason: 'outside_folder' });
    },
  );

  it('a note deleted since it was indexed is reported missing', async () => {
    await expect(resolveNotePath(folder, 'guides/gone.md')).resolves.toEqual({ ok: false, reason: 'note_missing' });
  });
});

import { describe, expect, it } from 'vitest';
import { knowledgeDatabase } from '../../../test/support/knowledge/chunks';
import { noteFiles, type Notes } from '../../../test/support/oracle/oracle-kit';
import { indexNotes } from './index-folder';
import { createNoteLinkResolver } from './resolve-note-link';

const NOTES: Notes = {
  'it/vpn.md': '---\ntitle: VPN access\n---\nText.\n',
  'it/printer.md': '# Printer\n\nText.\n',
  'it/setup/printer.md': '# Printer setup\n\nText.\n',
  'office/printer.md': '# Office printer\n\nText.\n',
  'guides/deep/folder/wifi.markdown': '# Wi-Fi\n\nText.\n',
  'POLÍTICA de viajes.md': '# Política de viajes\n\nTexto.\n',
};

async function resolverOver(notes: Notes, collection = 'kb') {
  const db = knowledgeDatabase();
  await indexNotes({ db, collection, files: noteFiles(notes) });
  return createNoteLinkResolver(db);
}

describe('linked notes: links resolve as Obsidian resolves them', () => {
  it('by file name, in any case, wherever the note is', async () => {
    const resolve = await resolverOver(NOTES);
    expect(resolve('kb', 'index.md', 'VPN')).toBe('it/vpn.md');
    expect(resolve('kb', 'index.md', 'WiFi')).toBe('guides/deep/folder/wifi.markdown');
    expect(resolve('kb', 'index.md', 'política DE VIAJES')).toBe('POLÍTICA de viajes.md');
    // Composed or decomposed accents are the same name.
    expect(resolve('kb', 'index.md', 'Poli\u0301tica de viajes')).toBe('POLÍTICA de viajes.md');
  });

  it('by a path from the base or from the linking note, with or without the extension', async () => {
    const resolve = await resolverOver(NOTES);
    expect(resolve('kb', 'index.md', 'it/setup/printer')).toBe('it/setup/printer.md');
    expect(resolve('kb', 'it/index.md', 'setup/printer')).toBe('it/setup/printer.md');
    expect(resolve('kb', 'index.md', 'office/printer.md')).toBe('office/printer.md');
    expect(resolve('kb', 'index.md', 'IT/Setup/Printer')).toBe('it/setup/printer.md');
  });

  it("when several notes share the name: the one in the linking note's folder, else the shortest path", async () => {
    const resolve = await resolverOver(NOTES);
    expect(resolve('kb', 'office/index.md', 'printer')).toBe('office/printer.md');
    expect(resolve('kb', 'it/setup/index.md', 'Printer')).toBe('it/setup/printer.md');
    expect(resolve('kb', 'guides/index.md', 'printer')).toBe('it/printer.md');
  });

  it('by title (front matter or first heading) when no file has that name', async () => {
    const resolve = await resolverOver(NOTES);
    expect(resolve('kb', 'index.md', 'VPN access')).toBe('it/vpn.md');
    expect(resolve('kb', 'index.md', 'printer setup')).toBe('it/setup/printer.md');
  });

  it('to nothing for an unknown note, an empty link, or a note of another collection', async () => {
    const resolve = await resolverOver(NOTES, 'team');
    expect(resolve('team', 'index.md', 'payroll')).toBeNull();
    expect(resolve('team', 'index.md', '.md')).toBeNull();
    expect(resolve('other', 'index.md', 'vpn')).toBeNull();
  });

  it('follows the notes as they are indexed, renamed and removed', async () => {
    const db = knowledgeDatabase();
    await indexNotes({ db, collection: 'kb', files: noteFiles(NOTES) });
    expect(createNoteLinkResolver(db)('kb', 'index.md', 'payroll')).toBeNull();
    const { 'it/vpn.md': _vpn, ...withoutVpn } = NOTES;
    await indexNotes({ db, collection: 'kb', files: noteFiles({ ...withoutVpn, 'hr/payroll.md': '# Payroll\n\nText.\n' }) });
    const resolve = createNoteLinkResolver(db);
    expect(resolve('kb', 'index.md', 'payroll')).toBe('hr/payroll.md');
    expect(resolve('kb', 'index.md', 'VPN access')).toBeNull();
  });
});

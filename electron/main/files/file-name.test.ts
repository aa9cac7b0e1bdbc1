import { describe, expect, it } from 'vitest';
import { safeFileName } from './file-name';

describe('SEC-7: the name a save dialog suggests', () => {
  it.each([
    ['Captions 2026-12-02 10.30', 'Captions 2026-12-02 10.30'],
    ['Субтитры 2 дек. 2026', 'Субтитры 2 дек. 2026'],
    // A right-to-left override would show "invoice\u202Etxt.exe" as "invoiceexe.txt".
    ['invoice\u202Etxt.exe', 'invoicetxt.exe'],
    ['a\u202Ab\u202Bc\u202Cd\u202De\u2066f\u2067g\u2068h\u2069i\u200Ej\u200Fk\u061Cl', 'abcdefghijkl'],
    ['Captions\nfrom\tthe\u0000meeting\u0007\u2028', 'Captions from themeeting'],
    ['../../.ssh/authorized_keys', '-..-.ssh-authorized_keys'],
    ['C:\\Users\\ana\\Startup\\run', 'C--Users-ana-Startup-run'],
    ['Notes 10/12: "draft" <v2> | final?*', 'Notes 10-12- -draft- -v2- - final--'],
    ['.bashrc', 'bashrc'],
    ['\u202E..\u202C', ''],
  ])('%j becomes %j', (name, safe) => {
    expect(safeFileName(name)).toBe(safe);
  });
});

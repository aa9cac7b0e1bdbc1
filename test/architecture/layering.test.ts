import { ESLint } from 'eslint';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const eslint = new ESLint({ cwd: root });

/** The import rules ESLint reports for `source` as if it were the file at `path` (nothing is written). */
async function refusedImports(path: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: join(root, path) });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
}

/** What the per-folder allow-lists refuse in `source` as if it were the file at `path`. */
async function refusedFolders(path: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: join(root, path) });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'architecture/folder-imports').map((message) => message.message);
}

describe('the layers, enforced by the lint by folder', () => {
  it('a capability reaches neither the platform adapters, nor a transport, nor the Gemini SDK', async () => {
    const refused = await refusedImports(
      'electron/main/assistant/probe.ts',
      [
        "import type { OpenNoteFile } from '../platform/note-opener';",
        "import type { Content } from '@google/genai';",
        "import { attachWsTransport } from '../../../test/harness/ws-transport';",
        'export type Probe = [OpenNoteFile, Content, typeof attachWsTransport];',
      ].join('\n'),
    );
    expect(refused).toHaveLength(3);
  });

  it('the gateway alone speaks the SDK', async () => {
    expect(await refusedImports('electron/main/gemini/probe.ts', "import type { Content } from '@google/genai';\nexport type P = Content;")).toEqual([]);
  });

  it('shared/ imports nothing of a runtime, and the renderer none of main', async () => {
    const member = (from: string) => `import type { Member } from '${from}electron/main/auth/member';\nexport type P = Member;`;
    expect(await refusedImports('shared/probe.ts', member('../'))).toHaveLength(1);
    expect(await refusedImports('shared/probe.ts', "import { readFileSync } from 'node:fs';\nexport const p = readFileSync;")).toHaveLength(1);
    expect(await refusedImports('renderer/src/probe.ts', member('../../'))).toHaveLength(1);
  });

  it('only the adapters import electron', async () => {
    const source = "import { app } from 'electron';\nexport const p = app;";
    expect(await refusedImports('electron/main/oracle/probe.ts', source)).toHaveLength(1);
    expect(await refusedImports('electron/main/platform/probe.ts', source)).toEqual([]);
  });

  it('a capability imports another only where its allow-list says so: the oracle never reaches the secretary', async () => {
    const secretary = "import type { Secretary } from '../secretary/secretary';\nexport type P = Secretary;";
    expect(await refusedFolders('electron/main/oracle/probe.ts', secretary)).toEqual([
      expect.stringContaining('oracle/ may not import secretary/'),
    ]);
    expect(await refusedFolders('electron/main/voice/probe.ts', "import type { Assistant } from '../assistant/assistant';\nexport type P = Assistant;")).toHaveLength(1);
    // What the list names passes, and so does a test, which may import what it tests from anywhere.
    expect(await refusedFolders('electron/main/secretary/probe.ts', "import type { MailboxPort } from '../mail/mailbox-port';\nexport type P = MailboxPort;")).toEqual([]);
    expect(await refusedFolders('electron/main/oracle/probe.test.ts', secretary)).toEqual([]);
  });

  it('a foundation folder imports no service above it, and a new folder must be placed in the layering first', async () => {
    expect(await refusedFolders('electron/main/gemini/probe.ts', "import type { SecretStore } from '../secrets/secret-store';\nexport type P = SecretStore;")).toEqual([
      expect.stringContaining('gemini/ may not import secrets/'),
    ]);
    expect(await refusedFolders('electron/main/newcomer/probe.ts', "import type { Logger } from '../log/logger';\nexport type P = Logger;")).toEqual([
      expect.stringContaining('newcomer/ has no allow-list'),
    ]);
  });

  it('in the page, a pane never imports another pane, and sound knows no pane', async () => {
    const secretaryPane = "import { SecretaryPane } from '../secretary/secretary-pane';\nexport const P = SecretaryPane;";
    expect(await refusedFolders('renderer/src/oracle/probe.tsx', secretaryPane)).toEqual([
      expect.stringContaining('oracle/ may not import secretary/'),
    ]);
    expect(await refusedFolders('renderer/src/audio/probe.ts', "import { VoicePane } from '../voice/voice-pane';\nexport const P = VoicePane;")).toHaveLength(1);
    // The shell's pane list composes them.
    expect(await refusedFolders('renderer/src/shell/probe.tsx', secretaryPane)).toEqual([]);
  });
});


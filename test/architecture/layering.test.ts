import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const eslint = new ESLint({ cwd: root });

/** The import rules ESLint reports for `source` as if it were the file at `path` (nothing is written). */
async function refusedImports(path: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: join(root, path) });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
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
});

import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { citingFiles, REPO_ROOT, type SourceFile } from '../support/source-files';

/**
 * Comments and docs cite documents for the why behind the code ("docs/audio.md", "docs/external-apis.md, Zoho
 * Mail"). A cited document must be in this repository: one kept elsewhere (the original design page, a reference
 * folder beside the checkout) sends the next engineer nowhere, so what the code relies on is restated in docs/.
 */

/**
 * A document as prose cites it: a path into a folder of documents (`docs/audio.md`, `reference/x.md`, with any
 * `../` before it), a root document in capitals (`CONTRIBUTING.md`), or a Markdown link's target. Note files the
 * tests write (`notes/n1.md`) are data, not citations.
 */
const DOCUMENT_CITATION =
  /(?<![\w/.-])((?:\.{1,2}\/)*(?:docs|reference|design)\/[\w.-]+\.md|(?:\.{1,2}\/)*[A-Z][A-Z_-]*\.md)(?![\w/-])|\]\(([\w./-]+\.md)(?:#[\w-]*)?\)/gu;
/** The design page, which is not in this repository, as comments used to cite it ("DESIGN section 4"). */
const DESIGN_PAGE = /\bDESIGN\b/gu;

/** Each cited Markdown file that exists neither from the root nor beside the citing file, with where it is cited. */
export function missingDocuments(files: readonly SourceFile[], exists: (path: string) => boolean): string[] {
  return files.flatMap((file) =>
    file.text.split('\n').flatMap((text, index) =>
      [...text.matchAll(DOCUMENT_CITATION)]
        .map((match) => (match[1] ?? match[2]) as string)
        .filter((cited) => !exists(cited) && !exists(join(dirname(file.path), cited)))
        .map((cited) => `${file.path}:${index + 1} cites ${cited}`),
    ),
  );
}

export function designCitations(files: readonly SourceFile[]): string[] {
  return files.flatMap((file) =>
    file.text.split('\n').flatMap((text, index) => (DESIGN_PAGE.test(text) ? [`${file.path}:${index + 1}: ${text.trim()}`] : [])),
  );
}

// This file cites missing documents on purpose, to show the check finds them.
const files = citingFiles(['test/docs/doc-citations.test.ts']);
const docs = files.filter((file) => file.path.endsWith('.md'));

/** A path into the code as the docs name it, in backticks: `renderer/src/audio/`, `shared/limits.ts`. */
const CODE_PATH = /`((?:electron|renderer|shared|test|scripts|resources)\/[\w./-]*)`/gu;

/** Each code path a document names that is not in the repository (moved or renamed since). */
export function missingCodePaths(documents: readonly SourceFile[], exists: (path: string) => boolean): string[] {
  return documents.flatMap((file) =>
    file.text.split('\n').flatMap((text, index) =>
      [...text.matchAll(CODE_PATH)]
        .map((match) => match[1] as string)
        .filter((path) => !exists(path))
        .map((path) => `${file.path}:${index + 1} names ${path}`),
    ),
  );
}
const inRepo = (path: string) => existsSync(join(REPO_ROOT, path));

describe('the documents the code cites', () => {
  it('are all in the repository', () => {
    expect(missingDocuments(files, inRepo)).toEqual([]);
  });

  it('name only code that is there: a doc follows the code when it moves', () => {
    expect(missingCodePaths(docs, inRepo)).toEqual([]);
  });

  it('never send the reader to the design page, which is not in the repository', () => {
    expect(designCitations(files)).toEqual([]);
  });
});

describe('the document citation check', () => {
  // Built from pieces so that this file does not cite them itself.
  const elsewhere = ['reference', 'audio.md'].join('/');
  const design = ['DESIGN', 'section 6'].join(' ');

  it('finds a cited document that is not in the repository, and passes those that are', () => {
    const sources = [
      { path: 'shared/a.ts', text: `// docs/audio.md and README.md, a note 'notes/n1.md'\n/** (${elsewhere}) */` },
      { path: 'docs/b.md', text: 'See [the guide](testing.md) and `docs/external-apis.md`, Gemini.' },
    ];
    expect(missingDocuments(sources, inRepo)).toEqual([`shared/a.ts:2 cites ${elsewhere}`]);
  });

  it('finds a code path a document names that is gone', () => {
    const doc = { path: 'docs/d.md', text: 'Code: `renderer/src/audio/` and `renderer/src/gone/x.ts`.' };
    expect(missingCodePaths([doc], inRepo)).toEqual(['docs/d.md:1 names renderer/src/gone/x.ts']);
  });

  it('finds the design page cited by name', () => {
    expect(designCitations([{ path: 'test/c.ts', text: `ok\n// the harness (${design})` }])).toEqual([`test/c.ts:2: // the harness (${design})`]);
  });
});

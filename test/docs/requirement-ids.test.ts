import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { citingFiles, REPO_ROOT, type SourceFile } from '../support/source-files';

/**
 * The requirement ids, seeds and issues that comments and test names cite come from documents outside the
 * repository; docs/requirements.md restates them. A citation it does not define would send the reader nowhere.
 */

const DOC = 'docs/requirements.md';

/**
 * An id as the code writes it: after a space, a bracket, a quote, a comment's `*`, a range's `-` or `..`, never
 * glued to a word, a number or a hex string; no leading zero, so "T07:00" in a timestamp is not one.
 */
const REQUIREMENT_CITATION = /(?<=^|[\s([/,;'"`*.-])[SOGVTD][1-9]\d?(?![\p{L}\p{N}_])/gu;
const ISSUE_CITATION = /\bissue (\d+)\b/giu;
const SEEDS_CITATION = /\bseeds (\d{3})\b/giu;

/** Written like ids, meaning something else. */
const NOT_REQUIREMENTS: ReadonlyMap<string, string> = new Map([['V8', 'the JavaScript engine']]);

interface Citation {
  /** What must be defined: the id, or the number of a seeds document or an issue. */
  name: string;
  /** As written, for the failure message. */
  text: string;
  path: string;
  line: number;
}

/** `pattern` names what it cites by its first group, or by the whole match when it has none. */
function collectCitations(file: SourceFile, pattern: RegExp): Citation[] {
  return file.text.split('\n').flatMap((text, index) =>
    [...text.matchAll(pattern)].map((match) => ({
      name: match[1] ?? match[0],
      text: match[0],
      path: file.path,
      line: index + 1,
    })),
  );
}

function unresolved(files: readonly SourceFile[], pattern: RegExp, defined: ReadonlySet<string>): string[] {
  return files
    .flatMap((file) => collectCitations(file, pattern))
    .filter((citation) => !defined.has(citation.name) && !NOT_REQUIREMENTS.has(citation.name))
    .map((citation) => `${citation.path}:${citation.line} cites ${citation.text}`);
}

function definedNames(doc: string, pattern: RegExp): string[] {
  return [...doc.matchAll(pattern)].map((match) => match[1] as string);
}

const doc = readFileSync(join(REPO_ROOT, DOC), 'utf8');
const requirementIds = definedNames(doc, /^- \*\*([SOGVTD][1-9]\d?)\*\* /gmu);
const issues = new Set(definedNames(doc, /^\| issue (\d+) +\|/gmu));
const seeds = new Set(definedNames(doc, /^\| seeds (\d{3}) +\|/gmu));
// The requirements file is where ids are defined, not cited.
const files = citingFiles([DOC]);

describe('docs/requirements.md', () => {
  it('defines each requirement id once, as a list item led by the id in bold', () => {
    const repeated = requirementIds.filter((id, index) => requirementIds.indexOf(id) !== index);
    expect(repeated).toEqual([]);
    for (const family of ['S', 'O', 'G', 'V', 'T', 'D']) {
      expect(requirementIds.some((id) => id.startsWith(family)), family).toBe(true);
    }
  });

  it('defines every requirement id the code and the docs cite', () => {
    expect(unresolved(files, REQUIREMENT_CITATION, new Set(requirementIds))).toEqual([]);
  });

  it('says what each seeds document the code cites specifies, and what the F0 pass is', () => {
    expect([...seeds].sort()).toEqual(['000', '001', '004']);
    expect(unresolved(files, SEEDS_CITATION, seeds)).toEqual([]);
    expect(doc).toMatch(/^### The F0 pass$/mu);
  });

  it('says what each issue the code cites brought', () => {
    expect(unresolved(files, ISSUE_CITATION, issues)).toEqual([]);
  });
});

describe('the citation collector', () => {
  // Built from pieces so that this file does not cite them itself.
  const bogus = ['S', '16'].join('');
  const unknownIssue = ['issue', '99'].join(' ');

  it('finds ids in the forms the code writes them', () => {
    const text = [
      `// S1: a question, (O4) an answer, O1-O9, S3 to S13, S1..S15`,
      ` * G6's band, [V5], "T2", 'D1', \`G9\`, **O8**, /S2/`,
    ].join('\n');
    const names = collectCitations({ path: 'a.ts', text }, REQUIREMENT_CITATION).map((citation) => citation.name);
    expect(names).toEqual(['S1', 'O4', 'O1', 'O9', 'S3', 'S13', 'S1', 'S15', 'G6', 'V5', 'T2', 'D1', 'G9', 'O8', 'S2']);
  });

  it('leaves alone what only looks like an id', () => {
    const text = [
      'color: #1D5E7F; key 0xG1 or aG1b; at 2026-08-01T07:00:00Z, 04T05-06',
      'SO1 S1x S1_X S100 O0 X9 s1 T2b',
    ].join('\n');
    expect(collectCitations({ path: 'a.ts', text }, REQUIREMENT_CITATION)).toEqual([]);
  });

  it('reports each citation nothing defines, with its file and line', () => {
    const sources = [
      { path: 'electron/a.ts', text: `// S1 and V8's JIT\nconst x = 1; // ${bogus}: made up` },
      { path: 'shared/b.ts', text: `/** (${unknownIssue}) */` },
    ];
    expect(unresolved(sources, REQUIREMENT_CITATION, new Set(['S1']))).toEqual([`electron/a.ts:2 cites ${bogus}`]);
    expect(unresolved(sources, ISSUE_CITATION, new Set(['5']))).toEqual([`shared/b.ts:1 cites ${unknownIssue}`]);
  });
});

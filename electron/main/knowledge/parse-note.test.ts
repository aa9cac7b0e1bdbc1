import { describe, expect, it } from 'vitest';
import { chunkNote, chunkSubject, splitText } from './chunk';
import { parseNote } from './parse-note';

const NOTE = `---
title: Guía de conexión
tags: [correo, "#zoho"]
---
Intro that points to [[Secretary]] and #onboarding.

# Settings

## Zoho Mail

### Connect

Open [[Accounts|the accounts page]] then [[Zoho Mail#Scopes]].

\`\`\`
[[Not a link]] #notatag
\`\`\`

## Gemini

Paste the key. #setup/keys #2024
`;

describe('chunkSubject: what a chunk is about, embedded with its text (issue 15)', () => {
  it("puts the note's title before a heading path that does not start with it", () => {
    expect(chunkSubject('VPN access', 'Install the client')).toBe('VPN access > Install the client');
    expect(chunkSubject('VPN access', 'VPN access > Install the client')).toBe('VPN access > Install the client');
    expect(chunkSubject('VPN access', 'VPN access')).toBe('VPN access');
  });
});

describe('parseNote', () => {
  it.each([
    ['a list', 'aliases: [VPN, "Acceso remoto", VPN]', ['VPN', 'Acceso remoto']],
    ['one name, commas and all', 'aliases: Remote access, home office', ['Remote access, home office']],
    ["Obsidian's older singular key", 'alias: Home office', ['Home office']],
    ['none', 'tags: [it]', []],
  ])("reads the front matter's aliases: %s", (_name, line, aliases) => {
    expect(parseNote(`---\ntitle: Acceso\n${line}\n---\nTexto.\n`, 'a.md').aliases).toEqual(aliases);
  });

  it('reads the title and tags from the front matter and the inline #tags', () => {
    const note = parseNote(NOTE, 'connect.md');
    expect(note.title).toBe('Guía de conexión');
    expect(note.tags).toEqual(['correo', 'zoho', 'onboarding', 'setup/keys']);
  });

  it('falls back to the first H1, then to the file name', () => {
    expect(parseNote('Text\n\n# Main title\n\n## Sub\n', 'x.md').title).toBe('Main title');
    expect(parseNote('## Only a sub\n\ntext', 'folder-note.md').title).toBe('folder-note');
  });

  it('indexes a note whose front matter is broken by its text and file name', () => {
    const note = parseNote('---\ntitle: [unclosed\n---\nBody text', 'broken.md');
    expect(note.title).toBe('broken');
    expect(note.sections.map((section) => section.text)).toEqual(['Body text']);
  });

  it('splits by headings with their full path and keeps wiki-links outside code', () => {
    const sections = parseNote(NOTE, 'connect.md').sections;
    expect(sections.map((section) => section.headingPath.join(' > '))).toEqual([
      '',
      'Settings > Zoho Mail > Connect',
      'Settings > Gemini',
    ]);
    expect(sections[0]?.links).toEqual([{ note: 'Secretary' }]);
    expect(sections[1]?.links).toEqual([{ note: 'Accounts' }, { note: 'Zoho Mail', heading: 'Scopes' }]);
    expect(sections[1]?.text).toContain('[[Not a link]]');
  });
});

describe('chunkNote', () => {
  it('titles chunks by heading path, and text above every heading by the note title', () => {
    const chunks = chunkNote(parseNote(NOTE, 'connect.md'));
    expect(chunks.map((chunk) => chunk.chunkTitle)).toEqual([
      'Guía de conexión',
      'Settings > Zoho Mail > Connect',
      'Settings > Gemini',
    ]);
    expect(chunks[1]?.links).toEqual([{ note: 'Accounts' }, { note: 'Zoho Mail', heading: 'Scopes' }]);
  });

  it('splits a long section into overlapping pieces without cutting words, each with its own links', () => {
    const words = Array.from({ length: 120 }, (_, index) => `word${index}`);
    words.splice(5, 0, '[[Early]]');
    words.push('[[Late]]');
    const note = parseNote(`# Long\n\n${words.join(' ')}\n`, 'long.md');
    const chunks = chunkNote(note, { maxChars: 300, overlapChars: 60 });

    expect(chunks.length).toBeGreaterThan(3);
    for (const chunk of chunks) {
      expect(chunk.chunkTitle).toBe('Long');
      expect(chunk.text.length).toBeLessThanOrEqual(300);
      for (const token of chunk.text.split(' ')) expect(words).toContain(token);
    }
    for (let index = 1; index < chunks.length; index += 1) {
      const previousTail = chunks[index - 1]?.text.split(' ').at(-1) ?? '';
      expect(chunks[index]?.text.split(' ')).toContain(previousTail);
    }
    expect(chunks[0]?.links).toEqual([{ note: 'Early' }]);
    expect(chunks.at(-1)?.links).toEqual([{ note: 'Late' }]);
  });

  it('covers every word of the original text', () => {
    const text = Array.from({ length: 500 }, (_, index) => `w${index}`).join(' ');
    const seen = new Set(splitText(text, { maxChars: 200, overlapChars: 50 }).flatMap((piece) => piece.split(' ')));
    expect(seen.size).toBe(500);
  });
});

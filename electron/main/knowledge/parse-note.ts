import type { Heading, Nodes, Root, RootContent } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { frontmatterFromMarkdown } from 'mdast-util-frontmatter';
import { toString } from 'mdast-util-to-string';
import { frontmatter } from 'micromark-extension-frontmatter';
import { parseDocument } from 'yaml';
import { findWikiLinks, linkKey, type WikiLink } from './wiki-links';

/** The text under one heading (or before the first), as written, with the headings above it. */
export interface NoteSection {
  /** Outermost first: ["Settings", "Zoho Mail", "Connect"]; empty for the text before any heading. */
  readonly headingPath: readonly string[];
  readonly text: string;
  readonly links: readonly WikiLink[];
}

export interface ParsedNote {
  readonly title: string;
  /** Other names of the note (front matter `aliases`, Obsidian's): a question naming one finds the note. */
  readonly aliases: readonly string[];
  readonly tags: readonly string[];
  readonly sections: readonly NoteSection[];
}

// Obsidian's rule: letters, digits, _, -, / and at least one character that is not a digit ("#2024" is no tag).
const INLINE_TAG = /(?:^|\s)#([\p{L}\p{N}_/-]*[\p{L}_/-][\p{L}\p{N}_/-]*)/gu;

// Built once: the parser only reads them, and a vault has thousands of notes to parse with the same options.
const MARKDOWN_OPTIONS = { extensions: [frontmatter(['yaml'])], mdastExtensions: [frontmatterFromMarkdown(['yaml'])] };

/** Reads a Markdown note: title (front matter, else first H1, else the file name), tags and sections. */
export function parseNote(markdown: string, fileName: string): ParsedNote {
  const tree = fromMarkdown(markdown, MARKDOWN_OPTIONS);
  const meta = readFrontMatter(tree);
  const sections = splitSections(tree, markdown);
  const firstH1 = tree.children.find((node): node is Heading => node.type === 'heading' && node.depth === 1);
  const title = meta.title ?? (firstH1 ? toString(firstH1).trim() : '');
  return {
    title: title !== '' ? title : fileName.replace(/\.(md|markdown)$/i, ''),
    aliases: meta.aliases,
    tags: unique([...meta.tags, ...inlineTags(tree)]),
    sections,
  };
}

interface FrontMatter {
  readonly title?: string;
  readonly aliases: string[];
  readonly tags: string[];
}

const NO_FRONT_MATTER: FrontMatter = { aliases: [], tags: [] };

function readFrontMatter(tree: Root): FrontMatter {
  const yamlNode = tree.children.find((node) => node.type === 'yaml');
  if (!yamlNode || yamlNode.type !== 'yaml') return NO_FRONT_MATTER;
  const document = parseDocument(yamlNode.value);
  // A note with broken front matter is still worth indexing by its text.
  if (document.errors.length > 0) return NO_FRONT_MATTER;
  const data: unknown = document.toJS();
  if (typeof data !== 'object' || data === null) return NO_FRONT_MATTER;
  const record = data as Record<string, unknown>;
  const title = typeof record.title === 'string' && record.title.trim() !== '' ? record.title.trim() : undefined;
  const meta = { aliases: frontMatterAliases(record.aliases ?? record.alias), tags: frontMatterTags(record.tags) };
  return title ? { title, ...meta } : meta;
}

/** Obsidian accepts a list or a single name; a name may hold commas, so a string is one alias. */
function frontMatterAliases(value: unknown): string[] {
  const raw = Array.isArray(value) ? value : [value];
  return unique(
    raw
      .filter((alias): alias is string | number => typeof alias === 'string' || typeof alias === 'number')
      .map((alias) => String(alias).trim()),
  );
}

/** Obsidian accepts a list or a string separated by commas or spaces, with or without the leading #. */
function frontMatterTags(value: unknown): string[] {
  const raw = Array.isArray(value) ? value : typeof value === 'string' ? value.split(/[,\s]+/) : [];
  return raw
    .filter((tag): tag is string | number => typeof tag === 'string' || typeof tag === 'number')
    .map((tag) => String(tag).trim().replace(/^#/, ''))
    .filter((tag) => tag !== '');
}

function inlineTags(tree: Root): string[] {
  const tags: string[] = [];
  for (const value of textValues([tree])) for (const match of value.matchAll(INLINE_TAG)) tags.push(match[1] ?? '');
  return tags;
}

function splitSections(tree: Root, markdown: string): NoteSection[] {
  const sections: NoteSection[] = [];
  const headings: Array<{ depth: number; text: string }> = [];
  let body: RootContent[] = [];
  const flush = (): void => {
    const section = sectionOf(body, headings, markdown);
    if (section) sections.push(section);
    body = [];
  };
  for (const node of tree.children) {
    if (node.type === 'yaml') continue;
    if (node.type !== 'heading') {
      body.push(node);
      continue;
    }
    flush();
    while (headings.length > 0 && (headings.at(-1)?.depth ?? 0) >= node.depth) headings.pop();
    headings.push({ depth: node.depth, text: toString(node).trim() });
  }
  flush();
  return sections;
}

function sectionOf(body: readonly RootContent[], headings: ReadonlyArray<{ text: string }>, markdown: string): NoteSection | null {
  const start = body[0]?.position?.start.offset;
  const end = body.at(-1)?.position?.end.offset;
  if (start === undefined || end === undefined) return null;
  const text = markdown.slice(start, end).trim();
  if (text === '') return null;
  // Text nodes only: a [[link]] shown inside a code sample is not a reference.
  const links = textValues(body).flatMap(findWikiLinks);
  return { headingPath: headings.map((heading) => heading.text), text, links: uniqueLinks(links) };
}

/** The plain text runs under some nodes, leaving out code, which is shown rather than meant. */
function textValues(nodes: readonly Nodes[], into: string[] = []): string[] {
  for (const node of nodes) {
    if (node.type === 'text') into.push(node.value);
    else if ('children' in node) textValues(node.children, into);
  }
  return into;
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values.filter((value) => value !== ''))];
}

function uniqueLinks(links: readonly WikiLink[]): WikiLink[] {
  const byKey = new Map(links.map((link) => [linkKey(link), link]));
  return [...byKey.values()];
}

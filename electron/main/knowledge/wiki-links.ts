/** A `[[Note]]`, `[[Note|alias]]` or `[[Note#Heading]]` reference; the alias is display text only. */
export interface WikiLink {
  readonly note: string;
  readonly heading?: string;
}

/** Two links are the same when they point at the same note and heading, whatever their alias. */
export function linkKey(link: WikiLink): string {
  return `${link.note}#${link.heading ?? ''}`;
}

// Obsidian's syntax, which CommonMark leaves as literal text: the parser hands it over untouched.
const WIKI_LINK = /\[\[([^[\]|#]*)(?:#([^[\]|]*))?(?:\|[^[\]]*)?\]\]/g;

/** The wiki-links of a piece of text, each once, in order of first appearance. */
export function findWikiLinks(text: string): WikiLink[] {
  const links: WikiLink[] = [];
  const seen = new Set<string>();
  for (const match of text.matchAll(WIKI_LINK)) {
    const note = (match[1] ?? '').trim();
    const heading = match[2]?.trim();
    // `[[#Heading]]` points inside the same note: no other note to bring in.
    if (note === '') continue;
    const link = heading ? { note, heading } : { note };
    if (seen.has(linkKey(link))) continue;
    seen.add(linkKey(link));
    links.push(link);
  }
  return links;
}

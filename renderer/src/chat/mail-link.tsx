import type { ReactNode } from 'react';
import { isHttpsUrl } from '../ui/open-external';
import './mail-link.css';

/** A message the member can open in Zoho Mail's web app (system browser); plain text when the link is not https. */
export function MailLink({ webUrl, onOpen, children }: { webUrl: string; onOpen: (url: string) => void; children: ReactNode }) {
  return isHttpsUrl(webUrl) ? (
    <button type="button" className="mail-link" onClick={() => onOpen(webUrl)}>
      {children}
    </button>
  ) : (
    <span className="mail-link">{children}</span>
  );
}

/**
 * A sender, a subject or a date in a MailLink. A mail's sender and subject are often in another script than the
 * UI (a Spanish subject in the Arabic UI): <bdi> gives each run the direction of its own text and keeps the
 * neighbouring runs' from mixing with it, and the box (mail-link.css) keeps it whole when the line wraps.
 */
export function MailRun({ className, title, children }: { className: string; title?: string | undefined; children: ReactNode }) {
  return (
    <bdi className={`mail-run ${className}`} title={title}>
      {children}
    </bdi>
  );
}

import type { ReactNode } from 'react';
import { isHttpsUrl } from '../ui/open-external';

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

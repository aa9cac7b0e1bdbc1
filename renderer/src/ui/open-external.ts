import { useCallback, useState } from 'react';
import { useApi } from '../api';
import { errorNotice, type Notice } from './notice';

/** Only https links leave the app (docs/architecture.md, Security); main parses and checks each one again. */
export function isHttpsUrl(url: string): boolean {
  return httpsUrl(url) !== null;
}

/** The link parsed, when it is one the app may open (https); null for anything else. */
export function httpsUrl(url: string): URL | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * Opens an https link in the system browser through main, never in the app window. When main cannot open it, the
 * reason is kept as a notice for the caller to show where the member clicked.
 */
export function useOpenExternal(): { open: (url: string) => void; notice: Notice | null } {
  const api = useApi();
  const [notice, setNotice] = useState<Notice | null>(null);
  const open = useCallback(
    (url: string) => {
      setNotice(null);
      void api.app.openExternal({ url }).then((result) => {
        if (!result.ok) setNotice(errorNotice(result.error));
      });
    },
    [api],
  );
  return { open, notice };
}

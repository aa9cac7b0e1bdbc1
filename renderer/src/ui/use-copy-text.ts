import { useCallback } from 'react';
import { useApi } from '../api';
import { errorNotice, type Notice } from './notice';
import { useTransientNotice } from './use-notice';

/**
 * Puts a text on the system clipboard through main (the sandboxed page is granted no clipboard of its own), and
 * keeps what came of it as a notice for the caller to show: `copied` in the member's words, for a few seconds, or
 * why not.
 */
export function useCopyText(copied: string): { copy: (text: string) => void; notice: Notice | null } {
  const api = useApi();
  const [notice, setNotice] = useTransientNotice();
  const copy = useCallback(
    (text: string) => {
      setNotice(null);
      void api.app.copyText({ text }).then((result) => setNotice(result.ok ? { tone: 'success', message: copied } : errorNotice(result.error)));
    },
    [api, copied, setNotice],
  );
  return { copy, notice };
}

import { useCallback, useState } from 'react';
import { useApi } from '../api';
import { errorNotice, type Notice } from './notice';

/**
 * Opens a source note through main (in Obsidian when it is installed, else the system's app for Markdown). When it
 * cannot (the note was moved, no app opens Markdown), the reason is kept as a notice to show beside the sources.
 */
export function useOpenNote(): { open: (path: string) => void; notice: Notice | null } {
  const api = useApi();
  const [notice, setNotice] = useState<Notice | null>(null);
  const open = useCallback(
    (path: string) => {
      setNotice(null);
      void api.oracle.openNote({ path }).then((result) => {
        if (!result.ok) setNotice(errorNotice(result.error));
      });
    },
    [api],
  );
  return { open, notice };
}

import { useState, type ReactNode } from 'react';

/**
 * A pane that can be left and come back to, as the shell does when the member picks another pane: a "Switch pane"
 * button unmounts the children and mounts them again. What must survive lives in the providers above.
 */
export function PaneSwitch({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setShown(!shown)}>
        Switch pane
      </button>
      {shown && children}
    </>
  );
}

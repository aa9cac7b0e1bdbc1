import { useId, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';

interface ProfileModalProps {
  readonly title: string;
  /** What takes the keyboard when the dialog opens. */
  readonly initialFocus: RefObject<HTMLElement | null>;
  /** Escape: the dialog's own way out, which may be to wait. */
  readonly onEscape: () => void;
  readonly children: ReactNode;
}

/** The profile's modal dialog: opened before the first paint with the keyboard in it, Escape handed to its owner. */
export function ProfileModal({ title, initialFocus, onEscape, children }: ProfileModalProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const headingId = useId();

  useLayoutEffect(() => {
    const element = dialog.current!;
    element.showModal();
    initialFocus.current?.focus();
    return () => element.close();
    // Opened once: what takes the focus first is decided when it opens.
  }, []);

  return (
    <dialog
      ref={dialog}
      className="modal-dialog profile-dialog"
      aria-labelledby={headingId}
      onCancel={(event) => {
        // Closed by React, which hands the focus back, rather than by the browser on its own.
        event.preventDefault();
        onEscape();
      }}
    >
      <h2 id={headingId}>
        <bdi>{title}</bdi>
      </h2>
      {children}
    </dialog>
  );
}

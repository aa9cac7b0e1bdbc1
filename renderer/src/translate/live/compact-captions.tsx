import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaptionLine } from '../../../../shared/captions';
import { CaptionList } from './caption-list';
import type { CaptionLanguages } from './caption-runner';

interface CompactCaptionsProps {
  readonly lines: readonly CaptionLine[];
  readonly languages: CaptionLanguages | null;
  readonly speakers: boolean;
  /** What the session is doing ("Listening."), said above the captions. */
  readonly status: string;
  readonly onRetry: (id: string) => void;
  /** Escape, the Leave button, or Escape out of full screen: the pane takes the focus back. */
  readonly onLeave: () => void;
}

/**
 * Captions on a shared screen (issue 26): the lines alone, in large text, over the whole window, the newest always
 * in view; it may fill the screen. A modal dialog, so the pane behind it is out of reach (and its announcements
 * silent) while it is shown, and Escape leaves it. Escape in full screen leaves both: the browser takes that key to
 * end full screen, so the end of full screen the member did not ask for through the button leaves the view too.
 */
export function CompactCaptions({ lines, languages, speakers, status, onRetry, onLeave }: CompactCaptionsProps) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  // What fills the screen: a dialog itself may not (the Fullscreen API refuses one), its content may.
  const frame = useRef<HTMLDivElement>(null);
  const leave = useRef(onLeave);
  const exitingOnPurpose = useRef(false);
  const [fullScreen, setFullScreen] = useState(false);
  const [refused, setRefused] = useState(false);

  useEffect(() => {
    leave.current = onLeave;
  }, [onLeave]);

  // Open before the first paint: the pane is never seen between the press and the view.
  useLayoutEffect(() => {
    const element = dialog.current!;
    const screen = frame.current!;
    element.showModal();
    const owner = element.ownerDocument;
    const onChange = () => {
      const now = owner.fullscreenElement === screen;
      setFullScreen(now);
      if (!now && !exitingOnPurpose.current) leave.current();
      exitingOnPurpose.current = false;
    };
    owner.addEventListener('fullscreenchange', onChange);
    return () => {
      owner.removeEventListener('fullscreenchange', onChange);
      if (owner.fullscreenElement === screen) void owner.exitFullscreen().catch(() => undefined);
      element.close();
    };
  }, []);

  function toggleFullScreen() {
    const screen = frame.current!;
    const owner = screen.ownerDocument;
    setRefused(false);
    if (owner.fullscreenElement === screen) {
      exitingOnPurpose.current = true;
      void owner.exitFullscreen().catch(() => (exitingOnPurpose.current = false));
    } else {
      // Refused where the page may not fill the screen (a policy, a window that cannot): the view stays as it is.
      screen.requestFullscreen().catch(() => setRefused(true));
    }
  }

  return (
    <dialog
      ref={dialog}
      className="caption-compact"
      aria-label={t('translate.live.compact.label')}
      onCancel={(event) => {
        // Closed by React, with the focus handed back, rather than by the browser on its own.
        event.preventDefault();
        leave.current();
      }}
    >
      <div ref={frame} className="caption-compact-frame">
        <div className="caption-compact-bar">
          <p className="muted">{status}</p>
          {refused && <p className="translate-problem">{t('translate.live.compact.fullScreenRefused')}</p>}
          <div className="actions">
            <button type="button" onClick={toggleFullScreen}>
              {t(fullScreen ? 'translate.live.compact.exitFullScreen' : 'translate.live.compact.fullScreen')}
            </button>
            <button type="button" aria-keyshortcuts="Escape" onClick={() => leave.current()}>
              {t('translate.live.compact.leave')}
            </button>
          </div>
        </div>
        <CaptionList lines={lines} languages={languages} large speakers={speakers} onRetry={onRetry} />
      </div>
    </dialog>
  );
}

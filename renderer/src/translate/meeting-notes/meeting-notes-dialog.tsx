import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../../../shared/lang';
import { MEETING_NOTES } from '../../../../shared/limits';
import type { MeetingDraft } from '../../../../shared/meeting-notes';
import type { AppError } from '../../../../shared/result';
import { useApi } from '../../api';
import { isolated } from '../../ui/bidi-isolate';
import { CopyDiagnostics } from '../../ui/copy-diagnostics';
import { waitEnd } from '../../ui/countdown';
import { offersDiagnostics } from '../../ui/error-text';
import { LiveWait } from '../../ui/live-wait';
import { errorNotice, NoticeRegion, type Notice } from '../../ui/notice';
import { useErrorText } from '../../ui/use-error-text';
import { useFocusAfterRender } from '../../ui/use-focus-after-render';
import { useOpenNote } from '../../ui/use-open-note';
import { MailDraft } from './mail-draft';
import type { MeetingTranscript } from './meeting-request';
import './meeting-notes.css';

type Stage =
  | { readonly kind: 'drafting' }
  /** `at`: when the refusal came (epoch ms), which a wait it asks for counts from. */
  | { readonly kind: 'failed'; readonly error: AppError; readonly at: number }
  | { readonly kind: 'editing'; readonly saving: boolean }
  | { readonly kind: 'saved'; readonly path: string };

interface MeetingNotesDialogProps {
  readonly transcript: MeetingTranscript;
  /** The UI language when the dialog opened: the notes are written in it. */
  readonly language: Lang;
  /** The dialog is done with (closed, cancelled, discarded): the page takes the focus back. */
  readonly onClose: () => void;
}

/**
 * A meeting's notes (issue 27): the model drafts them from the final lines, in the member's UI language; the member
 * edits the title and the Markdown, then saves them into the knowledge base or discards them. Nothing of the meeting
 * is stored until Save. A modal dialog: Escape leaves it, after asking when the draft was edited.
 */
export function MeetingNotesDialog({ transcript, language, onClose }: MeetingNotesDialogProps) {
  const { t } = useTranslation();
  const api = useApi();
  const dialog = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  const titleId = useId();
  const textId = useId();
  const confirmId = useId();
  const [stage, setStage] = useState<Stage>({ kind: 'drafting' });
  const [drafted, setDrafted] = useState<MeetingDraft>({ title: '', text: '' });
  const [draft, setDraft] = useState<MeetingDraft>({ title: '', text: '' });
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const asked = useRef<string | null>(null);
  const note = useOpenNote();
  const targets = {
    title: useRef<HTMLInputElement>(null),
    keep: useRef<HTMLButtonElement>(null),
    open: useRef<HTMLButtonElement>(null),
    retry: useRef<HTMLButtonElement>(null),
  };
  const focusAfterRender = useFocusAfterRender(targets);
  const edited = draft.title !== drafted.title || draft.text !== drafted.text;

  const write = useCallback(async () => {
    const requestId = crypto.randomUUID();
    asked.current = requestId;
    setStage({ kind: 'drafting' });
    const result = await api.meetings.draft({ requestId, meeting: transcript.meeting, lines: [...transcript.lines], language });
    // Cancelled, or the dialog closed: nothing more to show.
    if (asked.current !== requestId) return;
    asked.current = null;
    if (!result.ok) {
      setStage({ kind: 'failed', error: result.error, at: Date.now() });
      focusAfterRender('retry');
      return;
    }
    setDrafted(result.value);
    setDraft(result.value);
    setStage({ kind: 'editing', saving: false });
    focusAfterRender('title');
  }, [api, transcript, language, focusAfterRender]);

  // The notes are asked for when the dialog opens (what it was opened with stays the same while it is open);
  // leaving before they come cancels them in main.
  useEffect(() => {
    void write();
    return () => {
      const requestId = asked.current;
      asked.current = null;
      if (requestId !== null) void api.meetings.cancelDraft({ requestId });
    };
  }, [api, write]);

  // Open before the first paint: the page is never seen between the press and the dialog.
  useLayoutEffect(() => {
    const element = dialog.current!;
    element.showModal();
    return () => element.close();
  }, []);

  function cancelDraft() {
    const requestId = asked.current;
    asked.current = null;
    if (requestId !== null) void api.meetings.cancelDraft({ requestId });
    onClose();
  }

  /** Discard, Escape or Close: an edited draft is given up only once the member confirms it. */
  function leave() {
    if (stage.kind === 'drafting') return cancelDraft();
    // The notes are on their way into the knowledge base: what became of them is said first.
    if (stage.kind === 'editing' && stage.saving) return;
    if (stage.kind === 'editing' && edited) {
      setConfirming(true);
      focusAfterRender('keep');
      return;
    }
    onClose();
  }

  /** Why the notes cannot be kept as they are, in the member's words; null when they can. */
  function problem(): string | null {
    if (draft.title.trim() === '') return t('translate.meetingNotes.needTitle');
    if (draft.text.trim() === '') return t('translate.meetingNotes.needText');
    return null;
  }

  async function save() {
    const refused = problem();
    if (refused !== null) {
      setNotice({ tone: 'error', message: refused });
      return;
    }
    setNotice(null);
    setStage({ kind: 'editing', saving: true });
    const result = await api.meetings.save({ title: draft.title.trim(), text: draft.text.trim(), meeting: transcript.meeting });
    if (!result.ok) {
      // The draft stays as the member left it, to try again.
      setStage({ kind: 'editing', saving: false });
      setNotice(errorNotice(result.error));
      return;
    }
    setStage({ kind: 'saved', path: result.value.path });
    focusAfterRender('open');
  }

  return (
    <dialog
      ref={dialog}
      className="modal-dialog meeting-notes"
      aria-labelledby={headingId}
      aria-busy={stage.kind === 'drafting'}
      onCancel={(event) => {
        // Closed by React, with the focus handed back, rather than by the browser on its own.
        event.preventDefault();
        leave();
      }}
    >
      <h2 id={headingId}>{t('translate.meetingNotes.heading')}</h2>

      {stage.kind === 'drafting' && (
        <>
          <p role="status">{t('translate.meetingNotes.drafting')}</p>
          <div className="actions">
            <button type="button" onClick={cancelDraft}>
              {t('common.cancel')}
            </button>
          </div>
        </>
      )}

      {stage.kind === 'failed' && (
        <>
          <DraftFailure error={stage.error} at={stage.at} />
          <div className="actions">
            <button ref={targets.retry} type="button" className="button-primary" onClick={() => void write()}>
              {t('common.retry')}
            </button>
            <button type="button" onClick={onClose}>
              {t('translate.meetingNotes.close')}
            </button>
          </div>
        </>
      )}

      {stage.kind === 'editing' && (
        <>
          <p className="muted">{t('translate.meetingNotes.nothingStored')}</p>
          <div className="meeting-field">
            <label htmlFor={titleId}>{t('translate.meetingNotes.title')}</label>
            <input
              ref={targets.title}
              id={titleId}
              type="text"
              dir="auto"
              value={draft.title}
              maxLength={MEETING_NOTES.titleMaxChars}
              disabled={stage.saving}
              onChange={(event) => setDraft({ ...draft, title: event.target.value })}
            />
          </div>
          <div className="meeting-field meeting-text">
            <label htmlFor={textId}>{t('translate.meetingNotes.text')}</label>
            <textarea
              id={textId}
              dir="auto"
              value={draft.text}
              disabled={stage.saving}
              onChange={(event) => setDraft({ ...draft, text: event.target.value })}
            />
          </div>
          {confirming ? (
            <div role="group" aria-labelledby={confirmId} className="meeting-confirm">
              <p id={confirmId}>{t('translate.meetingNotes.confirmDiscard')}</p>
              <div className="actions">
                <button type="button" className="button-danger" onClick={onClose}>
                  {t('translate.meetingNotes.discard')}
                </button>
                <button
                  ref={targets.keep}
                  type="button"
                  onClick={() => {
                    setConfirming(false);
                    focusAfterRender('title');
                  }}
                >
                  {t('translate.meetingNotes.keepEditing')}
                </button>
              </div>
            </div>
          ) : (
            <div className="actions">
              <button type="button" className="button-primary" disabled={stage.saving} onClick={() => void save()}>
                {t(stage.saving ? 'translate.meetingNotes.saving' : 'translate.meetingNotes.save')}
              </button>
              <button type="button" disabled={stage.saving} onClick={leave}>
                {t('translate.meetingNotes.discard')}
              </button>
            </div>
          )}
          <NoticeRegion notice={notice} />
        </>
      )}

      {stage.kind === 'saved' && (
        <>
          <p role="status" className="meeting-saved">
            {t('translate.meetingNotes.saved', { path: isolated(stage.path) })}
          </p>
          <div className="actions">
            <button ref={targets.open} type="button" className="button-primary" onClick={() => note.open(stage.path)}>
              {t('translate.meetingNotes.openNote')}
            </button>
            <button type="button" onClick={onClose}>
              {t('translate.meetingNotes.close')}
            </button>
          </div>
          <NoticeRegion notice={note.notice} />
        </>
      )}

      {(stage.kind === 'editing' || stage.kind === 'saved') && <MailDraft subject={draft.title} text={draft.text} check={problem} />}
    </dialog>
  );
}

/**
 * Why the notes could not be written, in the app's words, counting down the wait a refusal asked for (G9); a failing
 * part offers Copy diagnostics.
 */
function DraftFailure({ error, at }: { error: AppError; at: number }) {
  const describe = useErrorText();
  const said = describe(error);
  const until = waitEnd(error, at);
  return (
    <>
      <p className="translate-problem" role="alert">
        {said.message}
      </p>
      {/* Outside the alert: the count changes every second, and is read when the member looks for it. */}
      {until !== null ? <LiveWait until={until} /> : said.hint && <p className="muted">{said.hint}</p>}
      {offersDiagnostics(error) && <CopyDiagnostics />}
    </>
  );
}

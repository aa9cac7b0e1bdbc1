import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../../../shared/lang';
import { useLanguage } from '../../i18n/language-context';
import { sessionActive } from '../live/caption-runner';
import type { LiveCaptions } from '../live/use-live-captions';
import { MeetingNotesDialog } from './meeting-notes-dialog';
import { meetingTranscript, type MeetingTranscript } from './meeting-request';
import './meeting-notes.css';

/**
 * "Save meeting notes" beside Stop and Start, once the captions have stopped with final lines (a meeting with no
 * speech offers nothing). When they stop, it is offered once in a polite line beside it; opening the notes (or a new
 * session) ends the offer.
 */
export function SaveMeetingNotes({ captions }: { captions: LiveCaptions }) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const button = useRef<HTMLButtonElement>(null);
  const [opened, setOpened] = useState<{ transcript: MeetingTranscript; language: Lang } | null>(null);
  // The session (by its start) whose offer the member has taken up.
  const [taken, setTaken] = useState<number | null>(null);
  const { status, lines, inputs, languages, sources, startedAt, stoppedAt } = captions;
  const transcript = useMemo(
    () => (sessionActive(status) ? null : meetingTranscript({ inputs, languages, sources, startedAt, stoppedAt }, lines)),
    [status, lines, inputs, languages, sources, startedAt, stoppedAt],
  );
  const offered = transcript !== null && status === 'stopped' && taken !== startedAt;

  function open() {
    if (transcript === null) return;
    setTaken(startedAt);
    setOpened({ transcript, language: lang });
  }

  function close() {
    setOpened(null);
    button.current?.focus();
  }

  return (
    <>
      {transcript !== null && (
        <button ref={button} type="button" aria-haspopup="dialog" onClick={open}>
          {t('translate.meetingNotes.open')}
        </button>
      )}
      <p role="status" className="meeting-notes-offer muted">
        {offered ? t('translate.meetingNotes.offer') : ''}
      </p>
      {opened && <MeetingNotesDialog transcript={opened.transcript} language={opened.language} onClose={close} />}
    </>
  );
}

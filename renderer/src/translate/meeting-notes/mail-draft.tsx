import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MEETING_NOTES } from '../../../../shared/limits';
import type { ZohoStatus } from '../../../../shared/zoho-connection';
import { useApi } from '../../api';
import { errorNotice, NoticeRegion, type Notice } from '../../ui/notice';
import { useOpenExternal } from '../../ui/open-external';
import { useZohoConnect } from '../../ui/use-zoho-connect';
import { ZohoConnectProgress } from '../../ui/zoho-connect-progress';
import { readRecipients } from './recipients';

interface MailDraftProps {
  readonly subject: string;
  readonly text: string;
  /** Says why the notes cannot go as they are (no title, no text), or null when they can. */
  readonly check: () => string | null;
}

type Phase = 'idle' | 'creating' | 'allowing';

/**
 * The notes as a new draft in the member's Zoho mailbox (MN4), offered once a mailbox is connected. The app never
 * sends it. Saving drafts needs Zoho's compose scope, asked for only here, when first used: the consent sentence
 * says why, and "Allow in Zoho" runs the connect flow with it, then creates the draft.
 */
export function MailDraft({ subject, text, check }: MailDraftProps) {
  const { t } = useTranslation();
  const api = useApi();
  const headingId = useId();
  const toId = useId();
  const toHelpId = useId();
  const toProblemId = useId();
  const consentId = useId();
  const [status, setStatus] = useState<ZohoStatus | null>(null);
  const [needsConsent, setNeedsConsent] = useState(false);
  const [to, setTo] = useState('');
  const [toProblem, setToProblem] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const [notice, setNotice] = useState<Notice | null>(null);
  const zoho = useZohoConnect();
  const links = useOpenExternal();
  const toField = useRef<HTMLInputElement>(null);

  useEffect(() => {
    let current = true;
    void api.zoho.status().then((result) => {
      if (!current || !result.ok) return;
      setStatus(result.value);
      setNeedsConsent(!result.value.canDraft);
    });
    return () => {
      current = false;
    };
  }, [api]);

  if (status?.state !== 'connected') return null;

  /** The addresses typed, or null once the problem with them is said at the field. */
  function recipients(): string[] | null {
    const read = readRecipients(to);
    if (read.ok) {
      setToProblem(null);
      return read.to;
    }
    setToProblem(
      read.problem === 'bad'
        ? t('translate.meetingNotes.mail.badAddress', { address: read.address })
        : t('translate.meetingNotes.mail.tooMany', { max: MEETING_NOTES.recipientsMax }),
    );
    toField.current?.focus();
    return null;
  }

  async function create(addresses: string[]) {
    setPhase('creating');
    const result = await api.meetings.mailDraft({ subject: subject.trim(), text: text.trim(), to: addresses });
    setPhase('idle');
    if (result.ok) {
      setNotice({ tone: 'success', message: t('translate.meetingNotes.mail.created') });
    } else if (result.error.reason === 'zoho_compose_scope') {
      setNeedsConsent(true);
      setNotice(null);
    } else {
      setNotice(errorNotice(result.error));
    }
  }

  function start() {
    setNotice(null);
    const problem = check();
    if (problem !== null) {
      setNotice({ tone: 'error', message: problem });
      return;
    }
    const addresses = recipients();
    if (addresses === null) return;
    if (!needsConsent) {
      void create(addresses);
      return;
    }
    setPhase('allowing');
    zoho.connect(
      { method: 'device', compose: true },
      {
        onDone: () => {
          setNeedsConsent(false);
          void create(addresses);
        },
        onError: (error) => {
          setPhase('idle');
          setNotice(errorNotice(error));
        },
      },
    );
  }

  function cancelAllow() {
    zoho.cancel();
    setPhase('idle');
    setNotice({ tone: 'info', message: t('settings.zoho.mailbox.cancelled') });
  }

  return (
    <section className="meeting-mail" aria-labelledby={headingId} aria-busy={phase !== 'idle'}>
      <h3 id={headingId}>{t('translate.meetingNotes.mail.heading')}</h3>
      <div className="meeting-field">
        <label htmlFor={toId}>{t('translate.meetingNotes.mail.to')}</label>
        <input
          ref={toField}
          id={toId}
          type="text"
          inputMode="email"
          dir="ltr"
          autoComplete="email"
          value={to}
          aria-invalid={toProblem !== null}
          aria-describedby={toProblem === null ? toHelpId : `${toProblemId} ${toHelpId}`}
          disabled={phase !== 'idle'}
          onChange={(event) => {
            setTo(event.target.value);
            setToProblem(null);
          }}
        />
        {toProblem !== null && (
          <p id={toProblemId} className="meeting-field-error">
            {toProblem}
          </p>
        )}
        <p id={toHelpId} className="muted">
          {t('translate.meetingNotes.mail.toHelp')}
        </p>
      </div>
      <p className="muted">{t('translate.meetingNotes.mail.neverSent')}</p>
      {needsConsent && <p id={consentId}>{t('translate.meetingNotes.mail.consent')}</p>}
      {zoho.connecting && (
        <div aria-live="polite">
          <ZohoConnectProgress connecting={zoho.connecting} onOpenPage={links.open} />
        </div>
      )}
      <div className="actions">
        {zoho.connecting ? (
          <button type="button" onClick={cancelAllow}>
            {t('common.cancel')}
          </button>
        ) : (
          <button type="button" disabled={phase !== 'idle'} aria-describedby={needsConsent ? consentId : undefined} onClick={start}>
            {t(
              phase === 'creating'
                ? 'translate.meetingNotes.mail.creating'
                : needsConsent
                  ? 'translate.meetingNotes.mail.allow'
                  : 'translate.meetingNotes.mail.create',
            )}
          </button>
        )}
      </div>
      <NoticeRegion notice={notice ?? links.notice} />
    </section>
  );
}

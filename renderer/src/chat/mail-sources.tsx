import { useTranslation } from 'react-i18next';
import type { SecretarySource } from '../../../shared/secretary';
import { dateTimeText } from '../ui/date-time-text';
import { LabelledList } from '../ui/labelled-list';
import { mailSender } from '../ui/mail-sender';
import { MailLink, MailRun } from './mail-link';

/** A message an answer used: who sent it, its subject and date, and where it opens in Zoho Mail. */
export type MailSource = Pick<SecretarySource, 'messageId' | 'from' | 'subject' | 'date' | 'webUrl'>;

/** The messages an answer used; each opens in Zoho Mail's web app, in the system browser. */
export function MailSources({ sources, onOpen }: { sources: readonly MailSource[]; onOpen: (url: string) => void }) {
  const { t, i18n } = useTranslation();
  if (sources.length === 0) return null;
  return (
    <LabelledList
      label={t('chat.mailSources')}
      className="answer-sources"
      labelClassName="answer-sources-label"
      listClassName="stack-list"
    >
      {sources.map((source) => {
        // The name is what a member recognises; the address stays a hover away for whoever needs it.
        const sender = mailSender(source.from);
        const text = (
          <>
            <MailRun className="mail-from" title={sender.address ?? undefined}>
              {sender.name}
            </MailRun>
            {' · '}
            <MailRun className="mail-subject">{source.subject || t('chat.noSubject')}</MailRun>
            {' · '}
            <MailRun className="mail-date">{dateTimeText(source.date, i18n.language)}</MailRun>
          </>
        );
        return (
          <li key={source.messageId}>
            <MailLink webUrl={source.webUrl} onOpen={onOpen}>
              {text}
            </MailLink>
          </li>
        );
      })}
    </LabelledList>
  );
}

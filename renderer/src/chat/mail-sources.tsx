import { useTranslation } from 'react-i18next';
import type { SecretarySource } from '../../../shared/secretary';
import { dateTimeText } from '../ui/date-time-text';
import { LabelledList } from '../ui/labelled-list';
import { MailLink } from './mail-link';

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
        const text = (
          <>
            <span className="mail-from" dir="auto">{source.from}</span>
            {' · '}
            <span className="mail-subject" dir="auto">{source.subject || t('chat.noSubject')}</span>
            {' · '}
            <span className="mail-date">{dateTimeText(source.date, i18n.language)}</span>
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

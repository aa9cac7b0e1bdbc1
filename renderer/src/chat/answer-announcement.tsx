import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../ui/use-error-text';
import { isUnderway, type Conversation, type Outcome } from './conversation';

/**
 * What a screen reader hears of a conversation's answers: each one once, whole, when it ends (answered, stopped or
 * failed), in a hidden polite log, as the captions do. The answers on screen are kept out of any live region (they
 * grow chunk by chunk while they stream, and each chunk would be read out on its own). Only a question that ended
 * while this was shown is announced: answers already there when the pane opens, or brought back, are not read again.
 */
export function AnswerAnnouncement<A, P>({ conversation }: { conversation: Conversation<A, P> }) {
  const { t } = useTranslation();
  const describe = useErrorText();
  const { exchanges } = conversation;
  const underway = exchanges.filter((exchange) => isUnderway(exchange.outcome)).map((exchange) => exchange.id);
  const [seen, setSeen] = useState<{ underway: readonly string[]; ended: string | null }>({ underway, ended: null });
  // Adjusting state while rendering (React's pattern for state that follows a prop): the announcement is in the
  // same commit as the answer's end.
  if (underway.join() !== seen.underway.join()) {
    const ended = exchanges.findLast((exchange) => seen.underway.includes(exchange.id) && !isUnderway(exchange.outcome));
    setSeen({ underway, ended: ended?.id ?? seen.ended });
  }
  const ended = exchanges.find((exchange) => exchange.id === seen.ended);

  function textOf(outcome: Outcome<A, P>): string {
    switch (outcome.kind) {
      case 'answered':
        return conversation.answerText(outcome.answer);
      case 'degraded':
        return `${t('chat.degraded')} ${conversation.answerText(outcome.answer)}`;
      case 'cancelled':
        return t('chat.cancelled');
      case 'failed':
        return describe(outcome.error).message;
      default:
        return '';
    }
  }

  const text = ended ? textOf(ended.outcome).trim() : '';
  return (
    <div className="visually-hidden" role="log" aria-label={t('chat.announcements')}>
      {ended && text !== '' && (
        <p key={ended.id} dir="auto">
          {text}
        </p>
      )}
    </div>
  );
}

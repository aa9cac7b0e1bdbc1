import { useTranslation } from 'react-i18next';

interface ClearedNoticeProps {
  /** New conversation cleared a conversation that can still be brought back. */
  readonly restorable: boolean;
  readonly onRestore: () => void;
  readonly onDismiss: () => void;
}

/**
 * "Conversation cleared · Undo": New conversation is one click away from the question box, so what it clears can be
 * brought back until the next question, or until the member dismisses the offer. No timer takes it away: the
 * member has as long as they need to find the button (WCAG 2.2.1).
 */
export function ClearedNotice({ restorable, onRestore, onDismiss }: ClearedNoticeProps) {
  const { t } = useTranslation();
  return (
    <div className="chat-cleared">
      {/* Always in the page, so that the sentence is announced when it appears. */}
      <p className="chat-cleared-text" role="status">
        {restorable ? t('chat.cleared') : null}
      </p>
      {restorable && (
        <>
          <button type="button" className="button-small" onClick={onRestore}>
            {t('chat.undo')}
          </button>
          <button type="button" className="button-small button-quiet" onClick={onDismiss}>
            {t('chat.dismiss')}
          </button>
        </>
      )}
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import type { OracleAnswer } from '../../../shared/oracle';
import { AnswerFooter } from '../chat/answer-footer';
import { AnswerMarkdown } from '../chat/answer-markdown';
import { NoteSources } from '../chat/note-sources';
import type { OpenPane } from '../navigation/pane-id';

interface OracleAnswerViewProps {
  readonly answer: OracleAnswer;
  readonly onOpenNote: (path: string) => void;
  readonly onOpenLink: (url: string) => void;
  readonly openPane: OpenPane;
  readonly onCopy: (text: string) => void;
}

/**
 * One oracle answer, by how it came about: written from the notes (with how many passages are listed, how many more
 * the model read and, in keyword search, that it was one); O4's honest "nothing clear" with its weak hints, set apart so it is never read as an answer;
 * or, without a Gemini key, the matching notes and the way to add the key.
 */
export function OracleAnswerView({ answer, onOpenNote, onOpenLink, openPane, onCopy }: OracleAnswerViewProps) {
  const { t } = useTranslation();
  const unlisted = answer.chunks_used - answer.sources.length;
  switch (answer.kind) {
    case 'answer':
      return (
        <>
          <AnswerMarkdown text={answer.answer} onOpenLink={onOpenLink} />
          <NoteSources sources={answer.sources} label={t('oracle.sources.answer')} onOpen={onOpenNote} />
          <AnswerFooter
            model={answer.model}
            durationMs={answer.duration_ms}
            details={[
              t('oracle.answer.used', { count: answer.sources.length }),
              // The model read more than is listed (O5): say so rather than count what the member cannot see.
              ...(unlisted > 0 ? [t('oracle.answer.unlisted', { count: unlisted })] : []),
              ...(answer.mode === 'lexical' ? [t('oracle.answer.lexical')] : []),
            ]}
            text={answer.answer}
            onCopy={onCopy}
          />
        </>
      );
    case 'honest':
      return (
        <div className="answer-honest">
          <p className="oracle-badge oracle-badge-muted">{t('oracle.answer.honest')}</p>
          <AnswerMarkdown text={answer.answer} onOpenLink={onOpenLink} />
          <NoteSources sources={answer.sources} label={t('oracle.sources.hints')} onOpen={onOpenNote} />
        </div>
      );
    case 'sources_only':
      return (
        <>
          <p className="oracle-badge">{t('oracle.answer.sourcesOnly')}</p>
          <AnswerMarkdown text={answer.answer} onOpenLink={onOpenLink} />
          <div className="actions">
            <button type="button" onClick={() => openPane('settings', { section: 'gemini' })}>
              {t('oracle.answer.addKey')}
            </button>
          </div>
          <NoteSources sources={answer.sources} label={t('oracle.sources.matches')} onOpen={onOpenNote} />
        </>
      );
  }
}

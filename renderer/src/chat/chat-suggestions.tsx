import { useTranslation } from 'react-i18next';
import { LabelledList } from '../ui/labelled-list';

/**
 * What an empty conversation offers to get the first question going: example questions the pane knows are
 * answered, asked with one click, or a one-line tip on how to ask when no example would be right.
 */
export type ChatSuggestions =
  | { readonly kind: 'questions'; readonly questions: readonly string[] }
  | { readonly kind: 'tip'; readonly text: string };

interface ChatSuggestionsViewProps {
  readonly suggestions: ChatSuggestions;
  readonly onAsk: (question: string) => void;
}

/** "Try asking", then each example as a button: a click (or Enter) asks it straight away. */
export function ChatSuggestionsView({ suggestions, onAsk }: ChatSuggestionsViewProps) {
  const { t } = useTranslation();

  if (suggestions.kind === 'tip') return <p className="chat-tip">{suggestions.text}</p>;
  return (
    <LabelledList
      label={t('chat.tryAsking')}
      className="chat-suggestions"
      labelClassName="chat-suggestions-label"
      listClassName="chat-suggestion-list"
    >
      {suggestions.questions.map((question) => (
        <li key={question}>
          <button type="button" className="chat-suggestion" dir="auto" onClick={() => onAsk(question)}>
            {question}
          </button>
        </li>
      ))}
    </LabelledList>
  );
}

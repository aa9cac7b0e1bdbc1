import { createContext, use, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useSessionOwner } from '../auth/use-session-owner';
import type { LanguageChoice } from './language-choice';
import { useTextTranslation } from './use-text-translation';

export interface TextTranslationSession {
  readonly choice: LanguageChoice;
  choose(next: LanguageChoice): void;
  /** The text being written, kept as it was when the member looks elsewhere. */
  readonly text: string;
  setText(text: string): void;
  readonly translation: ReturnType<typeof useTextTranslation>;
}

const TextTranslationContext = createContext<TextTranslationSession | null>(null);
const NOTHING_CHOSEN: LanguageChoice = { from: null, to: null };

interface Held {
  /** useSessionOwner's number for the member it belongs to. */
  readonly owner: number;
  readonly choice: LanguageChoice;
  readonly text: string;
}

/**
 * The Translate pane's text, languages and translation, held above the panes like the conversations: a visit to
 * another pane finds them again (a translation on its way arrives meanwhile). In memory only; each member starts
 * afresh, so nothing of one member's text is shown to the next.
 */
export function TextTranslationProvider({ children }: { children: ReactNode }) {
  const owner = useSessionOwner();
  const [held, setHeld] = useState<Held>({ owner, choice: NOTHING_CHOSEN, text: '' });
  // Adjusting state while rendering (React's pattern for state that follows a prop): nothing stale is ever shown.
  if (held.owner !== owner) setHeld({ owner, choice: NOTHING_CHOSEN, text: '' });
  const translation = useTextTranslation();
  const { clear } = translation;
  useEffect(() => clear(), [owner, clear]);

  const session = useMemo(
    () => ({
      choice: held.choice,
      choose: (choice: LanguageChoice) => setHeld((current) => ({ ...current, choice })),
      text: held.text,
      setText: (text: string) => setHeld((current) => ({ ...current, text })),
      translation,
    }),
    [held, translation],
  );
  return <TextTranslationContext value={session}>{children}</TextTranslationContext>;
}

export function useTextTranslationSession(): TextTranslationSession {
  const session = use(TextTranslationContext);
  if (!session) throw new Error('The text translation needs a <TextTranslationProvider> above it (see AppProviders).');
  return session;
}

import { createContext, use, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useAuth } from '../auth/auth-context';
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
  readonly member: string | null;
  readonly choice: LanguageChoice;
  readonly text: string;
}

/**
 * The Translate pane's text, languages and translation, held above the panes like the conversations: a visit to
 * another pane finds them again (a translation on its way arrives meanwhile). In memory only; each member starts
 * afresh, so nothing of one member's text is shown to the next.
 */
export function TextTranslationProvider({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const member = status?.state === 'signed_in' ? status.email : null;
  const [held, setHeld] = useState<Held>({ member, choice: NOTHING_CHOSEN, text: '' });
  // Adjusting state while rendering (React's pattern for state that follows a prop): nothing stale is ever shown.
  if (held.member !== member) setHeld({ member, choice: NOTHING_CHOSEN, text: '' });
  const translation = useTextTranslation();
  const { clear } = translation;
  useEffect(() => clear(), [member, clear]);

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

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpenPane } from '../navigation/pane-id';
import { settingsSectionFor } from '../navigation/settings-sections';
import { CopyDiagnostics } from '../ui/copy-diagnostics';
import { offersDiagnostics } from '../ui/error-text';
import { LiveWait } from '../ui/live-wait';
import { useErrorText } from '../ui/use-error-text';
import { askAgainFrom, type Outcome } from './conversation';

interface OutcomeViewProps<A, P> {
  readonly outcome: Outcome<A, P>;
  /** What the pane says while main works on the question ("Looking through your mailbox…"). */
  readonly pendingText: string;
  readonly openPane: OpenPane;
  /** The answer, as the pane shows its own kind of answer. */
  readonly children: (answer: A) => ReactNode;
  /** What has arrived of an answer still streaming, or of one stopped on the way (a pane that streams). */
  readonly renderPartial?: (partial: P, underway: boolean) => ReactNode;
}

/**
 * The assistant's side of an exchange: working on it, what has arrived so far, the answer (marked when main could
 * only fall back, G3), that the member cancelled it, or why it failed; a stopped answer keeps what had arrived.
 */
export function OutcomeView<A, P = never>({ outcome, pendingText, openPane, children, renderPartial }: OutcomeViewProps<A, P>) {
  const { t } = useTranslation();
  const describe = useErrorText();
  const partial = 'partial' in outcome && outcome.partial !== undefined && renderPartial ? renderPartial(outcome.partial, false) : null;

  switch (outcome.kind) {
    case 'pending':
      return (
        <p className="bubble-working" aria-busy="true">
          {pendingText}
        </p>
      );
    case 'streaming':
      // Unwrapped, so that the answer keeps its elements (and what the member opened in them) once it is done.
      return renderPartial ? (
        renderPartial(outcome.partial, true)
      ) : (
        <p className="bubble-working" aria-busy="true">
          {pendingText}
        </p>
      );
    case 'cancelled':
      return (
        <>
          {partial}
          <p className="muted">{t('chat.cancelled')}</p>
        </>
      );
    case 'answered':
      return children(outcome.answer);
    case 'degraded':
      return (
        <>
          <p className="bubble-badge bubble-badge-warning">{t('chat.degraded')}</p>
          {children(outcome.answer)}
        </>
      );
    case 'failed': {
      const said = describe(outcome.error);
      const waitUntil = askAgainFrom(outcome);
      return (
        <>
          {partial}
          <div className="bubble-error">
            <p>{said.message}</p>
            {waitUntil !== null ? (
              <LiveWait until={waitUntil} />
            ) : (
              said.hint && <p className="muted">{said.hint}</p>
            )}
            {/* Every "set this up first" is done in Settings: the mailbox, the OAuth client, the Gemini key. */}
            {outcome.error.code === 'NOT_CONFIGURED' && (
              <button type="button" onClick={() => openPane('settings', { section: settingsSectionFor(outcome.error) })}>
                {t('chat.openSettings')}
              </button>
            )}
            {offersDiagnostics(outcome.error) && <CopyDiagnostics />}
          </div>
        </>
      );
    }
  }
}

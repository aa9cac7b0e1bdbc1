import { useTranslation } from 'react-i18next';
import type { AssistantDone, AssistantSource } from '../../../shared/assistant';
import type { AssistantLiveDone } from '../../../shared/live-voice';
import { notesByBestRelevance } from '../../../shared/oracle';
import { AnswerFooter } from './answer-footer';
import { AnswerMarkdown } from './answer-markdown';
import type { AssistantPartial } from './assistant-conversation';
import { AssistantSteps } from './assistant-steps';
import { MailSources } from './mail-sources';
import { NoteSources } from './note-sources';

export interface AnswerLinks {
  readonly onOpenLink: (url: string) => void;
  readonly onOpenNote: (path: string) => void;
  readonly onCopy: (text: string) => void;
}

interface AssistantAnswerViewProps extends AnswerLinks {
  /** What has arrived so far, or the whole answer once it is done. */
  readonly answer: AssistantPartial & { readonly done?: AssistantDone };
  /** Still coming: the text grows and more steps may appear. */
  readonly underway: boolean;
}

/** The reasons the pane has words for; any other failure is "it failed". */
const ONE_CALL_REASONS = ['unknown_model', 'network', 'timeout', 'unavailable'] as const;
function oneCallWhy(reason: string): (typeof ONE_CALL_REASONS)[number] | 'other' {
  return (ONE_CALL_REASONS as readonly string[]).includes(reason) ? (reason as (typeof ONE_CALL_REASONS)[number]) : 'other';
}

function notes(sources: readonly AssistantSource[]) {
  return notesByBestRelevance(sources.flatMap((source) => (source.kind === 'note' ? [source] : [])));
}
function mail(sources: readonly AssistantSource[]) {
  return sources.flatMap((source) => (source.kind === 'mail' ? [source] : []));
}

/**
 * One answer of the Assistant, growing as it streams (G8): the tool calls first, as they happened, then the text;
 * once done, whether it was cut short, its sources (notes open the note, mail opens in Zoho), and Copy.
 */
export function AssistantAnswerView({ answer, underway, onOpenLink, onOpenNote, onCopy }: AssistantAnswerViewProps) {
  const { t } = useTranslation();
  const { done } = answer;
  // V1: a recording with no speech in it was not a question; said as such, not as an empty answer.
  if (done?.transcript === '') return <p className="muted">{t('voice.pane.noSpeech')}</p>;
  const live = done && 'path' in done ? (done as AssistantLiveDone) : null;
  const withoutLive = live?.path === 'oneCall' ? (live.pathReason ?? 'other') : answer.withoutLive;
  return (
    <>
      <AssistantSteps steps={answer.steps} onOpenLink={onOpenLink} />
      {answer.text !== '' && <AnswerMarkdown text={answer.text} onOpenLink={onOpenLink} />}
      {underway && (
        <p className="bubble-working" aria-busy="true">
          {answer.listening ? t('voice.pane.listening') : answer.text === '' ? t('assistant.chat.working') : t('assistant.chat.writing')}
        </p>
      )}
      {done?.incomplete && <p className="bubble-badge bubble-badge-warning">{t('assistant.answer.incomplete')}</p>}
      {withoutLive !== undefined && (
        <p className="bubble-badge bubble-badge-note">{t('assistant.answer.oneCall', { why: t(`assistant.answer.oneCallWhy.${oneCallWhy(withoutLive)}`) })}</p>
      )}
      {done && (
        <>
          <NoteSources sources={notes(done.sources)} label={t('assistant.answer.notes')} onOpen={onOpenNote} />
          <MailSources sources={mail(done.sources)} onOpen={onOpenLink} />
          <AnswerFooter
            model={done.model}
            durationMs={done.duration_ms}
            details={live?.path === 'live' ? [t('assistant.answer.live')] : []}
            text={done.answer}
            onCopy={onCopy}
          />
        </>
      )}
    </>
  );
}

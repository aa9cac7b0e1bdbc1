import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { clockTime } from '../../../../shared/caption-export';
import { sameWords, type CaptionLine } from '../../../../shared/captions';
import { useErrorText } from '../../ui/use-error-text';
import type { CaptionLanguages } from './caption-runner';
import { useFollowLive } from './use-follow-live';

/** The translated lines a screen reader announces: the newest ones, whichever order their replies came in. */
const ANNOUNCED_LINES = 10;
const MS_PER_SECOND = 1000;

interface CaptionListProps {
  readonly lines: readonly CaptionLine[];
  readonly languages: CaptionLanguages | null;
  readonly large: boolean;
  /** Both sides of the meeting are captioned: each line says who spoke. */
  readonly speakers: boolean;
  readonly onRetry: (id: string) => void;
}

/**
 * The captions in speaking order, each with its time since the start, the words heard and their translation. The
 * view follows the live end unless the member scrolled up (then "Jump to live" brings it back). The visible lines
 * are not a live region, since they change as they are translated: a hidden log announces each translation once.
 */
export function CaptionList({ lines, languages, large, speakers, onRetry }: CaptionListProps) {
  const { t } = useTranslation();
  const { scroller, content, following, onScroll, jumpToLive } = useFollowLive(lines, large);
  // The Retry pressed goes with its line's failure: the focus stays in the captions.
  const retry = (id: string) => {
    onRetry(id);
    scroller.current?.focus();
  };
  const announced = lines.slice(-ANNOUNCED_LINES).filter((line) => line.status === 'done' && line.translation.trim() !== '');

  return (
    <div className="caption-view">
      <div
        ref={scroller}
        className={large ? 'caption-scroller caption-large' : 'caption-scroller'}
        role="region"
        aria-label={t('translate.live.captions')}
        // Scrolled with the keyboard like any text: the region itself takes the focus.
        tabIndex={0}
        onScroll={onScroll}
      >
        {lines.length === 0 && <p className="muted">{t('translate.live.empty')}</p>}
        <ol ref={content} className="caption-lines">
          {lines.map((line) => (
            <CaptionLineView key={line.id} line={line} languages={languages} speaker={speakers} onRetry={retry} />
          ))}
        </ol>
      </div>
      {!following && lines.length > 0 && (
        <button type="button" className="caption-jump button-primary" onClick={jumpToLive}>
          {t('translate.live.jumpToLive')}
        </button>
      )}
      <div className="visually-hidden" role="log" aria-label={t('translate.live.announcements')}>
        {announced.map((line) => (
          <p key={line.id} lang={languages?.to}>
            {line.translation}
          </p>
        ))}
      </div>
    </div>
  );
}

interface CaptionLineViewProps {
  readonly line: CaptionLine;
  readonly languages: CaptionLanguages | null;
  readonly speaker: boolean;
  readonly onRetry: (id: string) => void;
}

function CaptionLineView({ line, languages, speaker, onRetry }: CaptionLineViewProps) {
  const { t } = useTranslation();
  const describe = useErrorText();
  const failedId = useId();
  const heard = line.transcript.trim() !== '' || line.translation.trim() !== '';
  // Said in the language it is captioned into: its words, once. A line still growing is judged when final, so it
  // does not jump between one text and two while its translation catches up.
  const once = (languages !== null && languages.from === languages.to) || (line.status === 'done' && sameWords(line.transcript, line.translation));
  return (
    <li className={`caption-line caption-${line.status}`} aria-busy={line.status === 'translating' || line.status === 'live'}>
      <div className="caption-when">
        <time className="caption-time" dateTime={`PT${Math.floor(line.startMs / MS_PER_SECOND)}S`}>
          {clockTime(line.startMs)}
        </time>
        {speaker && <span className={`caption-speaker caption-speaker-${line.source}`}>{t(`translate.live.speaker.${line.source}`)}</span>}
      </div>
      <div className="caption-texts">
        {(line.status === 'translating' || (line.status === 'live' && !heard)) && <p className="muted">{t('translate.live.translating')}</p>}
        {(line.status === 'done' || (line.status === 'live' && heard)) &&
          (once ? (
            <p className="caption-translation" lang={languages?.to} dir="auto">
              {line.translation.trim() === '' ? line.transcript : line.translation}
            </p>
          ) : (
            <>
              <p className="caption-original" lang={languages?.from ?? undefined} dir="auto">
                {line.transcript}
              </p>
              <p className="caption-translation" lang={languages?.to} dir="auto">
                {line.translation}
              </p>
            </>
          ))}
        {line.status === 'failed' && (
          <div className="caption-failed">
            <p id={failedId}>
              <span className="caption-problem">{t('translate.live.notTranslated')}</span>{' '}
              {line.error && <span className="muted">{describe(line.error).message}</span>}
            </p>
            <button type="button" className="button-small" aria-describedby={failedId} onClick={() => onRetry(line.id)}>
              {t('common.retry')}
            </button>
          </div>
        )}
      </div>
    </li>
  );
}

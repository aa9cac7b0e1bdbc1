import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CorpusGaps as Gaps } from '../../../shared/oracle';
import type { AppError } from '../../../shared/result';
import { useApi } from '../api';
import { dateTimeText } from '../ui/date-time-text';
import { relevanceText } from '../ui/knowledge-format';
import { RelevanceChart } from './relevance-chart';
import { LoadNotice } from '../ui/load-notice';

type Load = { kind: 'loading' } | { kind: 'failed'; error: AppError } | { kind: 'ready'; gaps: Gaps };

/**
 * O8's corpus-gap signal, for the member: their recent questions whose best passage fell under the floor (topics the
 * notes do not cover yet) and the relevance per day. Read afresh each time the view opens.
 */
export function CorpusGaps() {
  const api = useApi();
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const listId = useId();
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const lang = i18n.language;

  const fetchGaps = useCallback(async () => {
    setLoad({ kind: 'loading' });
    const result = await api.oracle.gaps();
    setLoad(result.ok ? { kind: 'ready', gaps: result.value } : { kind: 'failed', error: result.error });
  }, [api]);

  useEffect(() => {
    void fetchGaps();
  }, [fetchGaps]);

  const gaps = load.kind === 'ready' ? load.gaps : null;
  // The list reaches back further than the days drawn: only both empty means nothing was asked lately.
  const asked = gaps !== null && (gaps.questions.length > 0 || gaps.days.some((day) => day.questions > 0));

  return (
    <section className="card corpus-gaps" aria-labelledby={headingId} aria-busy={load.kind === 'loading'}>
      <h2 id={headingId}>{t('oracle.gaps.heading')}</h2>
      {load.kind === 'loading' && <p className="muted">{t('oracle.gaps.loading')}</p>}
      {gaps && (
        <>
          <p className="muted">{t('oracle.gaps.intro', { floor: relevanceText(gaps.floor.value, lang) })}</p>
          <RelevanceChart days={gaps.days} floor={gaps.floor.value} />
          {!asked && <p className="gaps-none">{t('oracle.gaps.noQuestions')}</p>}
          {asked && gaps.questions.length === 0 && <p className="gaps-none">{t('oracle.gaps.none')}</p>}
          {gaps.questions.length > 0 && (
            <>
              <p id={listId} className="answer-sources-label">
                {t('oracle.gaps.list')}
              </p>
              <ul className="stack-list gap-questions" aria-labelledby={listId}>
                {gaps.questions.map((gap, index) => (
                  // The same question asked twice is two entries: the position tells them apart.
                  <li key={index}>
                    <p className="gap-question" dir="auto">
                      {gap.question}
                    </p>
                    <p className="muted">
                      {gap.topRelevance === null
                        ? t('oracle.gaps.noMatch')
                        : t('oracle.gaps.topRelevance', { value: relevanceText(gap.topRelevance, lang) })}
                      {' · '}
                      {dateTimeText(gap.createdAt, lang)}
                    </p>
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
      <LoadNotice notice={null} failure={load.kind === 'failed' ? load.error : null} onRetry={() => void fetchGaps()} />
    </section>
  );
}

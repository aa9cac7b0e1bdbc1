import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CorpusGaps } from '../../../shared/oracle';
import { dayText, numberText, relevanceText } from '../ui/knowledge-format';

type GapDay = CorpusGaps['days'][number];

/** The drawing's own units (viewBox); it scales to the pane's width, keeping its proportions. */
const WIDTH = 600;
const HEIGHT = 170;
const PAD = 12;
/** Below the plot: the first and last day. */
const DAYS_BAND = 20;
const PLOT_BOTTOM = HEIGHT - DAYS_BAND;
const DOT_RADIUS = 4;
const LABEL_GAP = 4;

/** Relevance is drawn from 0 (bottom) to 1 (top); a cosine below 0 sits on the bottom edge. */
function yOf(relevance: number): number {
  const share = Math.min(1, Math.max(0, relevance));
  return PAD + (1 - share) * (PLOT_BOTTOM - PAD);
}

function xOf(index: number, count: number): number {
  return count <= 1 ? WIDTH / 2 : PAD + (index * (WIDTH - 2 * PAD)) / (count - 1);
}

/**
 * O8 made visible: the mean top relevance of each day's questions, with the floor as a dashed line, so a slide
 * towards the floor (notes falling behind what people ask) shows at a glance. The drawing is one image with a
 * summary for assistive technology; the table under it, hidden from sight, holds every value.
 */
export function RelevanceChart({ days, floor }: { days: readonly GapDay[]; floor: number }) {
  const { t, i18n } = useTranslation();
  const captionId = useId();
  const lang = i18n.language;
  const measured = days.flatMap((day, index) => (day.meanTopRelevance === null ? [] : [{ index, mean: day.meanTopRelevance }]));
  const first = days[0];
  const last = days.at(-1);
  if (measured.length === 0 || !first || !last) return null;

  const means = measured.map(({ mean }) => mean);
  const below = days.reduce((sum, day) => sum + day.belowFloor, 0);
  const summary = [
    t('oracle.gaps.chartSummary', {
      count: measured.length,
      min: relevanceText(Math.min(...means), lang),
      max: relevanceText(Math.max(...means), lang),
      floor: relevanceText(floor, lang),
    }),
    t('oracle.gaps.chartBelow', { count: below, number: numberText(below, lang) }),
  ].join(' ');
  const points = measured.map(({ index, mean }) => ({ x: xOf(index, days.length), y: yOf(mean), index }));

  return (
    <figure className="relevance-chart">
      <figcaption id={captionId} className="answer-sources-label">
        {t('oracle.gaps.chart')}
      </figcaption>
      {/* A time line reads left to right here in every language, like the numbers on it. */}
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={summary} direction="ltr">
        <line className="chart-axis" x1={PAD} x2={WIDTH - PAD} y1={yOf(0)} y2={yOf(0)} />
        <line className="chart-floor" x1={PAD} x2={WIDTH - PAD} y1={yOf(floor)} y2={yOf(floor)} />
        <text className="chart-label chart-floor-label" x={WIDTH - PAD} y={yOf(floor) - LABEL_GAP} textAnchor="end">
          {t('oracle.gaps.floorLabel', { value: relevanceText(floor, lang) })}
        </text>
        {points.length > 1 && <polyline className="chart-line" points={points.map(({ x, y }) => `${x},${y}`).join(' ')} />}
        {points.map(({ x, y, index }) => (
          <circle key={index} className="chart-dot" cx={x} cy={y} r={DOT_RADIUS} />
        ))}
        <text className="chart-label" x={PAD} y={HEIGHT - LABEL_GAP}>
          {dayText(first.day, lang)}
        </text>
        {days.length > 1 && (
          <text className="chart-label" x={WIDTH - PAD} y={HEIGHT - LABEL_GAP} textAnchor="end">
            {dayText(last.day, lang)}
          </text>
        )}
      </svg>
      <table className="visually-hidden" aria-labelledby={captionId}>
        <thead>
          <tr>
            <th scope="col">{t('oracle.gaps.table.day')}</th>
            <th scope="col">{t('oracle.gaps.table.questions')}</th>
            <th scope="col">{t('oracle.gaps.table.mean')}</th>
            <th scope="col">{t('oracle.gaps.table.below')}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.day}>
              <th scope="row">{dayText(day.day, lang)}</th>
              <td>{numberText(day.questions, lang)}</td>
              <td>{day.meanTopRelevance === null ? '—' : relevanceText(day.meanTopRelevance, lang)}</td>
              <td>{numberText(day.belowFloor, lang)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

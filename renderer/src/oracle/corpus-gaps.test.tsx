import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CorpusGaps } from '../../../shared/oracle';
import { err, ok } from '../../../shared/result';
import { createFakeMain, type FakeMainOptions } from '../testing/fake-main';
import { renderWithApp } from '../testing/render-with-app';
import { OraclePane } from './oracle-pane';

// Local times, so that dates read the same in any time zone.
const JAN_14_0930 = new Date(2030, 0, 14, 9, 30).toISOString();
const JAN_15_1610 = new Date(2030, 0, 15, 16, 10).toISOString();

const GAPS: CorpusGaps = {
  floor: { value: 0.65, source: 'default' },
  questions: [
    { question: 'How do I book the van?', topRelevance: 0.41, sourcesCount: 5, createdAt: JAN_15_1610 },
    { question: 'Canteen menu?', topRelevance: null, sourcesCount: 0, createdAt: JAN_14_0930 },
  ],
  days: [
    { day: '2030-01-13', questions: 4, meanTopRelevance: 0.78, belowFloor: 0 },
    { day: '2030-01-14', questions: 3, meanTopRelevance: 0.52, belowFloor: 1 },
    { day: '2030-01-15', questions: 0, meanTopRelevance: null, belowFloor: 0 },
    { day: '2030-01-16', questions: 2, meanTopRelevance: 0.6, belowFloor: 1 },
  ],
};

function setup(options: FakeMainOptions = {}) {
  const main = createFakeMain(options);
  const user = userEvent.setup();
  renderWithApp(<OraclePane openPane={vi.fn()} />, { api: main.api });
  return { ...main, user };
}

async function openGaps(user: ReturnType<typeof userEvent.setup>) {
  const views = await screen.findByRole('group', { name: 'Oracle views' });
  await user.click(within(views).getByRole('button', { name: 'Corpus gaps' }));
  return screen.findByRole('region', { name: 'Corpus gaps' });
}

describe('O8 corpus gaps', () => {
  it('is reached from the keyboard, and brings the conversation back with its draft', async () => {
    const { user } = setup({ gaps: GAPS });
    await user.type(await screen.findByRole('textbox', { name: 'Your question' }), 'Half a question');
    const gapsButton = screen.getByRole('button', { name: 'Corpus gaps' });
    gapsButton.focus();
    await user.keyboard('{Enter}');
    expect(gapsButton).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByRole('region', { name: 'Corpus gaps' })).toBeVisible();
    expect(screen.queryByRole('textbox', { name: 'Your question' })).not.toBeInTheDocument();

    await user.tab({ shift: true });
    await user.keyboard(' ');
    expect(screen.getByRole('button', { name: 'Ask the notes' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('textbox', { name: 'Your question' })).toHaveValue('Half a question');
    expect(screen.queryByRole('region', { name: 'Corpus gaps' })).not.toBeInTheDocument();
  });

  it('lists the recent low-relevance questions with their best relevance and date', async () => {
    const { user } = setup({ gaps: GAPS });
    const region = await openGaps(user);
    const list = await within(region).findByRole('list', { name: 'Recent questions with little in the notes' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'How do I book the van?top relevance 0.41 · Jan 15, 2030, 4:10 PM',
      'Canteen menu?no matching note · Jan 14, 2030, 9:30 AM',
    ]);
    expect(within(region).getByText(/scored under the floor \(0\.65\)/)).toBeVisible();
  });

  it('draws the mean top relevance per day against the floor, with a summary and a table as its text', async () => {
    const { user } = setup({ gaps: GAPS });
    const region = await openGaps(user);
    const chart = await within(region).findByRole('img', {
      name: 'Mean top relevance per day, over 3 days with questions: from 0.52 to 0.78, against a floor of 0.65. 2 questions scored under the floor.',
    });
    expect(chart.querySelectorAll('circle')).toHaveLength(3);
    expect(chart.querySelector('.chart-floor')).not.toBeNull();
    expect(within(chart).getByText('floor 0.65')).toBeInTheDocument();

    const table = within(region).getByRole('table', { name: 'Mean top relevance per day' });
    const rows = within(table).getAllByRole('row').map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Day', 'Questions', 'Mean top relevance', 'Under the floor'],
      ['Jan 13', '4', '0.78', '0'],
      ['Jan 14', '3', '0.52', '1'],
      ['Jan 15', '0', '—', '0'],
      ['Jan 16', '2', '0.60', '1'],
    ]);
  });

  it('says so when the questions asked were all answered well', async () => {
    const { user } = setup({ gaps: { ...GAPS, questions: [], days: GAPS.days.map((day) => ({ ...day, belowFloor: 0 })) } });
    const region = await openGaps(user);
    expect(await within(region).findByText('No weak questions lately: the notes had something relevant for everything you asked.')).toBeVisible();
    expect(within(region).queryByRole('list')).not.toBeInTheDocument();
  });

  it('with no questions asked, says that, not that the notes answered everything, and draws nothing', async () => {
    const { user } = setup();
    const region = await openGaps(user);
    expect(await within(region).findByText(/^No questions asked lately\./)).toBeVisible();
    expect(within(region).queryByText(/the notes had something relevant/)).not.toBeInTheDocument();
    expect(within(region).queryByRole('img')).not.toBeInTheDocument();
    expect(within(region).queryByRole('list')).not.toBeInTheDocument();
  });

  it('says why the gaps could not be read, and reads them again on request', async () => {
    let failing = true;
    const { user } = setup({ handlers: { 'oracle:gaps': () => (failing ? err('UNAUTHENTICATED', 'Main words.') : ok(GAPS)) } });
    const region = await openGaps(user);
    expect(await within(region).findByText('You are not signed in to the company account. Sign in again, then retry.')).toBeVisible();
    failing = false;
    await user.click(within(region).getByRole('button', { name: 'Try again' }));
    expect(await within(region).findByText('How do I book the van?')).toBeVisible();
  });
});

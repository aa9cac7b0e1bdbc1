import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ORACLE } from '../../../shared/limits';
import type { KnowledgeStatus, OracleAnswer, OracleSource } from '../../../shared/oracle';
import { err, ok, type Result } from '../../../shared/result';
import { DEFAULT_SETTINGS } from '../../../shared/settings';
import { createFakeMain, fakeKnowledgeStatus, FAKE_MEMBER, type FakeMainOptions } from '../testing/fake-main';
import { renderWithApp } from '../testing/render-with-app';
import { OraclePane } from './oracle-pane';

const MINUTE_MS = 60_000;

const SOURCES: OracleSource[] = [
  { title: 'Oracle', path: 'en/oracle.md', chunkTitle: 'Oracle > Sources > Relevance', relevance: 0.7166 },
  { title: 'Knowledge base', path: 'en/knowledge-base.md', chunkTitle: 'Choosing a folder', relevance: 0.61, linked: true },
  { title: 'Glossary', path: 'en/glossary.md', chunkTitle: 'Glossary', relevance: 0.58 },
];

function answer(text: string, extra: Partial<OracleAnswer> = {}): Result<OracleAnswer> {
  return ok({ answer: text, sources: [], model: DEFAULT_SETTINGS.models.oracle, chunks_used: 0, duration_ms: 900, mode: 'hybrid', kind: 'answer', ...extra });
}

/** What main reports of the base, over the fake's defaults: indexed a little over two minutes ago, nothing wrong. */
function knowledge(extra: Partial<KnowledgeStatus> = {}): Partial<KnowledgeStatus> {
  return { notes: 1234, chunks: 5021, embedded: 5021, indexedAt: new Date(Date.now() - 2 * MINUTE_MS - 5000).toISOString(), ...extra };
}

/** The whole status, as main broadcasts it and ends a re-index with. */
const statusOf = (extra: Partial<KnowledgeStatus> = {}): KnowledgeStatus => fakeKnowledgeStatus(DEFAULT_SETTINGS, knowledge(extra));

afterEach(() => {
  vi.restoreAllMocks();
});

function setup(options: FakeMainOptions = {}, systemLang: 'en' | 'es' = 'en') {
  const main = createFakeMain({ knowledge: knowledge(), ...options });
  const user = userEvent.setup();
  const openPane = vi.fn();
  renderWithApp(<OraclePane openPane={openPane} />, { api: main.api, systemLang });
  return { ...main, user, openPane };
}

const questionBox = () => screen.getByRole('textbox', { name: 'Your question' });
const conversation = () => screen.getByRole('log', { name: 'Conversation with the oracle' });
const status = () => screen.getByRole('region', { name: 'Knowledge base' });
const asks = (invoke: ReturnType<typeof createFakeMain>['invoke']) =>
  invoke.mock.calls.filter(([channel]) => channel === 'oracle:ask').map(([, input]) => input as { question: string; history: unknown[]; requestId: string });

async function ask(user: ReturnType<typeof userEvent.setup>, question: string) {
  await user.type(await screen.findByRole('textbox', { name: 'Your question' }), `${question}{Enter}`);
}

describe('the question box', () => {
  it('asks with Enter and shows the answer as Markdown with its sources, headings and relevance', async () => {
    const { user, invoke } = setup({
      handlers: { 'oracle:ask': () => answer('Each answer lists **its sources**.', { sources: SOURCES, chunks_used: 3 }) },
    });
    await ask(user, 'How are sources shown?');

    expect(asks(invoke)).toEqual([{ question: 'How are sources shown?', history: [], requestId: expect.any(String) }]);
    const log = conversation();
    expect(await within(log).findByText('its sources')).toHaveProperty('tagName', 'STRONG');
    expect(within(log).getByText('Based on 3 passages')).toBeVisible();
    const sources = within(log).getByRole('list', { name: 'From the notes' });
    expect(within(sources).getByRole('button', { name: 'Oracle · Sources > Relevance' })).toBeVisible();
    // The heading path without the note's title at its head, nothing for a passage with no heading of its own.
    expect(within(sources).getByRole('button', { name: 'Knowledge base · Choosing a folder linked' })).toBeVisible();
    expect(within(sources).getByRole('button', { name: 'Glossary' })).toBeVisible();
    expect(within(sources).getByRole('meter', { name: 'Relevance 0.72' })).toHaveAttribute('aria-valuenow', '0.7166');
    expect(within(sources).getByRole('meter', { name: 'Relevance 0.61' })).toBeVisible();
    expect(questionBox()).toHaveValue('');
  });

  it('starts a new line with Shift+Enter, and counts against the limit', async () => {
    const { user, invoke } = setup();
    await user.type(await screen.findByRole('textbox', { name: 'Your question' }), 'First line{Shift>}{Enter}{/Shift}second');
    expect(asks(invoke)).toEqual([]);
    expect(questionBox()).toHaveValue('First line\nsecond');
    expect(screen.getByText(`17 / ${ORACLE.questionMaxChars}`)).toBeVisible();

    await user.keyboard('{Enter}');
    expect(asks(invoke)).toEqual([{ question: 'First line\nsecond', history: [], requestId: expect.any(String) }]);
  });

  it('shows raw HTML in an answer as text, never as markup', async () => {
    const { user } = setup({ handlers: { 'oracle:ask': () => answer('Use <img src=x onerror=alert(1)> carefully.') } });
    await ask(user, 'HTML?');
    expect(await within(conversation()).findByText(/carefully/)).toBeVisible();
    expect(conversation().querySelector('img')).toBeNull();
  });
});

describe('kinds of answers', () => {
  it('sets the honest answer apart, with its weak notes as hints', async () => {
    const { user } = setup({
      handlers: {
        'oracle:ask': () => answer('I have no clear information on that in the knowledge base.', { kind: 'honest', sources: SOURCES.slice(0, 1) }),
      },
    });
    await ask(user, 'What is the canteen menu?');
    const log = conversation();
    expect(await within(log).findByText('Nothing clear in the notes')).toHaveClass('oracle-badge-muted');
    expect(within(log).getByText('I have no clear information on that in the knowledge base.')).toBeVisible();
    expect(within(log).getByRole('list', { name: 'Closest notes, in case one helps' })).toBeVisible();
    expect(within(log).queryByText(/Based on/)).not.toBeInTheDocument();
  });

  it('without a Gemini key, lists the matching notes and points to Settings for the key', async () => {
    const { user, openPane } = setup({
      knowledge: knowledge({ mode: 'lexical', embedded: 0, issue: { reason: 'no_key', message: 'No Gemini key.' } }),
      handlers: {
        'oracle:ask': () =>
          answer('Without a Gemini key I cannot write an answer.', {
            kind: 'sources_only',
            mode: 'lexical',
            sources: SOURCES.map((source) => ({ ...source, relevance: null })),
          }),
      },
    });
    await ask(user, 'Sources?');
    const log = conversation();
    expect(await within(log).findByText('Matching notes only')).toBeVisible();
    const sources = within(log).getByRole('list', { name: 'Notes that match your question' });
    expect(within(sources).queryByRole('meter')).not.toBeInTheDocument();
    // A note joined through a link was not found by any search: it says so, not "keyword search".
    expect(within(sources).getAllByText('Relevance not measured (keyword search)')).toHaveLength(SOURCES.filter((source) => !source.linked).length);
    expect(within(sources).getByText('Not ranked: a source above links to this note')).toBeInTheDocument();
    expect(within(sources).getAllByText('—')).toHaveLength(SOURCES.length);

    await user.click(within(log).getByRole('button', { name: 'Add the Gemini key in Settings' }));
    expect(openPane).toHaveBeenCalledWith('settings', { section: 'gemini' });
  });

  it('says when an answer was found by keywords alone', async () => {
    const sources = [{ ...SOURCES[0]!, relevance: null }];
    const { user } = setup({ handlers: { 'oracle:ask': () => answer('Yes.', { mode: 'lexical', chunks_used: 1, sources }) } });
    await ask(user, 'Keywords?');
    const meta = (await within(conversation()).findByText('keyword search')).closest('p');
    expect(meta).toHaveTextContent(/Based on 1 passage · keyword search$/);
  });

  it('UQ9: an answer has Copy and the model and time line, as the Assistant has', async () => {
    const { user, invoke } = setup({
      handlers: { 'oracle:ask': () => answer('Connect it in **Settings**.', { sources: SOURCES.slice(0, 2), chunks_used: 2, duration_ms: 2350, model: 'gemini-test-model' }) },
    });
    await ask(user, 'How do I connect Zoho?');
    const log = conversation();
    const meta = (await within(log).findByText('Based on 2 passages')).closest('p');
    expect(meta).toHaveTextContent(/^\W*gemini-test-model\W* · 2\.4 s · Based on 2 passages$/);
    await user.click(within(log).getByRole('button', { name: 'Copy answer' }));
    expect(invoke).toHaveBeenCalledWith('app:copyText', { text: 'Connect it in **Settings**.' });
    expect(await screen.findByText('Answer copied to the clipboard.')).toBeInTheDocument();
  });
});

describe('sources open their note', () => {
  it('by click or by Enter, through main', async () => {
    const { user, invoke } = setup({ handlers: { 'oracle:ask': () => answer('Yes.', { sources: SOURCES }) } });
    await ask(user, 'Open?');
    await user.click(await screen.findByRole('button', { name: 'Oracle · Sources > Relevance' }));
    expect(invoke).toHaveBeenCalledWith('oracle:openNote', { path: 'en/oracle.md' });

    screen.getByRole('button', { name: /^Knowledge base · / }).focus();
    await user.keyboard('{Enter}');
    expect(invoke).toHaveBeenLastCalledWith('oracle:openNote', { path: 'en/knowledge-base.md' });
  });

  it('says why a note could not be opened', async () => {
    const { user } = setup({
      handlers: {
        'oracle:ask': () => answer('Yes.', { sources: SOURCES }),
        'oracle:openNote': () => err('INVALID_INPUT', 'Main words.', { field: 'path', reason: 'note_missing' }),
      },
    });
    await ask(user, 'Open?');
    await user.click(await screen.findByRole('button', { name: 'Oracle · Sources > Relevance' }));
    expect(await screen.findByText('That note is no longer in the knowledge base folder. Re-index, then ask again.')).toBeVisible();
    expect(screen.queryByText('Main words.')).not.toBeInTheDocument();
  });

  it('says in its own words that a note is not in the index', async () => {
    const { user } = setup({
      handlers: {
        'oracle:ask': () => answer('Yes.', { sources: SOURCES }),
        'oracle:openNote': () => err('INVALID_INPUT', 'Main words.', { field: 'path', reason: 'not_indexed' }),
      },
    });
    await ask(user, 'Open?');
    await user.click(await screen.findByRole('button', { name: 'Oracle · Sources > Relevance' }));
    expect(await screen.findByText('That note is not in the knowledge base index. Re-index, then ask again.')).toBeVisible();
  });
});

describe('the sources of an answer (issue 11)', () => {
  it("are listed in the ranking's order, as main sends them, each with its own relevance", async () => {
    const ranked = [SOURCES[2]!, SOURCES[0]!, SOURCES[1]!];
    const { user } = setup({ handlers: { 'oracle:ask': () => answer('Yes.', { sources: ranked, chunks_used: 8 }) } });
    await ask(user, 'Order?');
    const sources = await within(conversation()).findByRole('list', { name: 'From the notes' });
    expect(within(sources).getAllByRole('meter').map((meter) => meter.getAttribute('aria-valuetext'))).toEqual(['0.58', '0.72', '0.61']);
  });

  it('UQ1: a source under the floor says it is a weak match, and UQ2: one the question names says keyword match', async () => {
    const sources = [
      { ...SOURCES[0]!, relevance: 0.31, weak: true, keyword: true },
      SOURCES[2]!,
      { ...SOURCES[1]!, linked: false, relevance: 0.22, weak: true },
    ];
    const { user } = setup({ handlers: { 'oracle:ask': () => answer('Yes.', { sources, chunks_used: 8 }) } });
    await ask(user, 'Weak?');
    const list = await within(conversation()).findByRole('list', { name: 'From the notes' });
    expect(within(list).getByRole('button', { name: 'Oracle · Sources > Relevance keyword match' })).toBeVisible();
    expect(within(list).getByRole('button', { name: 'Knowledge base · Choosing a folder weak match' })).toBeVisible();
    expect(within(list).getByRole('button', { name: 'Glossary' })).toBeVisible();
  });

  it("show one row per note, its first passage, with the note's other passages folded under it (issue 15)", async () => {
    const oracle = SOURCES[0]!;
    const sources = [
      { ...oracle, chunkTitle: 'Oracle > Follow-ups', relevance: 0.5 },
      SOURCES[2]!,
      oracle,
      { ...oracle, chunkTitle: 'Oracle > Asking', relevance: 0.66 },
    ];
    const { user } = setup({ handlers: { 'oracle:ask': () => answer('Yes.', { sources, chunks_used: 8 }) } });
    await ask(user, 'Grouped?');
    const list = await within(conversation()).findByRole('list', { name: 'From the notes' });
    const rows = within(list).getAllByRole('listitem').filter((item) => item.parentElement === list);
    expect(rows.map((row) => row.querySelector('.note-source-title')?.textContent)).toEqual(['Oracle', 'Glossary']);
    // Each row shows the note's first passage as ranked; its other passages wait, in the ranking's order, behind one line.
    expect(rows.map((row) => within(row).getAllByRole('meter')[0]?.getAttribute('aria-valuetext'))).toEqual(['0.50', '0.58']);
    const more = within(rows[0]!).getByText('2 more passages from this note');
    expect(within(rows[0]!).getByRole('button', { name: 'Oracle · Asking' })).not.toBeVisible();
    await user.click(more);
    expect(within(rows[0]!).getByRole('button', { name: 'Oracle · Asking' })).toBeVisible();
    expect(within(rows[0]!).getAllByRole('meter').map((meter) => meter.getAttribute('aria-valuetext'))).toEqual(['0.50', '0.72', '0.66']);
  });

  it('UQ1: "Based on" counts the passages listed, and says how many more the model read', async () => {
    const { user } = setup({ handlers: { 'oracle:ask': () => answer('Open a ticket.', { sources: [SOURCES[0]!, SOURCES[2]!], chunks_used: 8 }) } });
    await ask(user, 'And the canteen?');
    const meta = (await within(conversation()).findByText('Based on 2 passages')).closest('p');
    expect(meta).toHaveTextContent(/Based on 2 passages · 6 more read but not listed$/);
  });
});

describe('reading an answer with many sources', () => {
  it('brings the newest answer into view at its first line, not at its last source', async () => {
    let release: (result: Result<OracleAnswer>) => void = () => {};
    const { user } = setup({ handlers: { 'oracle:ask': () => new Promise((resolve) => (release = resolve)) } });
    await ask(user, 'Everything about the VPN?');
    const log = conversation();
    // jsdom lays nothing out: the log is 300 px high, and the answer with its ten sources 900 px, 500 px down.
    Object.defineProperty(log, 'clientHeight', { configurable: true, get: () => 300 });
    Object.defineProperty(log, 'scrollHeight', { configurable: true, get: () => 2000 });
    const rects = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const isAnswer = this.classList.contains('bubble-assistant');
      return DOMRect.fromRect({ x: 0, y: isAnswer ? 500 - log.scrollTop : 0, width: 600, height: isAnswer ? 900 : 300 });
    });
    log.scrollTop = 100;

    const tenSources = Array.from({ length: 10 }, (_, index) => ({ ...SOURCES[0]!, relevance: 0.9 - index / 100 }));
    act(() => release(answer('The VPN, step by step.', { sources: tenSources, chunks_used: 10 })));
    await within(log).findByText('The VPN, step by step.');
    // The first line sits 8 px under the log's top edge; the end of the list of sources is further down.
    expect(log.scrollTop).toBe(492);
    rects.mockRestore();
  });
});

describe('busy state, Cancel and errors', () => {
  it('shows a busy bubble and cancels the question by its requestId', async () => {
    const { user, invoke } = setup({ handlers: { 'oracle:ask': () => new Promise(() => {}) } });
    await ask(user, 'Slow?');
    expect(within(conversation()).getByText('Searching the notes…')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Ask' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const [asked] = asks(invoke);
    expect(invoke).toHaveBeenCalledWith('oracle:cancel', { requestId: asked?.requestId });
    expect(await within(conversation()).findByText('You cancelled this question.')).toBeVisible();
    expect(questionBox()).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
  });

  it('says a failure in the member language, with the way to Settings when something is missing', async () => {
    const { user, openPane } = setup({ handlers: { 'oracle:ask': () => err('NOT_CONFIGURED', 'Main words.', { reason: 'missing_key' }) } });
    await ask(user, 'Key?');
    expect(await within(conversation()).findByText('No Gemini API key is saved on this computer. Add your key in Settings.')).toBeVisible();
    await user.click(within(conversation()).getByRole('button', { name: 'Open Settings' }));
    expect(openPane).toHaveBeenCalledWith('settings', { section: 'gemini' });
  });
});

describe('follow-up questions', () => {
  it('sends the answered turns as history, and forgets them when the member signs out', async () => {
    const { user, invoke, changeAuth } = setup({ handlers: { 'oracle:ask': ({ question }) => answer(`About ${question}.`) } });
    await ask(user, 'Indexing');
    await within(conversation()).findByText('About Indexing.');
    await ask(user, 'And re-indexing?');

    expect(asks(invoke)[1]?.history).toEqual([
      { role: 'user', content: 'Indexing' },
      { role: 'assistant', content: 'About Indexing.' },
    ]);

    await within(conversation()).findByText('About And re-indexing?.');
    act(() => changeAuth({ state: 'signed_out' }));
    act(() => changeAuth({ state: 'signed_in', ...FAKE_MEMBER, expiresAt: Date.now() + MINUTE_MS }));
    expect(await screen.findByRole('textbox', { name: 'Your question' })).toBeVisible();
    expect(screen.queryByText('About Indexing.')).not.toBeInTheDocument();
    await ask(user, 'Fresh');
    expect(asks(invoke)[2]?.history).toEqual([]);
  });

  it('New conversation forgets the turns: the next question is a first question again (its floor applies, O5)', async () => {
    const { user, invoke } = setup({ handlers: { 'oracle:ask': ({ question }) => answer(`About ${question}.`) } });
    expect(screen.queryByRole('button', { name: 'New conversation' })).not.toBeInTheDocument();
    await ask(user, 'Indexing');
    await within(conversation()).findByText('About Indexing.');

    await user.click(screen.getByRole('button', { name: 'New conversation' }));
    expect(within(conversation()).queryByText('About Indexing.')).not.toBeInTheDocument();
    expect(questionBox()).toHaveFocus();
    await user.keyboard('Canteen menu{Enter}');
    expect(asks(invoke)[1]).toEqual({ question: 'Canteen menu', history: [], requestId: expect.any(String) });
  });

  it('keeps the last 12 turns only', async () => {
    const { user, invoke } = setup({ handlers: { 'oracle:ask': ({ question }) => answer(`A-${question}`) } });
    for (const question of ['Q1', 'Q2', 'Q3', 'Q4', 'Q5', 'Q6', 'Q7']) {
      await ask(user, question);
      await within(conversation()).findByText(`A-${question}`);
    }
    await ask(user, 'Q8');
    const history = asks(invoke).at(-1)?.history;
    expect(history).toHaveLength(ORACLE.historyMaxMessages);
    expect(history?.[0]).toEqual({ role: 'user', content: 'Q2' });
  });
});

describe('the index status', () => {
  it('says how many notes, how long ago they were indexed, and where they come from', async () => {
    setup();
    expect(await within(await screen.findByRole('region', { name: 'Knowledge base' })).findByText('1,234 notes')).toBeVisible();
    expect(within(status()).getByText('indexed 2 minutes ago')).toBeVisible();
    expect(within(status()).getByText('The built-in user guide')).toBeVisible();
    expect(within(status()).getByRole('button', { name: 'Re-index' })).toBeVisible();
    expect(within(status()).queryByText('Keyword search only')).not.toBeInTheDocument();
  });

  it('writes numbers as the member language does', async () => {
    setup({ knowledge: knowledge({ notes: 12345, indexedAt: null }) }, 'es');
    const region = await screen.findByRole('region', { name: 'Base de conocimiento' });
    expect(await within(region).findByText('12.345 notas')).toBeVisible();
    expect(within(region).getByText('aún sin indexar')).toBeVisible();
  });

  it('shows a progress bar while main indexes, from its oracle:changed broadcast', async () => {
    const { emit } = setup();
    await within(await screen.findByRole('region', { name: 'Knowledge base' })).findByText('1,234 notes');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    const indexing = statusOf({ state: 'indexing', progress: { phase: 'reading', done: 12, total: 49 } });
    act(() => emit('oracle:changed', indexing));
    const bar = screen.getByRole('progressbar', { name: 'Reading notes 12 of 49' });
    expect(bar).toHaveAttribute('aria-valuenow', '12');
    expect(bar).toHaveAttribute('aria-valuemax', '49');

    act(() => emit('oracle:changed', { ...indexing, progress: { phase: 'embedding', done: 120, total: 400 } }));
    expect(screen.getByRole('progressbar', { name: 'Embedding passages 120 of 400' })).toHaveAttribute('aria-valuenow', '120');

    act(() => emit('oracle:changed', { ...indexing, state: 'idle', progress: null, notes: 1240, indexedAt: new Date().toISOString() }));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(status()).getByText('1,240 notes')).toBeVisible();
    expect(within(status()).getByText('indexed just now')).toBeVisible();
  });

  it('re-indexes on request, with the progress main reports, then the new count', async () => {
    const { user, streams } = setup();
    const reindex = await within(await screen.findByRole('region', { name: 'Knowledge base' })).findByRole('button', { name: 'Re-index' });
    await user.click(reindex);

    const [run] = streams('oracle:reindex');
    expect(run).toBeDefined();
    act(() => run?.progress('oracle:progress', { phase: 'reading', done: 3, total: 10 }));
    expect(screen.getByRole('progressbar', { name: 'Reading notes 3 of 10' })).toBeVisible();
    expect(reindex).toHaveAttribute('aria-disabled', 'true');

    await user.click(reindex);
    expect(streams('oracle:reindex')).toHaveLength(1);

    act(() => run?.finish(statusOf({ notes: 1300, indexedAt: new Date().toISOString() })));
    expect(await within(status()).findByText('1,300 notes')).toBeVisible();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(status()).getByText('The knowledge base is up to date.')).toBeVisible();
    expect(reindex).toHaveAttribute('aria-disabled', 'false');
  });

  it('says why a re-index failed', async () => {
    const { user, streams } = setup();
    await user.click(await within(await screen.findByRole('region', { name: 'Knowledge base' })).findByRole('button', { name: 'Re-index' }));
    act(() => streams('oracle:reindex')[0]?.fail({ code: 'UPSTREAM', message: 'Main words.', reason: 'network' }));
    expect(await within(status()).findByText('Staff Desk could not reach Gemini. Check your internet connection and try again.')).toBeVisible();
  });

  it.each([
    ['no_key', 'No Gemini key is saved, so questions are matched by their words alone and answers list the matching notes.'],
    ['embedding_failed', 'Gemini could not embed the notes, so questions are matched by their words alone until the next re-index.'],
    ['rate_limited', 'Gemini is limiting requests for now, so questions are matched by their words alone until the notes can be embedded.'],
  ] as const)('labels keyword-only search and says why: %s', async (reason, why) => {
    const { user, openPane } = setup({ knowledge: knowledge({ mode: 'lexical', issue: { reason, message: 'Main words.' } }) });
    const region = await screen.findByRole('region', { name: 'Knowledge base' });
    expect(await within(region).findByText('Keyword search only')).toBeVisible();
    expect(within(region).getByText(why)).toBeVisible();
    const addKey = within(region).queryByRole('button', { name: 'Add the Gemini key in Settings' });
    if (reason === 'no_key') {
      await user.click(addKey!);
      expect(openPane).toHaveBeenCalledWith('settings', { section: 'gemini' });
    } else {
      expect(addKey).not.toBeInTheDocument();
    }
  });

  it('says the folder is gone and lets the member choose another', async () => {
    const { user, invoke } = setup({
      knowledge: knowledge({ issue: { reason: 'folder_missing', message: 'Main words.' } }),
      settings: { knowledgeBase: { hint: null, path: '/home/ana/Vault', floors: {} } },
      pickFolder: '/home/ana/Notes',
    });
    const region = await screen.findByRole('region', { name: 'Knowledge base' });
    // The path is isolated, so that in a right-to-left sentence its slashes stay where they are.
    expect(await within(region).findByText('The notes folder \u2068/home/ana/Vault\u2069 is not there any more. Choose the folder where the notes are now.')).toBeVisible();
    await user.click(within(region).getByRole('button', { name: 'Choose folder' }));
    expect(invoke).toHaveBeenCalledWith('oracle:chooseFolder', {});
    expect(await within(region).findByText('/home/ana/Notes')).toBeVisible();
  });

  it('names the links left out because they lead out of the folder, and says how to include those notes', async () => {
    const paths = Array.from({ length: ORACLE.linksOutsideListed }, (_, index) => `shared/link-${index}.md`);
    setup({ knowledge: knowledge({ linksOutside: { count: paths.length + 3, paths } }) });
    const region = await screen.findByRole('region', { name: 'Knowledge base' });
    expect(
      await within(region).findByText(
        'Left out: these links lead outside the notes folder, and the Oracle reads only the notes inside it. To include those notes, move them into the folder.',
      ),
    ).toBeVisible();
    const listed = within(region).getByRole('list');
    expect(within(listed).getAllByRole('listitem').map((item) => item.textContent)).toEqual([...paths, '…']);
  });

  it('shows nothing about links when none leads out', async () => {
    setup();
    const region = await screen.findByRole('region', { name: 'Knowledge base' });
    await within(region).findByText('1,234 notes');
    expect(within(region).queryByText(/Left out/)).not.toBeInTheDocument();
  });

  it('says why the status could not be read, and reads it again on request', async () => {
    let failing = true;
    const { user } = setup({ handlers: { 'oracle:status': () => (failing ? err('INTERNAL', 'Main words.') : ok(statusOf())) } });
    const region = await screen.findByRole('region', { name: 'Knowledge base' });
    expect(await within(region).findByText(/Something went wrong inside Staff Desk/)).toBeVisible();
    failing = false;
    await user.click(within(region).getByRole('button', { name: 'Try again' }));
    expect(await within(region).findByText('1,234 notes')).toBeVisible();
  });
});

describe('example questions in an empty conversation', () => {
  const GUIDE_EXAMPLES = [
    'How do I get a Gemini API key?',
    'How do I connect my Zoho mailbox?',
    "How do I use my team's notes instead of this guide?",
  ];
  const examples = () => screen.findByRole('list', { name: 'Try asking' });
  const TIP = 'Ask in your own words; name a module or service for the best results.';
  const TEAM_FOLDER = { knowledgeBase: { hint: null, path: '/home/ana/Vault', floors: {} } };

  it('offers questions the built-in guide answers; a click asks one at once, and they give way to the conversation', async () => {
    const { user, invoke } = setup();
    const list = await examples();
    expect(within(list).getAllByRole('button').map((button) => button.textContent)).toEqual(GUIDE_EXAMPLES);

    await user.click(within(list).getByRole('button', { name: 'How do I connect my Zoho mailbox?' }));
    expect(asks(invoke)).toEqual([{ question: 'How do I connect my Zoho mailbox?', history: [], requestId: expect.any(String) }]);
    expect(await within(conversation()).findByText('The notes say: How do I connect my Zoho mailbox?')).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Try asking' })).not.toBeInTheDocument();
    expect(questionBox()).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'New conversation' }));
    expect(await examples()).toBeVisible();
  });

  it('are reached with the keyboard and asked with Enter', async () => {
    const { user, invoke } = setup();
    await examples();
    questionBox().focus();
    await user.tab({ shift: true });
    const last = screen.getByRole('button', { name: "How do I use my team's notes instead of this guide?" });
    expect(last).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(asks(invoke)).toEqual([{ question: "How do I use my team's notes instead of this guide?", history: [], requestId: expect.any(String) }]);
  });

  it('are asked in the member language', async () => {
    const { user, invoke } = setup({}, 'es');
    const list = await screen.findByRole('list', { name: 'Prueba a preguntar' });
    await user.click(within(list).getByRole('button', { name: '¿Cómo consigo una clave de API de Gemini?' }));
    expect(asks(invoke)[0]?.question).toBe('¿Cómo consigo una clave de API de Gemini?');
  });

  it('give way to a tip on asking for the team’s own notes, which the guide’s examples would miss', async () => {
    setup({ settings: TEAM_FOLDER });
    expect(await screen.findByText(TIP)).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Try asking' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'How do I get a Gemini API key?' })).not.toBeInTheDocument();
  });

  it('follow the folder main reports: choosing the team’s folder swaps the examples for the tip, and back', async () => {
    const { emit } = setup();
    await examples();
    act(() => emit('oracle:changed', statusOf({ folder: { path: '/home/ana/Vault', isDefault: false } })));
    expect(screen.getByText(TIP)).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Try asking' })).not.toBeInTheDocument();

    act(() => emit('oracle:changed', statusOf()));
    expect(await examples()).toBeVisible();
    expect(screen.queryByText(TIP)).not.toBeInTheDocument();
  });

  it('are not offered before any of the guide is indexed, as they would find nothing', async () => {
    setup({ knowledge: knowledge({ notes: 0, indexedAt: null }) });
    expect(await within(await screen.findByRole('region', { name: 'Knowledge base' })).findByText('0 notes')).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Try asking' })).not.toBeInTheDocument();
    expect(screen.queryByText(TIP)).not.toBeInTheDocument();
  });
});

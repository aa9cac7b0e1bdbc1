import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SECRETARY } from '../../../shared/limits';
import { err, ok, type AppError, type Result } from '../../../shared/result';
import type { SecretaryAnswer, SecretarySource } from '../../../shared/secretary';
import { createFakeMain, endWith, type FakeMainOptions } from '../testing/fake-main';
import { renderWithApp } from '../testing/render-with-app';
import { SecretaryPane } from './secretary-pane';

const MAILBOX = 'ana.perez@crearack.example';
// Local times, so that dates read the same in any time zone.
const JAN_14_0930 = new Date(2030, 0, 14, 9, 30).toISOString();

const HETZNER: SecretarySource = {
  messageId: '1709876190693100009',
  folderId: '9000000000000000017',
  from: 'Hetzner Online',
  subject: 'Scheduled maintenance',
  date: JAN_14_0930,
  webUrl: 'https://mail.zoho.eu/zm/#mail/folder/9000000000000000017/p/1709876190693100009',
};

function answer(text: string, extra: Partial<SecretaryAnswer> = {}): Result<SecretaryAnswer> {
  return ok({ answer: text, tool_rounds: 1, duration_ms: 1800, model: 'gemma-4-26b-a4b-it', sources: [], ...extra });
}

/** Main ends each question with what `reply` answers for it, as soon as it has an answer. */
function replies(reply: Parameters<typeof endWith<'secretary:ask'>>[0]) {
  return { 'secretary:ask': endWith<'secretary:ask'>(reply) };
}

/** An answer main holds back until the test releases it. */
function heldAnswer() {
  let release: (result: Result<SecretaryAnswer>) => void = () => {};
  const pending = new Promise<Result<SecretaryAnswer>>((resolve) => {
    release = resolve;
  });
  return { pending, release };
}

afterEach(() => {
  vi.restoreAllMocks();
});

function setup(options: FakeMainOptions = {}, systemLang: 'en' | 'es' = 'en') {
  const main = createFakeMain({ zohoMailbox: MAILBOX, ...options });
  const user = userEvent.setup();
  const openPane = vi.fn();
  renderWithApp(<SecretaryPane openPane={openPane} />, { api: main.api, systemLang });
  return { ...main, user, openPane };
}

const questionBox = () => screen.getByRole('textbox', { name: 'Your question' });
const conversation = () => screen.getByRole('log', { name: 'Conversation with the secretary' });
const asks = (invoke: ReturnType<typeof createFakeMain>['invoke']) =>
  invoke.mock.calls.filter(([channel]) => channel === 'secretary:ask').map(([, input]) => input as { question: string; history: unknown[] });

async function ask(user: ReturnType<typeof userEvent.setup>, question: string) {
  await user.type(await screen.findByRole('textbox', { name: 'Your question' }), `${question}{Enter}`);
}

describe('S15 the question box', () => {
  it('counts the characters against the limit as the member types', async () => {
    const { user } = setup();
    await user.type(await screen.findByRole('textbox', { name: 'Your question' }), 'Hetzner?');
    expect(screen.getByText(`8 / ${SECRETARY.questionMaxChars}`)).toBeVisible();
  });

  it('refuses a question over the limit in the page, says why, and shows the counter in the error colour', async () => {
    const { user, invoke } = setup();
    await user.click(await screen.findByRole('textbox', { name: 'Your question' }));
    await user.paste('x'.repeat(SECRETARY.questionMaxChars + 1));

    const counter = screen.getByText(`${SECRETARY.questionMaxChars + 1} / ${SECRETARY.questionMaxChars}`);
    expect(counter).toHaveClass('char-counter-over');
    expect(questionBox()).toHaveAttribute('aria-invalid', 'true');
    expect(questionBox()).toHaveAccessibleDescription(/Your question is 1 character over the limit of 2000\. Shorten it to ask\./);
    expect(screen.getByRole('button', { name: 'Ask' })).toBeDisabled();

    await user.keyboard('{Enter}');
    expect(asks(invoke)).toEqual([]);
    expect(questionBox()).toHaveValue('x'.repeat(SECRETARY.questionMaxChars + 1));

    await user.keyboard('{Backspace}');
    expect(screen.getByText(`${SECRETARY.questionMaxChars} / ${SECRETARY.questionMaxChars}`)).not.toHaveClass('char-counter-over');
    expect(screen.queryByText(/over the limit/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ask' })).toBeEnabled();
  });

  it('asks with Enter and starts a new line with Shift+Enter', async () => {
    const { user, invoke } = setup({ streams: replies(() => answer('Done.')) });
    await user.type(await screen.findByRole('textbox', { name: 'Your question' }), 'First line{Shift>}{Enter}{/Shift}second line');
    expect(asks(invoke)).toEqual([]);
    expect(questionBox()).toHaveValue('First line\nsecond line');

    await user.keyboard('{Enter}');
    expect(asks(invoke)).toEqual([{ question: 'First line\nsecond line', history: [] }]);
    expect(questionBox()).toHaveValue('');
    expect(questionBox()).toHaveFocus();
    expect(within(conversation()).getByText(/First line\s+second line/)).toBeVisible();
  });

  it('asks for a question instead of sending a blank one', async () => {
    const { user, invoke } = setup();
    await ask(user, '   ');
    expect(screen.getByText('Write a question first.')).toBeVisible();
    expect(asks(invoke)).toEqual([]);
  });
});

describe("UQ9: the Secretary's lookups appear as they happen", () => {
  it("UQ9: the Secretary's lookups appear as they happen, before the answer, and stay with it", async () => {
    // Main works on the question until the test drives it.
    const { user, streams } = setup({ streams: { 'secretary:ask': () => {} } });
    await ask(user, 'What did the last Hetzner notice say?');
    const log = conversation();
    const [asked] = streams('secretary:ask');

    act(() => asked!.progress('secretary:step', { tool: 'search_mail', args: { from: 'Hetzner' }, result: { found: 2 }, ok: true }));
    const lookups = await within(log).findByRole('list', { name: 'What the secretary looked up' });
    expect(within(lookups).getByText('Searched your mail: from Hetzner')).toBeVisible();
    expect(within(lookups).getByText(/2 messages/)).toBeVisible();
    // Still at work: the answer has not come, and Cancel still stops it.
    expect(within(log).getByText('Looking through your mailbox…')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();

    act(() => asked!.progress('secretary:step', { tool: 'read_mail', args: { messageId: HETZNER.messageId, folderId: HETZNER.folderId }, result: { status: 'read' }, ok: true }));
    expect(await within(lookups).findByText('Read a message')).toBeVisible();
    expect(within(lookups).getAllByRole('listitem')).toHaveLength(2);

    act(() => asked!.finish({ answer: 'Maintenance on 14 January.', tool_rounds: 2, duration_ms: 2100, model: 'gemma-4-26b-a4b-it', sources: [HETZNER] }));
    expect(await within(log).findByText('Maintenance on 14 January.')).toBeVisible();
    const kept = within(log).getByRole('list', { name: 'What the secretary looked up' });
    expect(within(kept).getAllByRole('listitem')).toHaveLength(2);
    expect(within(log).queryByText('Looking through your mailbox…')).not.toBeInTheDocument();
  });

  it('UQ9: a question stopped after a lookup keeps the lookup and says it was cancelled', async () => {
    const { user, streams } = setup({ streams: { 'secretary:ask': () => {} } });
    await ask(user, 'Anything from Hetzner?');
    const [asked] = streams('secretary:ask');
    act(() => asked!.progress('secretary:step', { tool: 'search_mail', args: { query: 'Hetzner' }, result: { found: 0 }, ok: true }));
    expect(await within(conversation()).findByText('Searched your mail: “Hetzner”')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(asked!.cancelled).toBe(true);
    expect(await within(conversation()).findByText('You cancelled this question.')).toBeVisible();
    expect(within(conversation()).getByText('Searched your mail: “Hetzner”')).toBeVisible();
  });
});

describe('S15 bubbles, busy state and Cancel', () => {
  it('shows the question and a busy bubble, then the answer with its rounds count', async () => {
    const held = heldAnswer();
    const { user } = setup({ streams: replies(() => held.pending) });
    await ask(user, 'What did the last Hetzner notice say?');

    const log = conversation();
    expect(within(log).getByText('What did the last Hetzner notice say?')).toBeVisible();
    expect(within(log).getByText('Looking through your mailbox…')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Ask' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();

    act(() => held.release(answer('Maintenance on 14 January, 09:30.', { tool_rounds: 2 })));
    expect(await within(log).findByText('Maintenance on 14 January, 09:30.')).toBeVisible();
    expect(within(log).getByText('2 mailbox lookups')).toBeVisible();
    expect(within(log).queryByText('Looking through your mailbox…')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
  });

  it.each([
    [0, '0 mailbox lookups'],
    [1, '1 mailbox lookup'],
    [3, '3 mailbox lookups'],
  ])('says %i rounds as "%s"', async (rounds, text) => {
    const { user } = setup({ streams: replies(() => answer('Yes.', { tool_rounds: rounds })) });
    await ask(user, 'Anything from Hetzner?');
    expect(await within(conversation()).findByText(text)).toBeVisible();
  });

  it('cancels the question in flight by its requestId and says so in its bubble', async () => {
    const { user, invoke, streams } = setup({ streams: replies(() => new Promise(() => {})) });
    await ask(user, 'Summarise the week');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    const [asked] = streams('secretary:ask');
    expect(invoke).toHaveBeenCalledWith('secretary:cancel', { requestId: asked?.requestId });
    expect(asked?.cancelled).toBe(true);
    expect(await within(conversation()).findByText('You cancelled this question.')).toBeVisible();
    expect(within(conversation()).queryByText('Looking through your mailbox…')).not.toBeInTheDocument();
    // The page has already said what happened, and shows no error.
    expect(within(conversation()).queryByText(/did not answer as expected/)).not.toBeInTheDocument();
    expect(questionBox()).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
  });

  it('lets the next question be written while one is on its way, and asks it once the answer is in', async () => {
    const held = heldAnswer();
    const { user, invoke } = setup({ streams: replies(() => held.pending) });
    await ask(user, 'First?');
    await user.type(questionBox(), 'Second?{Enter}');
    expect(asks(invoke)).toHaveLength(1);
    expect(questionBox()).toHaveValue('Second?');

    act(() => held.release(answer('First answer.')));
    await within(conversation()).findByText('First answer.');
    await user.keyboard('{Enter}');
    expect(asks(invoke)).toHaveLength(2);
  });
});

describe('UQ9: answers like the Assistant\'s', () => {
  it('UQ9: Secretary answer has Copy and the model line', async () => {
    const { user, invoke } = setup({ streams: replies(() => answer('Maintenance on **14 January**.', { tool_rounds: 2, duration_ms: 4200 })) });
    await ask(user, 'What did Hetzner say?');
    const log = conversation();
    const meta = (await within(log).findByText('2 mailbox lookups')).closest('p');
    expect(meta).toHaveTextContent(/^\W*gemma-4-26b-a4b-it\W* · 4\.2 s · 2 mailbox lookups$/);
    await user.click(within(log).getByRole('button', { name: 'Copy answer' }));
    expect(invoke).toHaveBeenCalledWith('app:copyText', { text: 'Maintenance on **14 January**.' });
    expect(await screen.findByText('Answer copied to the clipboard.')).toBeInTheDocument();
  });
});

describe('S15 auto-scroll', () => {
  /** jsdom lays nothing out: the log gets a fixed viewport and a content height the test moves. */
  function measure(log: HTMLElement, content: { height: number }) {
    Object.defineProperty(log, 'clientHeight', { configurable: true, get: () => 300 });
    Object.defineProperty(log, 'scrollHeight', { configurable: true, get: () => content.height });
  }

  it('follows new bubbles at the bottom, and leaves a member who scrolled up where they are', async () => {
    const held = [heldAnswer(), heldAnswer()];
    let call = 0;
    const { user } = setup({ streams: replies(() => held[call++]!.pending) });
    await ask(user, 'First?');
    const log = conversation();
    const content = { height: 1000 };
    measure(log, content);

    content.height = 1400;
    act(() => held[0]!.release(answer('A long first answer.')));
    await within(log).findByText('A long first answer.');
    expect(log.scrollTop).toBe(1400);

    content.height = 1600;
    await ask(user, 'Second?');
    expect(log.scrollTop).toBe(1600);

    log.scrollTop = 200;
    fireEvent.scroll(log);
    content.height = 2000;
    act(() => held[1]!.release(answer('The second answer.')));
    await within(log).findByText('The second answer.');
    expect(log.scrollTop).toBe(200);
  });
});

describe('S15 answers as sanitized Markdown', () => {
  const HOSTILE = [
    '**Hetzner** plans maintenance.',
    '',
    '<script>window.hacked = 1</script> <img src="x" onerror="window.hacked = 2"> <iframe src="https://evil.example"></iframe>',
    '',
    '- See [the status page](https://status.hetzner.com/incident/42)',
    '- Not a link: [click](javascript:window.hacked=3) and [plain http](http://insecure.example)',
    '',
    '![tracking pixel](https://track.example/p.png)',
  ].join('\n');

  it('renders Markdown, shows raw HTML as text without making elements of it, and drops images', async () => {
    const { user } = setup({ streams: replies(() => answer(HOSTILE)) });
    await ask(user, 'Hetzner?');
    const log = conversation();
    expect(await within(log).findByText('Hetzner', { selector: 'strong' })).toBeVisible();

    expect(document.querySelector('script, iframe, img, [onerror]')).toBeNull();
    expect(log).toHaveTextContent('<script>window.hacked = 1</script>');
    expect((window as { hacked?: number }).hacked).toBeUndefined();
    expect(within(log).queryByRole('link', { name: 'click' })).not.toBeInTheDocument();
    expect(within(log).queryByRole('link', { name: 'plain http' })).not.toBeInTheDocument();
    expect(within(log).getByText('plain http')).toBeVisible();
    expect(log).not.toHaveTextContent('tracking pixel');
  });

  it('opens an https link of the answer in the system browser, never in the app', async () => {
    const { user, invoke } = setup({ streams: replies(() => answer(HOSTILE)) });
    await ask(user, 'Hetzner?');
    const link = await within(conversation()).findByRole('link', { name: 'the status page' });
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    act(() => {
      link.dispatchEvent(click);
    });
    expect(click.defaultPrevented).toBe(true);
    expect(invoke).toHaveBeenCalledWith('app:openExternal', { url: 'https://status.hetzner.com/incident/42' });
  });
});

describe('Answers cite their mail', () => {
  it('lists each source with sender, subject and localised date, and opens it in Zoho Mail', async () => {
    const { user, invoke } = setup({
      streams: replies(() => answer('Maintenance on the 14th.', { sources: [HETZNER, { ...HETZNER, messageId: '2', subject: '' }] })),
    });
    await ask(user, 'Hetzner?');
    const sources = await within(conversation()).findByRole('list', { name: 'From your mail' });
    const buttons = within(sources).getAllByRole('button');
    expect(buttons.map((item) => item.textContent)).toEqual([
      'Hetzner Online · Scheduled maintenance · Jan 14, 2030, 9:30 AM',
      'Hetzner Online · (no subject) · Jan 14, 2030, 9:30 AM',
    ]);
    await user.click(buttons[0]!);
    expect(invoke).toHaveBeenCalledWith('app:openExternal', { url: HETZNER.webUrl });
  });

  it('writes the date the Spanish way for a Spanish-speaking member', async () => {
    const { user } = setup({ streams: replies(() => answer('Sí.', { sources: [HETZNER] })) }, 'es');
    await user.type(await screen.findByRole('textbox', { name: 'Tu pregunta' }), 'Hetzner?{Enter}');
    expect(await screen.findByRole('button', { name: 'Hetzner Online · Scheduled maintenance · 14 ene 2030, 9:30' })).toBeVisible();
    expect(screen.getByText('1 consulta al buzón')).toBeVisible();
  });

  it("says why a source could not be opened", async () => {
    const { user } = setup({
      streams: replies(() => answer('Yes.', { sources: [HETZNER] })),
      handlers: { 'app:openExternal': () => err('INVALID_INPUT', 'Only https links can be opened.') },
    });
    await ask(user, 'Hetzner?');
    await user.click(await screen.findByRole('button', { name: /Scheduled maintenance/ }));
    expect(await screen.findByText('Something in the request is not valid. Check what you entered and try again.')).toBeVisible();
  });
});

describe('S2 and S12 history', () => {
  it('sends the answered turns with each question, the last 12 only, oldest dropped first', async () => {
    let call = 0;
    const { user, invoke } = setup({
      streams: replies(({ question }) => (question === 'Q3' ? err('UPSTREAM', 'x', { reason: 'overloaded' }) : answer(`A${++call}`))),
    });
    for (const question of ['Q1', 'Q2', 'Q3', 'Q4', 'Q5', 'Q6', 'Q7', 'Q8']) {
      await ask(user, question);
      await within(conversation()).findAllByText(/^(A\d|Gemini is overloaded.*)$/);
      await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Ask' })).toBeEnabled());
    }
    await ask(user, 'Q9');

    const last = asks(invoke).at(-1);
    expect(last?.history).toHaveLength(SECRETARY.historyMaxMessages);
    // Q3 failed: it has no answer to pair with, so it is not sent. Q1 and its answer are the oldest, dropped.
    expect(last?.history).toEqual(
      ['Q2', 'Q4', 'Q5', 'Q6', 'Q7', 'Q8'].flatMap((question, index) => [
        { role: 'user', content: question },
        { role: 'assistant', content: `A${index + 2}` },
      ]),
    );
  });

  it('cuts an answer longer than main accepts in history', async () => {
    const long = 'y'.repeat(SECRETARY.historyMessageMaxChars + 500);
    const { user, invoke } = setup({ streams: replies(() => answer(long)) });
    await ask(user, 'Long?');
    await within(conversation()).findByText(long);
    await ask(user, 'And?');
    expect(asks(invoke)[1]?.history).toEqual([
      { role: 'user', content: 'Long?' },
      { role: 'assistant', content: 'y'.repeat(SECRETARY.historyMessageMaxChars) },
    ]);
  });

  it('writes nothing of the conversation to storage', async () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    const { user } = setup({ streams: replies(() => answer('The marker is Z-7731.', { sources: [HETZNER] })) });
    await ask(user, 'Where is Z-7731?');
    await within(conversation()).findByText('The marker is Z-7731.');

    expect(setItem).not.toHaveBeenCalled();
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
    expect(document.cookie).toBe('');
  });
});

describe('Errors, said so the member can act', () => {
  it.each<[string, AppError, string, string?]>([
    [
      'RATE_LIMITED with the seconds to wait',
      { code: 'RATE_LIMITED', message: 'Main words.', reason: 'rate_limit', retryAfterMs: 41_200 },
      'You have asked too many questions in the last minute.',
      'Try again in 42 seconds.',
    ],
    ['Gemini quota', { code: 'RATE_LIMITED', message: 'Main words.', reason: 'quota', retryAfterMs: 5_000 }, 'The Gemini quota for this key is used up for now.', 'Try again in 5 seconds.'],
    ['Zoho lock', { code: 'UPSTREAM', message: 'Main words.', reason: 'zoho_rate_limited', retryAfterMs: 60_000 }, 'Zoho is limiting how often Staff Desk may ask for now.', 'Try again in 1 minute.'],
    ['Zoho unreachable', { code: 'UPSTREAM', message: 'Main words.', reason: 'zoho_unreachable' }, 'Staff Desk could not reach Zoho in time. Check your internet connection and try again.'],
    ['model timeout', { code: 'UPSTREAM', message: 'Main words.', reason: 'timeout' }, 'Gemini took too long to answer. Try again.'],
    ['too long', { code: 'TOO_LARGE', message: 'Main words.', field: 'question' }, 'That is too long to send. Shorten it and try again.'],
  ])('%s', async (_case, error, message, hint) => {
    const { user } = setup({ streams: replies(() => ({ ok: false, error })) });
    await ask(user, 'Hetzner?');
    const log = conversation();
    expect(await within(log).findByText(message)).toBeVisible();
    if (hint) expect(within(log).getByText(hint)).toBeVisible();
    expect(log).not.toHaveTextContent('Main words.');
    expect(within(log).queryByRole('button', { name: 'Open Settings' })).not.toBeInTheDocument();
  });

  it.each([
    ['zoho_not_connected', 'Your Zoho mailbox is not connected. Connect it in Settings, under Zoho Mail.', 'mailbox'],
    ['zoho_reconnect_needed', "Zoho no longer accepts Staff Desk's access to your mailbox (it was revoked or has lapsed). Connect it again in Settings.", 'mailbox'],
    ['missing_key', 'No Gemini API key is saved on this computer. Add your key in Settings.', 'gemini'],
  ])('points to the Settings section with a button when something must be set up: %s', async (reason, message, section) => {
    const { user, openPane } = setup({ streams: replies(() => err('NOT_CONFIGURED', 'Main words.', { reason })) });
    await ask(user, 'Hetzner?');
    expect(await within(conversation()).findByText(message)).toBeVisible();
    await user.click(within(conversation()).getByRole('button', { name: 'Open Settings' }));
    expect(openPane).toHaveBeenCalledWith('settings', { section });
  });

  it('says it in Spanish', async () => {
    const { user } = setup({ streams: replies(() => err('NOT_CONFIGURED', 'Main words.', { reason: 'zoho_not_connected' })) }, 'es');
    await user.type(await screen.findByRole('textbox', { name: 'Tu pregunta' }), 'Hetzner?{Enter}');
    expect(await within(screen.getByRole('log', { name: 'Conversación con el secretario' })).findByText('Tu buzón de Zoho no está conectado. Conéctalo en Ajustes, en Zoho Mail.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Abrir Ajustes' })).toBeVisible();
  });
});

describe('the latest pass and the conversation, one log (issue 11)', () => {
  it('puts the pass at the top of the log, above the conversation, with the question box after the log', async () => {
    const { user } = setup({ streams: replies(() => answer('Nothing urgent.')) });
    const box = await screen.findByRole('textbox', { name: 'Your question' });
    const log = conversation();
    const runPass = await within(log).findByRole('button', { name: 'Run pass now' });
    await ask(user, 'Anything urgent?');
    const question = await within(log).findByText('Anything urgent?');
    expect(runPass.compareDocumentPosition(question) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(log.contains(box)).toBe(false);
  });

  it('leaves the log at its top while there is no conversation: the pass is read from its first line', async () => {
    setup();
    await screen.findByRole('textbox', { name: 'Your question' });
    const log = conversation();
    Object.defineProperty(log, 'clientHeight', { configurable: true, get: () => 300 });
    Object.defineProperty(log, 'scrollHeight', { configurable: true, get: () => 900 });
    await within(log).findByRole('button', { name: 'Run pass now' });
    expect(log.scrollTop).toBe(0);
  });
});

describe('example questions in an empty conversation (issue 11)', () => {
  const EXAMPLES = [
    'Which emails are waiting for my reply?',
    'Did any invoices or payment notices arrive this week?',
    'What is the latest email I received about?',
  ];

  it('offers questions any mailbox answers; a click asks one at once, and they give way to the conversation', async () => {
    const { user, invoke } = setup({ streams: replies(({ question }) => answer(`About: ${question}`)) });
    const list = await screen.findByRole('list', { name: 'Try asking' });
    expect(within(list).getAllByRole('button').map((button) => button.textContent)).toEqual(EXAMPLES);

    await user.click(within(list).getByRole('button', { name: EXAMPLES[0] }));
    expect(asks(invoke)).toEqual([{ question: EXAMPLES[0], history: [] }]);
    expect(await within(conversation()).findByText(`About: ${EXAMPLES[0]}`)).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Try asking' })).not.toBeInTheDocument();
    expect(questionBox()).toHaveFocus();
  });

  it('are reached with the keyboard from the question box and asked with Enter', async () => {
    const { user, invoke } = setup();
    await screen.findByRole('list', { name: 'Try asking' });
    questionBox().focus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: EXAMPLES[2] })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(asks(invoke)[0]?.question).toBe(EXAMPLES[2]);
  });

  it('are asked in the member language', async () => {
    const { user, invoke } = setup({}, 'es');
    const list = await screen.findByRole('list', { name: 'Prueba a preguntar' });
    await user.click(within(list).getByRole('button', { name: '¿Qué correos esperan mi respuesta?' }));
    expect(asks(invoke)[0]?.question).toBe('¿Qué correos esperan mi respuesta?');
  });
});

describe('UQ9: a revoked mailbox', () => {
  it('UQ9: a revoked mailbox shows its banner as soon as it is known, without a reload', async () => {
    const { user, emit, invoke } = setup({
      streams: replies(() => {
          // Main learns of the refusal while it reads mail for the question, and says so before it answers.
          emit('zoho:changed', { state: 'reconnect_needed' });
          return err('NOT_CONFIGURED', 'x', { reason: 'zoho_reconnect_needed' });
        }),
    });
    await ask(user, 'Anything from Hetzner?');
    const sentence = "Zoho no longer accepts Staff Desk's access to your mailbox (it was revoked or has lapsed). Connect it again in Settings.";
    // Above the log, where the pane stands in front of the mailbox, not only in the failed answer's bubble.
    // (The hidden log that reads finished answers aloud says it too: that is the answer, not the banner.)
    const announcements = screen.getByRole('log', { name: 'Finished answers' });
    const banners = () => screen.getAllByText(sentence).filter((line) => !conversation().contains(line) && !announcements.contains(line));
    await vi.waitFor(() => expect(banners()).toHaveLength(1));
    expect(invoke.mock.calls.filter(([channel]) => channel === 'zoho:status')).toHaveLength(1);
  });
});

describe('Without a connected mailbox', () => {
  it.each<[string, FakeMainOptions]>([
    ['no OAuth client', { zohoMailbox: undefined }],
    ['client but no mailbox', { zohoMailbox: undefined, configured: ['zoho.clientId', 'zoho.clientSecret'] }],
  ])('says so and points to Settings instead of a question box: %s', async (_case, options) => {
    const main = createFakeMain(options);
    const user = userEvent.setup();
    const openPane = vi.fn();
    renderWithApp(<SecretaryPane openPane={openPane} />, { api: main.api });

    expect(await screen.findByText('The secretary reads your Zoho mailbox, and it is not connected yet.')).toBeVisible();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Run pass now' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Connect Zoho Mail in Settings' }));
    expect(openPane).toHaveBeenCalledWith('settings', { section: 'mailbox' });
  });

  it('says why the mailbox could not be checked, and checks again on request', async () => {
    let failing = true;
    const { user } = setup({
      handlers: { 'zoho:status': () => (failing ? err('UPSTREAM', 'x', { reason: 'zoho_unreachable' }) : ok({ state: 'connected', email: MAILBOX, dataCentre: 'eu', canDraft: false })) },
    });
    expect(await screen.findByText('Staff Desk could not reach Zoho in time. Check your internet connection and try again.')).toBeVisible();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('textbox', { name: 'Your question' })).toBeVisible();
  });
});

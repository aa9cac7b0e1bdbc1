import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { NOTICE } from '../../../shared/limits';
import { DEGRADED_ANSWER, type AssistantDone, type AssistantStep } from '../../../shared/assistant';
import { DEFAULT_SETTINGS } from '../../../shared/settings';
import { createFakeMain, type FakeMainOptions } from '../testing/fake-main';
import { renderWithApp } from '../testing/render-with-app';
import { isolated } from '../ui/bidi-isolate';
import { AssistantPane } from './assistant-pane';

const SEARCH_STEP: AssistantStep = {
  tool: 'search_knowledge',
  args: { query: 'gemini key' },
  result: { mode: 'vector', passages: [{ title: 'Gemini API key' }, { title: 'Settings' }] },
  ok: true,
};

function done(answer: string, extra: Partial<AssistantDone> = {}): AssistantDone {
  return {
    answer,
    steps: [],
    sources: [],
    degraded: false,
    incomplete: false,
    model: DEFAULT_SETTINGS.models.assistant,
    duration_ms: 1800,
    ...extra,
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

function setup(options: FakeMainOptions = {}, systemLang: 'en' | 'ar' = 'en') {
  const main = createFakeMain(options);
  const user = userEvent.setup();
  const openPane = vi.fn();
  renderWithApp(<AssistantPane openPane={openPane} />, { api: main.api, systemLang });
  return { ...main, user, openPane };
}

const conversation = () => screen.getByRole('log', { name: 'Conversation with the assistant' });
const chats = (invoke: ReturnType<typeof createFakeMain>['invoke']) =>
  invoke.mock.calls.filter(([channel]) => channel === 'assistant:chat').map(([, input]) => input);

async function ask(user: ReturnType<typeof userEvent.setup>, question: string) {
  await user.type(await screen.findByRole('textbox', { name: 'Your question' }), `${question}{Enter}`);
}

/** Lets the page take in what main sent, up to the next animation frame (the stream is shown once a frame). */
const nextFrame = () => act(() => new Promise((resolve) => requestAnimationFrame(resolve)));

describe('asking the assistant', () => {
  it('streams the answer as it comes, shows each step it took as it happens, then its sources and what it used', async () => {
    const { user, invoke, streams } = setup();
    await ask(user, 'How do I add my Gemini key?');
    expect(chats(invoke)).toEqual([{ message: 'How do I add my Gemini key?', history: [], lang: 'en' }]);
    const [call] = streams('assistant:chat');

    act(() => call!.progress('assistant:step', SEARCH_STEP));
    await nextFrame();
    const steps = within(conversation()).getByRole('list', { name: 'What the assistant did' });
    expect(within(steps).getByText('Searched the notes for “gemini key”')).toBeInTheDocument();
    expect(within(steps).getByText(/2 passages/)).toBeInTheDocument();

    // What the model asked with and got back, a click away.
    await user.click(within(steps).getByText('Searched the notes for “gemini key”'));

    act(() => call!.progress('assistant:chunk', { text: 'Open **Settings**, ' }));
    await nextFrame();
    expect(within(conversation()).getByText('Settings', { selector: 'strong' })).toBeInTheDocument();
    act(() => call!.progress('assistant:chunk', { text: 'then paste the key.' }));
    await nextFrame();
    expect(conversation()).toHaveTextContent('Open Settings, then paste the key.');
    expect(conversation()).toHaveTextContent('Writing…');

    const source = { kind: 'note' as const, title: 'Gemini API key', path: 'en/gemini-api-key.md', chunkTitle: 'Gemini API key > Saving it', relevance: 0.71 };
    act(() => call!.finish(done('Open **Settings**, then paste the key.', { steps: [SEARCH_STEP], sources: [source] })));
    expect(await within(conversation()).findByText(`${isolated('gemini-3.8-flash')} · 1.8 s`)).toBeInTheDocument();
    expect(conversation()).not.toHaveTextContent('Writing…');
    await user.click(within(conversation()).getByRole('button', { name: /Gemini API key/ }));
    expect(invoke).toHaveBeenCalledWith('oracle:openNote', { path: 'en/gemini-api-key.md' });

    // The step's details, opened while the answer streamed, stay open once it is done.
    const step = within(steps).getByText('Searched the notes for “gemini key”').closest('details')!;
    expect(step).toHaveAttribute('open');
    expect(within(step).getByText('gemini key')).toBeInTheDocument();
  });

  it('lists the notes it drew on in the order of their relevance, though its searches found them in another (issue 11)', async () => {
    const { user, streams } = setup();
    await ask(user, 'VPN and Wi-Fi?');
    const note = (title: string, relevance: number) => ({ kind: 'note' as const, title, path: `en/${title}.md`, chunkTitle: title, relevance });
    // Two searches: the first found the Wi-Fi note, the second a closer one about the VPN.
    act(() => streams('assistant:chat')[0]!.finish(done('Both are in the notes.', { sources: [note('wifi', 0.68), note('vpn', 0.83), note('printer', 0.7)] })));
    const sources = await within(conversation()).findByRole('list', { name: 'From the notes' });
    expect(within(sources).getAllByRole('meter').map((meter) => meter.getAttribute('aria-valuetext'))).toEqual(['0.83', '0.70', '0.68']);
  });

  it('asks in the language of the app, whatever the member writes in (G5)', async () => {
    const { user, invoke } = setup({}, 'ar');
    await user.type(await screen.findByRole('textbox'), 'How do I connect my mailbox?{Enter}');
    expect(chats(invoke)).toEqual([{ message: 'How do I connect my mailbox?', history: [], lang: 'ar' }]);
  });

  it('copies an answer through main, and says so', async () => {
    const { user, invoke, streams } = setup();
    await ask(user, 'Hi');
    act(() => streams('assistant:chat')[0]!.finish(done('Hello, Ana.')));
    await user.click(await within(conversation()).findByRole('button', { name: 'Copy answer' }));
    expect(invoke).toHaveBeenCalledWith('app:copyText', { text: 'Hello, Ana.' });
    expect(await screen.findByText('Answer copied to the clipboard.')).toBeInTheDocument();
  });

  it('UQ4: says an answer was copied for a few seconds only, then gives the room back to the conversation', async () => {
    const { user, streams } = setup();
    await ask(user, 'Hi');
    act(() => streams('assistant:chat')[0]!.finish(done('Hello, Ana.')));
    const copy = await within(conversation()).findByRole('button', { name: 'Copy answer' });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    // Clicked without user-event, whose pauses wait on the timers faked here.
    await act(async () => copy.click());

    expect(screen.getByText('Answer copied to the clipboard.')).toBeVisible();
    act(() => vi.advanceTimersByTime(NOTICE.transientMs));
    expect(screen.queryByText('Answer copied to the clipboard.')).not.toBeInTheDocument();
  });

  it('carries the answered turns as history, but not a fallback answer (G3)', async () => {
    const { user, invoke, streams } = setup();
    await ask(user, 'First question');
    act(() => streams('assistant:chat')[0]!.finish(done('First answer.')));
    await within(conversation()).findByText('First answer.');
    await ask(user, 'Second question');
    act(() => streams('assistant:chat')[1]!.finish(done(DEGRADED_ANSWER.en, { degraded: true })));
    expect(await within(conversation()).findByText('Gemini could not be reached, so this is a fallback, not an answer.')).toBeInTheDocument();
    await ask(user, 'Third question');
    expect(chats(invoke)[2]).toMatchObject({
      history: [
        { role: 'user', content: 'First question' },
        { role: 'assistant', content: 'First answer.' },
      ],
    });
  });

  it('shows the real host of a link a mail talked the model into writing, beside its innocent words', async () => {
    const { user, streams } = setup();
    await ask(user, 'Where is my invoice?');
    act(() => streams('assistant:chat')[0]!.finish(done('It is [in your Zoho inbox](https://evil.example/c?d=1709876190693100009).')));
    const link = await within(conversation()).findByRole('link', { name: 'in your Zoho inbox' });
    expect(link.parentElement).toHaveTextContent('in your Zoho inbox (evil.example)');
  });

  it('marks an answer cut short, keeping what had arrived', async () => {
    const { user, streams } = setup();
    await ask(user, 'Summarise the VPN guide');
    act(() => streams('assistant:chat')[0]!.finish(done('The VPN guide says to', { degraded: true, incomplete: true })));
    expect(await within(conversation()).findByText('The answer stops here: Gemini stopped responding before it was finished.')).toBeInTheDocument();
    expect(conversation()).toHaveTextContent('The VPN guide says to');
  });
});

describe('UQ9: what the assistant did, readable', () => {
  it('UQ9: step details round numbers, render Markdown and show wiki links as names', async () => {
    const { user, streams } = setup();
    await ask(user, 'How do I add my Gemini key?');
    const passage = [
      '<<<UNTRUSTED NOTE DATA 0a1b2c>>>',
      'Title: Gemini API key',
      '',
      'Paste it in **Settings**, as [[Gemini API key#Saving it|the key note]] and [[Settings]] say.',
      '<<<END UNTRUSTED NOTE DATA 0a1b2c>>>',
    ].join('\n');
    const step: AssistantStep = {
      tool: 'search_knowledge',
      args: { query: 'gemini key' },
      result: { mode: 'vector', passages: [{ relevance: 0.716623, text: passage }] },
      ok: true,
    };
    act(() => streams('assistant:chat')[0]!.finish(done('Open Settings.', { steps: [step] })));
    const steps = await within(conversation()).findByRole('list', { name: 'What the assistant did' });
    await user.click(within(steps).getByText('Searched the notes for “gemini key”'));
    const details = within(steps).getByText('Searched the notes for “gemini key”').closest('details')!;

    expect(within(details).getByText('0.72')).toBeVisible();
    expect(details).not.toHaveTextContent('0.716623');
    expect(within(details).getByText('Settings', { selector: 'strong' })).toBeVisible();
    expect(details).toHaveTextContent('Paste it in Settings, as the key note and Settings say.');
    expect(details).not.toHaveTextContent('[[');
    expect(details).not.toHaveTextContent('**');
    expect(details).not.toHaveTextContent('UNTRUSTED');
  });
});

describe('reading a long answer', () => {
  it('brings an answer taller than the log into view at its first line, and leaves it there as it grows', async () => {
    const { user, streams } = setup();
    await ask(user, 'Walk me through onboarding');
    const log = conversation();
    // jsdom lays nothing out: the log is 300 px high and its newest answer starts 500 px below the log's top.
    Object.defineProperty(log, 'clientHeight', { configurable: true, get: () => 300 });
    Object.defineProperty(log, 'scrollHeight', { configurable: true, get: () => 2000 });
    const rects = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const answerTop = this.classList.contains('bubble-assistant') ? 500 - log.scrollTop : 0;
      const height = this.classList.contains('bubble-assistant') ? 900 : 300;
      return DOMRect.fromRect({ x: 0, y: answerTop, width: 600, height });
    });
    log.scrollTop = 100;

    const [call] = streams('assistant:chat');
    act(() => call!.progress('assistant:chunk', { text: 'Step one: get your laptop. ' }));
    await nextFrame();
    // The answer's first line sits 8 px below the log's top edge, not its last line at the bottom.
    expect(log.scrollTop).toBe(492);
    act(() => call!.progress('assistant:chunk', { text: 'Step two: sign in. ' }));
    await nextFrame();
    expect(log.scrollTop).toBe(492);
    rects.mockRestore();
  });
});

describe('stopping and failing', () => {
  it('Cancel stops the stream in main and keeps what had already arrived on screen', async () => {
    const { user, invoke, streams } = setup();
    await ask(user, 'Tell me about the onboarding steps');
    const [call] = streams('assistant:chat');
    act(() => call!.progress('assistant:chunk', { text: 'First, you get a laptop' }));
    await nextFrame();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(invoke).toHaveBeenCalledWith('assistant:cancel', { requestId: call!.requestId });
    expect(call!.cancelled).toBe(true);
    expect(conversation()).toHaveTextContent('First, you get a laptop');
    expect(conversation()).toHaveTextContent('You cancelled this question.');
  });

  it('without a key: says what to do, with the way to Settings', async () => {
    const { user, streams, openPane } = setup();
    await ask(user, 'Hello');
    act(() => streams('assistant:chat')[0]!.fail({ code: 'NOT_CONFIGURED', message: 'Add your Gemini API key in Settings.', reason: 'missing_key' }));
    await user.click(await within(conversation()).findByRole('button', { name: 'Open Settings' }));
    expect(openPane).toHaveBeenCalledWith('settings', { section: 'gemini' });
  });

  it('too many questions: counts down to when the member may ask again (G9)', async () => {
    // The clock moves only when the test says: a loaded machine must not make a second pass between two checks.
    vi.useFakeTimers({ toFake: ['setInterval', 'Date'] });
    try {
      const { user, streams } = setup();
      await ask(user, 'One more');
      act(() =>
        streams('assistant:chat')[0]!.fail({ code: 'RATE_LIMITED', message: 'Slow down.', reason: 'rate_limit', retryAfterMs: 3_000 }),
      );
      expect(await within(conversation()).findByText('Try again in 3 seconds.')).toBeInTheDocument();
      // The countdown's clock starts in an effect: let it run before the time moves, however loaded the machine.
      await act(async () => {});
      act(() => vi.advanceTimersByTime(1_000));
      expect(within(conversation()).getByText('Try again in 2 seconds.')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(2_000));
      expect(within(conversation()).getByText('You can try again now.')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});

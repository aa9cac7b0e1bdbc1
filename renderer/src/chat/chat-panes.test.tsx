import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ComponentType, type ReactNode } from 'react';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../shared/settings';
import { err, ok, type Result } from '../../../shared/result';
import { AssistantPane } from '../assistant/assistant-pane';
import type { PaneProps } from '../navigation/pane-id';
import { OraclePane } from '../oracle/oracle-pane';
import { SecretaryPane } from '../secretary/secretary-pane';
import { createFakeMain, type FakeCall, type FakeMainOptions } from '../testing/fake-main';
import { renderWithApp } from '../testing/render-with-app';

/**
 * What main does with the next question: answers it (with its words in the answer), fails, is refused by Gemini's
 * quota with a wait to sit out, or keeps it waiting.
 */
type Next = 'answer' | 'fail' | 'quota' | 'hold';

const OVERLOADED = err('UPSTREAM', 'The model is overloaded.', { reason: 'overloaded' });
const STOPPED = err('UPSTREAM', 'The request was cancelled.', { reason: 'cancelled' });
const QUOTA_WAIT_MS = 20_000;
const QUOTA = err('RATE_LIMITED', 'Quota exceeded.', { reason: 'quota', retryAfterMs: QUOTA_WAIT_MS });
const answerTo = (question: string) => `The answer to ${question}`;

/** A unary ask that main answers as `next` says; one held stops when the page cancels it, as main does. */
function unary<A>(next: () => Next, answer: (text: string) => A) {
  return ({ question }: { question: string }, call: FakeCall): Promise<Result<A>> => {
    switch (next()) {
      case 'answer':
        return Promise.resolve(ok(answer(answerTo(question))));
      case 'fail':
        return Promise.resolve(OVERLOADED);
      case 'quota':
        return Promise.resolve(QUOTA);
      case 'hold':
        return new Promise((resolve) => call.signal.addEventListener('abort', () => resolve(STOPPED)));
    }
  };
}

interface ChatCase {
  readonly name: string;
  readonly Pane: ComponentType<PaneProps>;
  readonly log: string;
  /** The channel that asks, and the one that cancels. */
  readonly askChannel: string;
  readonly cancelChannel: string;
  /** The question as the channel's input carries it. */
  readonly questionOf: (input: unknown) => string;
  readonly options: (next: () => Next) => FakeMainOptions;
}

const CASES: readonly ChatCase[] = [
  {
    name: 'the Secretary',
    Pane: SecretaryPane,
    log: 'Conversation with the secretary',
    askChannel: 'secretary:ask',
    cancelChannel: 'secretary:cancel',
    questionOf: (input) => (input as { question: string }).question,
    options: (next) => ({
      zohoMailbox: 'ana.perez@crearack.example',
      streams: {
        'secretary:ask': (stream) => {
          const kind = next();
          if (kind === 'fail') stream.fail(OVERLOADED.error);
          if (kind === 'quota') stream.fail(QUOTA.error);
          if (kind === 'answer') {
            stream.finish({ answer: answerTo(stream.input.question), tool_rounds: 1, duration_ms: 900, model: 'gemma-4-26b-a4b-it', sources: [] });
          }
        },
      },
    }),
  },
  {
    name: 'the Oracle',
    Pane: OraclePane,
    log: 'Conversation with the oracle',
    askChannel: 'oracle:ask',
    cancelChannel: 'oracle:cancel',
    questionOf: (input) => (input as { question: string }).question,
    options: (next) => ({
      handlers: {
        'oracle:ask': unary(next, (answer) => ({
          answer,
          sources: [],
          model: DEFAULT_SETTINGS.models.oracle,
          chunks_used: 0,
          duration_ms: 900,
          mode: 'hybrid' as const,
          kind: 'answer' as const,
        })),
      },
    }),
  },
  {
    name: 'the Assistant',
    Pane: AssistantPane,
    log: 'Conversation with the assistant',
    askChannel: 'assistant:chat',
    cancelChannel: 'assistant:cancel',
    questionOf: (input) => (input as { message: string }).message,
    options: (next) => ({
      streams: {
        'assistant:chat': (stream) => {
          const kind = next();
          if (kind === 'fail') stream.fail(OVERLOADED.error);
          if (kind === 'quota') stream.fail(QUOTA.error);
          if (kind === 'answer') {
            const answer = answerTo(stream.input.message);
            stream.finish({ answer, steps: [], sources: [], degraded: false, incomplete: false, model: DEFAULT_SETTINGS.models.assistant, duration_ms: 900 });
          }
        },
      },
    }),
  },
];

afterEach(() => {
  vi.restoreAllMocks();
});

/** The pane, with a way to leave it and come back, as the shell's tabs do: the conversation is held above it. */
function Visited({ children }: { children: ReactNode }) {
  const [away, setAway] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setAway((was) => !was)}>
        {away ? 'Come back' : 'Go elsewhere'}
      </button>
      {!away && children}
    </>
  );
}

describe.each(CASES)('$name', ({ Pane, log, askChannel, cancelChannel, questionOf, options }) => {
  function setup(...script: Next[]) {
    const queue = [...script];
    const main = createFakeMain(options(() => queue.shift() ?? 'answer'));
    const user = userEvent.setup();
    renderWithApp(
      <Visited>
        <Pane openPane={vi.fn()} />
      </Visited>,
      { api: main.api },
    );
    const asked = () => main.invoke.mock.calls.filter(([channel]) => channel === askChannel).map(([, input]) => questionOf(input));
    const cancels = () => main.invoke.mock.calls.filter(([channel]) => channel === cancelChannel);
    return { ...main, user, asked, cancels };
  }

  const conversation = () => screen.getByRole('log', { name: log });
  const questionBox = () => screen.getByRole('textbox', { name: 'Your question' });
  async function ask(user: ReturnType<typeof userEvent.setup>, question: string) {
    await user.type(await screen.findByRole('textbox', { name: 'Your question' }), `${question}{Enter}`);
  }

  it('asks a failed question again with Ask again, from the keyboard, without retyping it', async () => {
    const { user, asked } = setup('fail', 'answer');
    await ask(user, 'Where is the VPN guide?');
    const retry = await within(conversation()).findByRole('button', { name: 'Ask again' });
    expect(questionBox()).toHaveValue('');

    retry.focus();
    await user.keyboard('{Enter}');
    expect(await within(conversation()).findByText(answerTo('Where is the VPN guide?'))).toBeVisible();
    expect(asked()).toEqual(['Where is the VPN guide?', 'Where is the VPN guide?']);
    // The attempt that failed gives way to the one that answered; the keyboard is back where questions are written.
    expect(within(conversation()).getAllByText('Where is the VPN guide?')).toHaveLength(1);
    expect(within(conversation()).queryByRole('button', { name: 'Ask again' })).not.toBeInTheDocument();
    expect(questionBox()).toHaveFocus();
  });

  it('UQ4: counts a quota wait down from the refusal across a visit elsewhere, and holds Ask again until it is over', async () => {
    // The clock moves only when the test says: a loaded machine must not make a second pass between two checks.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const { user, asked } = setup('quota', 'answer');
    await ask(user, 'Where is the VPN guide?');
    expect(await within(conversation()).findByText('Try again in 20 seconds.')).toBeVisible();
    expect(within(conversation()).getByRole('button', { name: 'Ask again' })).toBeDisabled();

    act(() => vi.advanceTimersByTime(5_000));
    expect(within(conversation()).getByText('Try again in 15 seconds.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Go elsewhere' }));
    expect(screen.queryByRole('log')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Come back' }));
    // Where it was, not 20 seconds again: the wait is the refusal's, not the pane's.
    expect(within(conversation()).getByText('Try again in 15 seconds.')).toBeVisible();
    expect(within(conversation()).getByRole('button', { name: 'Ask again' })).toBeDisabled();

    act(() => vi.advanceTimersByTime(15_000));
    expect(within(conversation()).getByText('You can try again now.')).toBeVisible();
    await user.click(within(conversation()).getByRole('button', { name: 'Ask again' }));
    expect(await within(conversation()).findByText(answerTo('Where is the VPN guide?'))).toBeVisible();
    expect(asked()).toEqual(['Where is the VPN guide?', 'Where is the VPN guide?']);
  });

  it('asks a cancelled question again with Ask again', async () => {
    const { user, asked } = setup('hold', 'answer');
    await ask(user, 'What changed this week?');
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await within(conversation()).findByText('You cancelled this question.')).toBeVisible();

    await user.click(within(conversation()).getByRole('button', { name: 'Ask again' }));
    expect(await within(conversation()).findByText(answerTo('What changed this week?'))).toBeVisible();
    expect(asked()).toEqual(['What changed this week?', 'What changed this week?']);
  });

  it('offers Ask again only once nothing else is on its way: one question at a time', async () => {
    const { user } = setup('fail', 'hold');
    await ask(user, 'First?');
    await within(conversation()).findByRole('button', { name: 'Ask again' });
    await ask(user, 'Second?');
    expect(within(conversation()).queryByRole('button', { name: 'Ask again' })).not.toBeInTheDocument();
  });

  it('Escape stops the question on its way, wherever the focus is in the chat', async () => {
    const { user, cancels } = setup('hold', 'hold');
    await ask(user, 'A long one?');
    await screen.findByRole('button', { name: 'Cancel' });
    await user.keyboard('{Escape}');
    expect(await within(conversation()).findByText('You cancelled this question.')).toBeVisible();
    expect(cancels()).toHaveLength(1);
    expect(questionBox()).toHaveFocus();

    await ask(user, 'Another long one?');
    conversation().focus();
    await user.keyboard('{Escape}');
    expect(await within(conversation()).findAllByText('You cancelled this question.')).toHaveLength(2);
    expect(cancels()).toHaveLength(2);
  });

  it('Escape with nothing on its way changes nothing', async () => {
    const { user, cancels } = setup('answer');
    await ask(user, 'Quick?');
    await within(conversation()).findByText(answerTo('Quick?'));
    await user.keyboard('{Escape}');
    expect(cancels()).toEqual([]);
    expect(within(conversation()).queryByText('You cancelled this question.')).not.toBeInTheDocument();
  });

  it('New conversation can be undone until the next question, and the history comes back with it', async () => {
    const { user, invoke } = setup();
    await ask(user, 'Topic one?');
    await within(conversation()).findByText(answerTo('Topic one?'));
    const histories = () => invoke.mock.calls.filter(([channel]) => channel === askChannel).map(([, input]) => (input as { history: unknown[] }).history);

    await user.click(screen.getByRole('button', { name: 'New conversation' }));
    expect(within(conversation()).queryByText(answerTo('Topic one?'))).not.toBeInTheDocument();
    expect(screen.getByText('Conversation cleared.')).toBeVisible();
    expect(questionBox()).toHaveFocus();

    // The way back is just before the question box: Dismiss, then Undo.
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Dismiss' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Undo' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(within(conversation()).getByText(answerTo('Topic one?'))).toBeVisible();
    expect(screen.queryByText('Conversation cleared.')).not.toBeInTheDocument();
    expect(questionBox()).toHaveFocus();

    // Brought back, the conversation goes on: the next question carries it.
    await ask(user, 'Topic two?');
    await within(conversation()).findByText(answerTo('Topic two?'));
    expect(histories().at(-1)).toHaveLength(2);
  });

  it('the next question, or Dismiss, ends the offer to undo', async () => {
    const { user } = setup();
    await ask(user, 'Topic one?');
    await within(conversation()).findByText(answerTo('Topic one?'));
    await user.click(screen.getByRole('button', { name: 'New conversation' }));
    await ask(user, 'Fresh start?');
    await within(conversation()).findByText(answerTo('Fresh start?'));
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
    expect(within(conversation()).queryByText(answerTo('Topic one?'))).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New conversation' }));
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
    expect(screen.queryByText('Conversation cleared.')).not.toBeInTheDocument();
    expect(questionBox()).toHaveFocus();
  });

  it('keeps the question box outside the log, after it', async () => {
    setup();
    const box = await screen.findByRole('textbox', { name: 'Your question' });
    const log = conversation();
    expect(log.contains(box)).toBe(false);
    expect(log.compareDocumentPosition(box) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});

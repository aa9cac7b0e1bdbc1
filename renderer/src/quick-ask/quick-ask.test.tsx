import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AssistantDone } from '../../../shared/assistant';
import { DEFAULT_SETTINGS } from '../../../shared/settings';
import { ApiContext } from '../api';
import { createFakeMain, type FakeMainOptions } from '../testing/fake-main';
import { QuickAsk } from './quick-ask';
import { ConversationProviders } from '../conversation-providers';

function setup(options: FakeMainOptions = { configured: ['gemini.apiKey'] }) {
  const main = createFakeMain(options);
  const user = userEvent.setup();
  render(
    <ApiContext value={main.api}>
      <ConversationProviders systemLang="en">
        <QuickAsk />
      </ConversationProviders>
    </ApiContext>,
  );
  return { ...main, user };
}

const callsTo = (invoke: ReturnType<typeof createFakeMain>['invoke'], name: string) =>
  invoke.mock.calls.filter(([channel]) => channel === name).map(([, input]) => input);
const target = () => screen.getByRole('radio', { checked: true });
/** The question box, named for who answers it. */
const box = () => screen.getByRole('textbox');
/** Where the answer shows (a screen reader is told it apart, once it is whole). */
const answer = () => screen.getByRole('region', { name: 'Answer' });
const nextFrame = () => act(() => new Promise((resolve) => requestAnimationFrame(resolve)));

function done(answer: string): AssistantDone {
  return { answer, steps: [], sources: [], degraded: false, incomplete: false, model: DEFAULT_SETTINGS.models.assistant, duration_ms: 1200 };
}

describe('the quick-ask window', () => {
  it('asks the Assistant on Enter and streams its answer in place, with the steps it took', async () => {
    const { user, invoke, streams } = setup();
    await user.type(await screen.findByRole('textbox', { name: 'Ask the Assistant…' }), 'What time is it?{Enter}');
    expect(callsTo(invoke, 'assistant:chat')).toEqual([{ message: 'What time is it?', history: [], lang: 'en' }]);
    expect(box()).toHaveValue('');
    expect(screen.getByText('What time is it?')).toBeVisible();

    const [call] = streams('assistant:chat');
    act(() => call!.progress('assistant:step', { tool: 'get_server_time', args: {}, result: { time: '10:15' }, ok: true }));
    act(() => call!.progress('assistant:chunk', { text: 'It is a quarter past ten ' }));
    await nextFrame();
    expect(screen.getByText(/It is a quarter past ten/)).toBeVisible();
    expect(screen.getByText('Writing…')).toBeVisible();
    act(() => call!.finish(done('It is a quarter past ten in Ulaanbaatar.')));
    expect(await within(answer()).findByText('It is a quarter past ten in Ulaanbaatar.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Copy answer' })).toBeVisible();
  });

  it('Tab in the box goes round the Assistant, the Secretary and the Oracle, and the question goes to the one chosen', async () => {
    const { user, invoke } = setup();
    await user.click(await screen.findByRole('textbox', { name: 'Ask the Assistant…' }));
    await user.tab();
    expect(target()).toHaveAccessibleName('Secretary');
    expect(box()).toHaveFocus();
    expect(box()).toHaveAccessibleName('Ask about your mail…');
    await user.tab();
    expect(target()).toHaveAccessibleName('Oracle');
    await user.tab({ shift: true });
    expect(target()).toHaveAccessibleName('Secretary');
    await user.type(box(), 'Anything from Marta?{Enter}');
    expect(callsTo(invoke, 'secretary:ask')).toEqual([expect.objectContaining({ question: 'Anything from Marta?' })]);
    expect(await within(answer()).findByText('You asked: Anything from Marta?')).toBeVisible();
  });

  it('a prefix routes the question: "/notes " to the Oracle, and the hint says so', async () => {
    const { user, invoke } = setup();
    const input = await screen.findByRole('textbox', { name: 'Ask the Assistant…' });
    expect(input).toHaveAccessibleDescription(/or start with \u2068\/mail\u2069 or \u2068\/notes\u2069/);
    expect(screen.getByText('Chat with a Gemini assistant that shows you every step it takes.')).toBeVisible();
    await user.type(input, '/notes how do I connect Zoho?');
    expect(target()).toHaveAccessibleName('Oracle');
    expect(box()).toHaveValue('how do I connect Zoho?');
    expect(screen.getByText("Get answers from the team's knowledge base, with links to the notes they come from.")).toBeVisible();
    await user.keyboard('{Enter}');
    expect(callsTo(invoke, 'oracle:ask')).toEqual([expect.objectContaining({ question: 'how do I connect Zoho?' })]);
    expect(callsTo(invoke, 'assistant:chat')).toEqual([]);
  });

  it('Escape asks main to hide the window', async () => {
    const { user, invoke } = setup();
    await user.click(await screen.findByRole('textbox', { name: 'Ask the Assistant…' }));
    await user.keyboard('{Escape}');
    expect(callsTo(invoke, 'desktop:hideQuickAsk')).toEqual([{}]);
  });

  it('focuses the question box, its text selected, each time its window is shown', async () => {
    const { user } = setup();
    const input = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Ask the Assistant…' });
    await user.type(input, 'draft');
    input.blur();
    act(() => window.dispatchEvent(new Event('focus')));
    expect(input).toHaveFocus();
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, 5]);
  });

  it('signed out, says so and offers the app, where signing in is done, in place of the window', async () => {
    const { user, invoke } = setup({ auth: { state: 'signed_out' }, configured: ['gemini.apiKey'] });
    expect(await screen.findByText('Sign in to Staff Desk first, then ask from here.')).toBeVisible();
    expect(box()).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Open Staff Desk' }));
    expect(callsTo(invoke, 'desktop:hideQuickAsk')).toEqual([{ open: 'app' }]);
  });

  it('without a Gemini key, says so and opens Settings in the app', async () => {
    const { user, invoke } = setup({ configured: [] });
    expect(await screen.findByText('Add your Gemini API key in Staff Desk’s Settings first, then ask from here.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Open Settings' }));
    expect(callsTo(invoke, 'desktop:hideQuickAsk')).toEqual([{ open: 'settings' }]);
  });
});

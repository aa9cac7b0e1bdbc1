import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AssistantDone } from '../../../shared/assistant';
import { DEFAULT_SETTINGS } from '../../../shared/settings';
import { createFakeMain } from '../testing/fake-main';
import { renderWithApp } from '../testing/render-with-app';
import { AssistantPane } from '../assistant/assistant-pane';
import { VoicePane } from './voice-pane';

function done(answer: string, extra: Partial<AssistantDone> = {}): AssistantDone {
  return { answer, steps: [], sources: [], degraded: false, incomplete: false, model: DEFAULT_SETTINGS.models.assistant, duration_ms: 900, ...extra };
}

function setup() {
  const main = createFakeMain({ configured: ['gemini.apiKey'] });
  const user = userEvent.setup();
  renderWithApp(
    <>
      <VoicePane openPane={vi.fn()} />
      <AssistantPane openPane={vi.fn()} />
    </>,
    { api: main.api },
  );
  return { ...main, user };
}

describe('the Voice pane', () => {
  it('shows the Assistant’s own conversation: a typed question there is a turn here too', async () => {
    const { user, streams } = setup();
    await user.type(await screen.findByRole('textbox', { name: 'Your question' }), 'What time is it?{Enter}');
    act(() => streams('assistant:chat')[0]!.finish(done('It is noon.')));
    const logs = await screen.findAllByRole('log', { name: 'Conversation with the assistant' });
    expect(logs).toHaveLength(2);
    for (const log of logs) expect(await within(log).findByText('It is noon.')).toBeInTheDocument();
  });

  it('says why it cannot record where there is no microphone, and tells main nothing went live', async () => {
    const { user, invoke } = setup();
    const talk = await screen.findByRole('button', { name: 'Hold to talk' });
    talk.focus();
    await user.keyboard('{Enter}');
    const status = within(talk.closest('.push-to-talk')! as HTMLElement).getByRole('status');
    await expect.poll(() => status.textContent, { timeout: 5_000 }).toMatch(/^Sound cannot be recorded here\. /);
    expect(invoke.mock.calls.filter(([channel]) => channel === 'voice:microphone')).toEqual([]);
    expect(invoke.mock.calls.filter(([channel]) => channel === 'assistant:chat')).toEqual([]);
  });

  it('starts a voice question when the push-to-talk shortcut or the tray asks, and not for live captions', async () => {
    const { emit } = setup();
    // Signed in (the question box shows only then): the shortcut is a member's.
    await screen.findByRole('textbox', { name: 'Your question' });
    // Asked afresh each time: the composer is drawn anew once the sign-in and the key are known.
    const status = () => within(screen.getByRole('button', { name: 'Hold to talk' }).closest('.push-to-talk')! as HTMLElement).getByRole('status');
    act(() => emit('desktop:command', { command: 'liveCaptions' }));
    expect(status()).toHaveTextContent('Hold the button, or hold Space, while you speak. Enter starts and stops too.');
    act(() => emit('desktop:command', { command: 'pushToTalk' }));
    await expect.poll(() => status().textContent, { timeout: 5_000 }).toMatch(/^Sound cannot be recorded here\. /);
  });

  it('starts on Space held anywhere in the pane, not only on the button', async () => {
    const { user } = setup();
    const log = (await screen.findAllByRole('log', { name: 'Conversation with the assistant' }))[0]!;
    log.focus();
    await user.keyboard('{ >5}');
    const talk = screen.getByRole('button', { name: 'Hold to talk' });
    const status = within(talk.closest('.push-to-talk')! as HTMLElement).getByRole('status');
    await expect.poll(() => status.textContent, { timeout: 5_000 }).toMatch(/^Sound cannot be recorded here\. /);
    await user.keyboard('{/ }');
  });
});

import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../../shared/result';
import { preloadPanes } from '../shell/pane-view';
import { Shell } from '../shell/shell';
import { createFakeMain, endWith, FAKE_MEMBER } from '../testing/fake-main';
import { renderWithApp } from '../testing/render-with-app';

function renderShell() {
  const main = createFakeMain({
    zohoMailbox: 'ana.perez@crearack.example',
    streams: { 'secretary:ask': endWith<'secretary:ask'>(({ question }) => ok({ answer: `About ${question}: nothing new.`, tool_rounds: 1, duration_ms: 900, model: 'gemma-4-26b-a4b-it', sources: [] })) },
  });
  const user = userEvent.setup();
  renderWithApp(<Shell />, { api: main.api });
  return { ...main, user };
}

const conversation = () => screen.getByRole('log', { name: 'Conversation with the secretary' });

// The panes are loaded on first use (code-split): loaded up front, each test sees a pane as soon as it opens.
beforeAll(preloadPanes);

describe('S12 the conversation lives in the page only', () => {
  it('outlasts a visit to another pane, and the next question still carries it', async () => {
    const { user, invoke } = renderShell();
    await user.type(await screen.findByRole('textbox', { name: 'Your question' }), 'Hetzner{Enter}');
    expect(await within(conversation()).findByText('About Hetzner: nothing new.')).toBeVisible();

    await user.click(screen.getByRole('tab', { name: 'Settings' }));
    await user.click(screen.getByRole('tab', { name: 'Secretary' }));
    expect(await within(conversation()).findByText('About Hetzner: nothing new.')).toBeVisible();

    await user.type(screen.getByRole('textbox', { name: 'Your question' }), 'OVH{Enter}');
    expect(invoke).toHaveBeenLastCalledWith('secretary:ask', {
      question: 'OVH',
      history: [
        { role: 'user', content: 'Hetzner' },
        { role: 'assistant', content: 'About Hetzner: nothing new.' },
      ],
    });
  });

  it('is forgotten when the member signs out, and when the session ends', async () => {
    const { user, changeAuth } = renderShell();
    await user.type(await screen.findByRole('textbox', { name: 'Your question' }), 'Hetzner{Enter}');
    await within(conversation()).findByText('About Hetzner: nothing new.');

    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    const [signIn] = await screen.findAllByRole('button', { name: 'Sign in' });
    await user.click(signIn!);
    expect(await screen.findByRole('textbox', { name: 'Your question' })).toBeVisible();
    expect(screen.queryByText('About Hetzner: nothing new.')).not.toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Your question' }), 'OVH{Enter}');
    await within(conversation()).findByText('About OVH: nothing new.');
    act(() => changeAuth({ state: 'expired', ...FAKE_MEMBER, expiredAt: Date.now() }));
    expect(await screen.findByText('Your session ended. Sign in with your staff account again.')).toBeVisible();
    act(() => changeAuth({ state: 'signed_in', ...FAKE_MEMBER, expiresAt: Date.now() + 60_000 }));
    expect(await screen.findByRole('textbox', { name: 'Your question' })).toBeVisible();
    expect(screen.queryByText('About OVH: nothing new.')).not.toBeInTheDocument();
  });
});

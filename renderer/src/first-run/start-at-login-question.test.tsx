import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { preloadPanes } from '../shell/pane-view';
import { Shell } from '../shell/shell';
import { createFakeMain, type FakeMainOptions } from '../testing/fake-main';
import { renderWithApp } from '../testing/render-with-app';

const QUESTION = 'Start Staff Desk with your computer?';

async function openSettings(options: FakeMainOptions = {}) {
  const main = createFakeMain({ loginItem: { supported: true, openAtLogin: false }, ...options });
  const user = userEvent.setup();
  renderWithApp(<Shell />, { api: main.api });
  await user.keyboard('{Control>},{/Control}');
  return { ...main, user };
}

const question = () => screen.findByRole('region', { name: QUESTION });

beforeAll(preloadPanes);

describe('D4 the first run asks once whether to start at login', () => {
  it('Start at login: the system starts the app at login, and the question is gone for good', async () => {
    const { user, api } = await openSettings();
    await user.click(await screen.findByRole('button', { name: 'Start at login' }));
    expect(screen.queryByRole('region', { name: QUESTION })).not.toBeInTheDocument();
    expect(await api.desktop.loginItem()).toEqual({ ok: true, value: { supported: true, openAtLogin: true } });
    // The Desktop section below shows the answer.
    const box = await screen.findByRole('checkbox', { name: 'Start Staff Desk when I sign in to this computer' });
    await vi.waitFor(() => expect(box).toBeChecked());
  });

  it('Not now: remembered, and the app does not start at login', async () => {
    const { user, api } = await openSettings();
    await user.click(await screen.findByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('region', { name: QUESTION })).not.toBeInTheDocument();
    const settings = await api.settings.get();
    expect(settings.ok && settings.value.desktop.startAtLoginAsked).toBe(true);
    expect(await api.desktop.loginItem()).toEqual({ ok: true, value: { supported: true, openAtLogin: false } });
  });

  it('is asked before sign-in too, beside the first-run checklist', async () => {
    const main = createFakeMain({ loginItem: { supported: true, openAtLogin: false }, auth: { state: 'signed_out' } });
    renderWithApp(<Shell />, { api: main.api });
    expect(await question()).toBeInTheDocument();
  });

  it('is not asked once answered, when the app already starts at login, or where it cannot', async () => {
    const cases: FakeMainOptions[] = [
      { settings: { desktop: { startAtLoginAsked: true, closeToTrayTold: false } } },
      { loginItem: { supported: true, openAtLogin: true } },
      { loginItem: { supported: false, openAtLogin: false } },
    ];
    for (const options of cases) {
      const { unmount } = await openSettings(options).then(() => ({ unmount: () => document.body.replaceChildren() }));
      await screen.findByRole('heading', { name: 'Desktop' });
      expect(screen.queryByRole('region', { name: QUESTION }), JSON.stringify(options)).not.toBeInTheDocument();
      unmount();
    }
  });

  it('answering in Settings answers it too', async () => {
    const { user } = await openSettings();
    expect(await question()).toBeInTheDocument();
    const box = await screen.findByRole('checkbox', { name: 'Start Staff Desk when I sign in to this computer' });
    await user.click(box);
    await vi.waitFor(() => expect(box).toBeChecked());
    await vi.waitFor(() => expect(screen.queryByRole('region', { name: QUESTION })).not.toBeInTheDocument());
    expect(screen.queryByRole('region', { name: QUESTION })).not.toBeInTheDocument();
  });
});

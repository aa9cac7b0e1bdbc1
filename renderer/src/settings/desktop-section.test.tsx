import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { err } from '../../../shared/result';
import { createFakeMain, FAKE_APP_INFO, type FakeMainOptions } from '../testing/fake-main';
import { preloadPanes } from '../shell/pane-view';
import { Shell } from '../shell/shell';
import { renderWithApp } from '../testing/render-with-app';

/** Settings open (Ctrl+,), the first run's question answered already unless a test says otherwise. */
async function setup(options: FakeMainOptions = {}) {
  const main = createFakeMain({ settings: { desktop: { startAtLoginAsked: true, closeToTrayTold: false } }, ...options });
  const user = userEvent.setup();
  renderWithApp(<Shell />, { api: main.api });
  await user.keyboard('{Control>},{/Control}');
  return { ...main, user };
}

beforeAll(preloadPanes);

const checkbox = () => screen.findByRole('checkbox', { name: 'Start Staff Desk when I sign in to this computer' });

describe('D4 Settings: Desktop', () => {
  it('shows whether the app starts at login, where it waits, and changes it at once', async () => {
    const { user, api } = await setup({ loginItem: { supported: true, openAtLogin: false } });
    const box = await checkbox();
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription(
      'It starts hidden in the notification area, ready for push-to-talk, quick questions and the morning pass.',
    );
    expect(screen.getByText(/^Closing the window keeps Staff Desk running in the notification area/)).toBeInTheDocument();

    await user.click(box);
    expect(box).toBeChecked();
    expect(await api.desktop.loginItem()).toEqual({ ok: true, value: { supported: true, openAtLogin: true } });

    await user.click(box);
    expect(box).not.toBeChecked();
  });

  it('names the menu bar on macOS', async () => {
    await setup({ loginItem: { supported: true, openAtLogin: true }, handlers: { 'app:info': () => ({ ok: true, value: { ...FAKE_APP_INFO, platform: 'darwin' } }) } });
    expect(await checkbox()).toBeChecked();
    expect(await screen.findByText(/^Closing the window keeps Staff Desk running in the menu bar/)).toBeInTheDocument();
  });

  it('says why it did not change, and shows what the system still has', async () => {
    const { user } = await setup({
      loginItem: { supported: true, openAtLogin: false },
      handlers: { 'desktop:setLoginItem': () => err('INTERNAL', 'not written', { reason: 'autostart_unwritable' }) },
    });
    const box = await checkbox();
    await user.click(box);
    expect(await screen.findByText(/^The start at login could not be changed: the autostart folder \(~\/\.config\/autostart\) cannot be written/)).toBeInTheDocument();
    expect(box).not.toBeChecked();
  });

  it('where the app cannot set it (the browser harness), says so instead of offering it', async () => {
    await setup();
    expect(await screen.findByText('Start at login is set in the installed app.')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Start Staff Desk when I sign in to this computer' })).not.toBeInTheDocument();
  });
});

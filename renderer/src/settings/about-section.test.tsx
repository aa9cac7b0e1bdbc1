import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { err, ok } from '../../../shared/result';
import { createFakeMain, FAKE_APP_INFO } from '../testing/fake-main';
import { renderWithApp } from '../testing/render-with-app';
import { AboutSection } from './about-section';

describe('About', () => {
  it('shows the version and where the data lives', async () => {
    renderWithApp(<AboutSection />, { api: createFakeMain().api });
    expect(await screen.findByText(FAKE_APP_INFO.version)).toBeVisible();
    expect(screen.getByText(FAKE_APP_INFO.dataPath)).toBeVisible();
  });

  it('SEC-1: on Linux, says the app does not update itself and where a new version comes from', async () => {
    renderWithApp(<AboutSection />, { api: createFakeMain().api });
    expect(
      await screen.findByText(
        'Staff Desk does not update itself on Linux, where nothing would check a new version’s signature: download the new version from where you got this one, and install it.',
      ),
    ).toBeVisible();
  });

  it('SEC-1: says a package that updates itself installs only what carries its signature', async () => {
    const main = createFakeMain({ handlers: { 'app:info': () => ok({ ...FAKE_APP_INFO, platform: 'win32', updates: 'automatic' }) } });
    renderWithApp(<AboutSection />, { api: main.api });
    expect(await screen.findByText(/installs when you quit Staff Desk, only if it carries this app’s signature/)).toBeVisible();
  });

  it('SEC-1: says when the update feed was refused as untrustworthy', async () => {
    const main = createFakeMain({ handlers: { 'app:info': () => ok({ ...FAKE_APP_INFO, platform: 'darwin', updates: 'feedRefused' }) } });
    renderWithApp(<AboutSection />, { api: main.api });
    expect(await screen.findByText(/not a secure \(https\) one it can trust/)).toBeVisible();
  });

  it('says what went wrong and tries again on request', async () => {
    let failing = true;
    const main = createFakeMain({
      handlers: { 'app:info': () => (failing ? err('INTERNAL', 'The app details could not be read.') : ok(FAKE_APP_INFO)) },
    });
    const user = userEvent.setup();
    renderWithApp(<AboutSection />, { api: main.api });
    expect(await screen.findByText('Something went wrong inside Staff Desk. Try again; if it keeps happening, restart the app.')).toBeVisible();

    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(FAKE_APP_INFO.dataPath)).toBeVisible();
  });
});

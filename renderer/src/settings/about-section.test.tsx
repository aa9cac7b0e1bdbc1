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

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFakeMain, type FakeMainOptions } from '../testing/fake-main';
import { teamProfileText } from '../testing/fake-profiles';
import { polyfillModalDialog } from '../testing/modal-dialog';
import { renderWithApp } from '../testing/render-with-app';
import { TeamSection } from './team-section';

beforeAll(polyfillModalDialog);

/** What an admin exported: the Zoho client with its secret, a model the machine's policy holds, the morning pass. */
const SUPPORT_DESK = teamProfileText({
  name: 'Support desk',
  zoho: { dataCentre: 'eu', clientId: '1000.TEAMCLIENT', clientSecret: 'team-client-secret' },
  models: { assistant: 'gemini-9-pro' },
  digest: { enabled: true, time: '07:30' },
  captions: { to: 'es' },
});

function setup(options: FakeMainOptions = {}) {
  const main = createFakeMain(options);
  const user = userEvent.setup();
  renderWithApp(<TeamSection />, { api: main.api });
  const calls = (channel: string) => main.invoke.mock.calls.filter(([called]) => called === channel).map(([, input]) => input);
  return { ...main, user, calls };
}

const dialog = () => screen.getByRole('dialog');
const button = (name: string) => screen.getByRole('button', { name });
const changes = () => within(dialog()).getAllByRole('listitem');

describe('Exporting the team profile', () => {
  it('sends the name given and leaves the Zoho client secret out unless asked, saying what including it means', async () => {
    const { user, calls } = setup();
    await user.click(await screen.findByRole('button', { name: 'Export team profile…' }));
    expect(await screen.findByText('The team profile is saved.')).toBeVisible();

    const secret = screen.getByRole('checkbox', { name: 'Include the Zoho client secret' });
    expect(secret).toHaveAccessibleDescription(
      "Anyone with the file, and anyone with the app, can read a desktop client's secret: Zoho treats it as public for desktop apps. Include it only if your Zoho client needs it.",
    );
    await user.type(screen.getByRole('textbox', { name: 'Profile name (optional)' }), '  Support desk ');
    await user.click(secret);
    await user.click(button('Export team profile…'));

    expect(calls('profile:export')).toEqual([{ includeClientSecret: false }, { includeClientSecret: true, name: 'Support desk' }]);
  });

  it('waits for sign-in, and says so', async () => {
    const { calls } = setup({ auth: { state: 'signed_out' } });
    expect(await screen.findByText('Sign in to export the team profile.')).toBeVisible();
    expect(button('Export team profile…')).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Include the Zoho client secret' })).toBeDisabled();
    // Importing is a first run's step: it does not wait.
    expect(button('Import team profile…')).toBeEnabled();
    expect(screen.getByText('or drop the file on the window')).toBeVisible();
    expect(calls('profile:export')).toEqual([]);
  });
});

describe('Importing a team profile', () => {
  const configuredClient: FakeMainOptions = { profileFile: SUPPORT_DESK, configured: ['zoho.clientId', 'zoho.clientSecret'], policy: { settings: { models: { assistant: 'gemini-3.8-flash' } } } };

  it('shows each change before anything changes: secrets only as configured, and what the policy holds marked', async () => {
    const { user } = setup(configuredClient);
    await user.click(await screen.findByRole('button', { name: 'Import team profile…' }));

    expect(await screen.findByRole('dialog', { name: 'Team profile: Support desk' })).toBeVisible();
    expect(within(dialog()).getByText('Nothing changes until you apply it.')).toBeVisible();
    // Each item: the field, what it holds now and with the profile, and the policy's word where it holds the field.
    expect(changes().map((item) => [...item.children].map((part) => part.textContent))).toEqual([
      ['Zoho data centre', 'zoho.com becomes zoho.eu'],
      ['Zoho client ID', 'Configured becomes Set by the profile'],
      ['Zoho client secret', 'Configured becomes Set by the profile'],
      ['Assistant model', 'gemini-3.8-flash becomes gemini-9-pro', 'Your organization sets this; it stays as it is.'],
      ['Morning pass time', '08:00 becomes 07:30'],
      ['Captions: language shown', 'Follows your language becomes Spanish'],
    ]);
    expect(changes()[3]).toHaveAccessibleDescription('Your organization sets this; it stays as it is.');
    expect(within(dialog()).getByText('1 setting already matches.')).toBeVisible();
    expect(dialog()).not.toHaveTextContent('team-client-secret');
    expect(dialog()).not.toHaveTextContent('1000.TEAMCLIENT');
    expect(within(dialog()).getByRole('button', { name: 'Apply' })).toHaveFocus();
  });

  it('applies what the policy does not hold and says how many settings changed', async () => {
    const main = setup(configuredClient);
    await main.user.click(await screen.findByRole('button', { name: 'Import team profile…' }));
    await main.user.click(await within(await screen.findByRole('dialog')).findByRole('button', { name: 'Apply' }));

    expect(await within(dialog()).findByRole('status')).toHaveTextContent('Team profile applied: 5 settings changed.');
    const settings = await main.api.settings.get();
    expect(settings.ok && settings.value).toMatchObject({ zoho: { dataCentre: 'eu' }, digest: { time: '07:30' }, captions: { to: 'es' }, models: { assistant: 'gemini-3.8-flash' } });
    await main.user.click(within(dialog()).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button('Import team profile…')).toHaveFocus();
  });

  it('changes nothing on Cancel, and main forgets the preview', async () => {
    const main = setup(configuredClient);
    await main.user.click(await screen.findByRole('button', { name: 'Import team profile…' }));
    await main.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(main.calls('profile:dismiss')).toEqual([{ id: 'preview-1' }]);
    expect(main.calls('profile:apply')).toEqual([]);
    const settings = await main.api.settings.get();
    expect(settings.ok && settings.value.digest.time).toBe('08:00');
  });

  it('says in one sentence why a file is not a profile, and changes nothing', async () => {
    const main = setup({ profileFile: '{"format": "staff-desk.team-profile", "version": 7}' });
    await main.user.click(await screen.findByRole('button', { name: 'Import team profile…' }));

    expect(await screen.findByRole('dialog', { name: 'This file was not imported' })).toBeVisible();
    expect(within(dialog()).getByRole('alert')).toHaveTextContent(
      'This profile comes from a version of Staff Desk this one cannot read: export it again from this version, or update the app.',
    );
    expect(within(dialog()).getByText('Nothing was changed.')).toBeVisible();
    expect(main.calls('profile:apply')).toEqual([]);
    expect(main.calls('settings:update')).toEqual([]);
  });

  it('shows nothing when the member cancels the system dialog', async () => {
    const main = setup({ profileFile: null });
    await main.user.click(await screen.findByRole('button', { name: 'Import team profile…' }));
    expect(main.calls('profile:choose')).toHaveLength(1);
    expect(button('Import team profile…')).toBeEnabled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

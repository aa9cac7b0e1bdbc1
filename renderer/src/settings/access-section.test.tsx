import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { err, ok } from '../../../shared/result';
import { DEFAULT_SETTINGS } from '../../../shared/settings';
import { createFakeMain, FAKE_ACCESS, type FakeMainOptions } from '../testing/fake-main';
import { renderWithApp } from '../testing/render-with-app';
import { AccessSection } from './access-section';

const TEAM = 'Team domain';
const APP = 'Protected application URL';
const AUD = 'AUD tag';
const TEAM_HELP = 'Such as myteam.cloudflareaccess.com';
const TEAM_INVALID = 'Enter the team domain as <team>.cloudflareaccess.com, over https and without a path.';
const APP_INVALID = 'Enter the https address of the application Cloudflare Access protects, such as https://desk.example.com.';
const AUD_INVALID = 'The AUD tag is 64 hexadecimal characters (0-9, a-f): copy it from the application in Cloudflare Zero Trust.';
const REQUIRED = 'Fill in all three fields to turn staff sign-in on, or empty all three to turn it off.';
const AUD_TAG = '4714C1358E65FE4B408AD6D432A5F878F08194BDB4752441FD56FAEFA9B2B6F2';

function setup(options: FakeMainOptions = { auth: { state: 'not_configured' } }) {
  const main = createFakeMain(options);
  const user = userEvent.setup();
  renderWithApp(<AccessSection />, { api: main.api });
  return { ...main, user };
}

const field = (label: string) => screen.getByRole('textbox', { name: label });
const save = () => screen.getByRole('button', { name: 'Save sign-in settings' });
const updates = (invoke: ReturnType<typeof createFakeMain>['invoke']) =>
  invoke.mock.calls.filter(([channel]) => channel === 'settings:update').map(([, input]) => input);

describe('Staff sign-in settings', () => {
  it('shows the stored values, each field with what goes in it, and where to find them', async () => {
    setup({});
    expect(await screen.findByRole('textbox', { name: TEAM })).toHaveValue(FAKE_ACCESS.teamUrl);
    expect(field(APP)).toHaveValue(FAKE_ACCESS.appUrl);
    expect(field(AUD)).toHaveValue(FAKE_ACCESS.aud);
    expect(field(TEAM)).toHaveAccessibleDescription(TEAM_HELP);
    expect(screen.getByText(/find them in the Cloudflare Zero Trust dashboard/)).toBeVisible();
  });

  it('points at a wrong value as soon as the member leaves its field, and forgets it once they correct it', async () => {
    const { user } = setup();
    await user.type(await screen.findByRole('textbox', { name: TEAM }), 'http://myteam.cloudflareaccess.com');
    await user.tab();
    expect(field(TEAM)).toBeInvalid();
    expect(field(TEAM)).toHaveAccessibleDescription(`${TEAM_INVALID} ${TEAM_HELP}`);

    await user.type(field(AUD), 'not-a-tag');
    await user.tab();
    expect(field(AUD)).toBeInvalid();
    expect(screen.getByText(AUD_INVALID)).toBeVisible();
    expect(field(APP)).toBeValid();

    await user.clear(field(TEAM));
    expect(field(TEAM)).toBeValid();
    expect(screen.queryByText(TEAM_INVALID)).not.toBeInTheDocument();
  });

  it('refuses to save values main would refuse, without calling main, and puts the cursor on the first', async () => {
    const { user, invoke } = setup();
    await user.type(await screen.findByRole('textbox', { name: TEAM }), 'myteam.example.com');
    await user.type(field(APP), 'http://desk.example.com');
    await user.type(field(AUD), 'abc123');
    await user.click(save());

    expect(field(TEAM)).toBeInvalid();
    expect(screen.getByText(TEAM_INVALID)).toBeVisible();
    expect(screen.getByText(APP_INVALID)).toBeVisible();
    expect(screen.getByText(AUD_INVALID)).toBeVisible();
    expect(field(TEAM)).toHaveFocus();
    expect(updates(invoke)).toEqual([]);
  });

  it('asks for all three when only some are filled in', async () => {
    const { user, invoke } = setup();
    await user.type(await screen.findByRole('textbox', { name: TEAM }), 'myteam.cloudflareaccess.com');
    await user.click(save());

    expect(field(TEAM)).toBeValid();
    expect(field(APP)).toBeInvalid();
    expect(field(AUD)).toBeInvalid();
    expect(screen.getAllByText(REQUIRED)).toHaveLength(2);
    expect(field(APP)).toHaveFocus();
    expect(updates(invoke)).toEqual([]);
  });

  it('saves the three values in the form main keeps, and shows them so', async () => {
    const { user, invoke } = setup();
    await user.type(await screen.findByRole('textbox', { name: TEAM }), '  MyTeam.cloudflareaccess.com ');
    await user.type(field(APP), 'desk.example.com/staff#top');
    await user.type(field(AUD), AUD_TAG);
    await user.click(save());

    const access = { teamUrl: 'https://myteam.cloudflareaccess.com', appUrl: 'https://desk.example.com/staff', aud: AUD_TAG.toLowerCase() };
    expect(updates(invoke)).toEqual([{ access }]);
    expect(await screen.findByText('The sign-in settings are saved.')).toBeVisible();
    expect(field(TEAM)).toHaveValue(access.teamUrl);
    expect(field(APP)).toHaveValue(access.appUrl);
    expect(field(AUD)).toHaveValue(access.aud);
    expect(save()).toHaveFocus();
  });

  it('turns sign-in off when all three are emptied', async () => {
    const { user, invoke } = setup({});
    for (const label of [TEAM, APP, AUD]) await user.clear(await screen.findByRole('textbox', { name: label }));
    await user.click(save());

    expect(updates(invoke)).toEqual([{ access: { teamUrl: null, appUrl: null, aud: null } }]);
    expect(await screen.findByText('Staff sign-in is turned off on this computer.')).toBeVisible();
  });

  it('says why main could not store the values, and keeps what the member typed', async () => {
    const { user } = setup({
      auth: { state: 'not_configured' },
      handlers: { 'settings:update': () => err('INTERNAL', 'The settings could not be written.') },
    });
    await user.type(await screen.findByRole('textbox', { name: TEAM }), 'myteam.cloudflareaccess.com');
    await user.type(field(APP), 'https://desk.example.com');
    await user.type(field(AUD), AUD_TAG);
    await user.click(save());

    expect(await screen.findByText(/Something went wrong inside Staff Desk/)).toBeVisible();
    expect(field(TEAM)).toHaveValue('myteam.cloudflareaccess.com');
    expect(save()).toHaveFocus();
  });

  it('asks for the values again when they could not be read', async () => {
    let failing = true;
    const { user } = setup({
      handlers: {
        'settings:get': () => (failing ? err('INTERNAL', 'The settings could not be read.') : ok({ ...DEFAULT_SETTINGS, access: FAKE_ACCESS })),
      },
    });
    expect(await screen.findByText(/Something went wrong inside Staff Desk/)).toBeVisible();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('textbox', { name: TEAM })).toHaveValue(FAKE_ACCESS.teamUrl);
  });
});

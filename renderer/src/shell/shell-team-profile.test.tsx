import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEAM_PROFILE } from '../../../shared/limits';
import { createFakeMain, FAKE_ACCESS, type FakeMainOptions } from '../testing/fake-main';
import { teamProfileText } from '../testing/fake-profiles';
import { polyfillModalDialog } from '../testing/modal-dialog';
import { renderWithApp } from '../testing/render-with-app';
import { Shell } from './shell';

beforeAll(polyfillModalDialog);

/** The team's sign-in, as an admin exports it for a member's first start. */
const SIGN_IN_PROFILE = teamProfileText({
  name: 'Support desk',
  access: { teamUrl: FAKE_ACCESS.teamUrl!, appUrl: FAKE_ACCESS.appUrl!, aud: FAKE_ACCESS.aud! },
  digest: { time: '07:30' },
});

function renderShell(options: FakeMainOptions = {}) {
  const main = createFakeMain(options);
  const user = userEvent.setup();
  renderWithApp(<Shell />, { api: main.api });
  const calls = (channel: string) => main.invoke.mock.calls.filter(([called]) => called === channel).map(([, input]) => input);
  return { ...main, user, calls };
}

const dialog = () => screen.getByRole('dialog');
const OVERLAY = 'Drop a team profile to see what it would change';

/** A drag from outside the page, as the browser describes it: files, or (a text dragged within the page) none. */
async function drag(type: 'dragEnter' | 'dragOver' | 'drop', files: File[] | null) {
  const dataTransfer = { types: files ? ['Files'] : ['text/plain'], files: files ?? [], dropEffect: 'none' };
  let event!: boolean;
  // Awaited: a pane may still be loading its chunk, and the page renders once it is there.
  await act(async () => {
    event = fireEvent[type](window, { dataTransfer });
  });
  // fireEvent answers false when a listener prevented the default, as the drop must be, or the window would open the file.
  return { defaultPrevented: !event };
}

describe('A team profile given with --profile', () => {
  it('is previewed over the sign-in gate at start; applying it sets sign-in up in one step', async () => {
    const main = renderShell({ auth: { state: 'not_configured' }, pendingProfile: SIGN_IN_PROFILE });

    expect(await screen.findByRole('dialog', { name: 'Team profile: Support desk' })).toBeVisible();
    expect(within(dialog()).getAllByRole('listitem')).toHaveLength(4);
    await main.user.click(within(dialog()).getByRole('button', { name: 'Apply' }));
    expect(await within(dialog()).findByText('Team profile applied: 4 settings changed.')).toBeVisible();
    await main.user.click(within(dialog()).getByRole('button', { name: 'Close' }));

    // Sign-in is set up now: the gate offers the way in.
    expect(await within(screen.getByRole('tabpanel')).findByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(main.calls('profile:pending')).toHaveLength(1);
  });

  it('that is not a profile says why at start, and again when main is given another such file', async () => {
    const main = renderShell({ pendingProfile: '{"format": "notes"}' });
    expect(await within(await screen.findByRole('dialog')).findByRole('alert')).toHaveTextContent('This file is not a Staff Desk team profile.');
    await main.user.click(within(dialog()).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    act(() => main.emit('profile:refused', { code: 'INVALID_INPUT', message: 'This file is not a team profile: it is not valid JSON.', reason: 'not_json' }));
    expect(await within(await screen.findByRole('dialog')).findByRole('alert')).toHaveTextContent('This file is not a team profile: it is not valid JSON.');
  });

  it('given to the running app, is previewed at once', async () => {
    const main = renderShell();
    await screen.findByRole('tabpanel');
    act(() => main.offerProfile(teamProfileText({ name: 'Field team', digest: { time: '06:45' } })));
    expect(await screen.findByRole('dialog', { name: 'Team profile: Field team' })).toBeVisible();
    expect(within(dialog()).getByRole('listitem')).toHaveTextContent('08:00 becomes 06:45');
  });

  it('waits for sign-in when it would change what is set here, and offers the way in', async () => {
    const main = renderShell({
      auth: { state: 'signed_out' },
      pendingProfile: teamProfileText({ access: { teamUrl: 'https://other.cloudflareaccess.com' } }),
    });

    expect(await screen.findByRole('dialog', { name: 'Team profile' })).toBeVisible();
    expect(within(dialog()).getByText('Sign in first: this profile changes settings already set here.')).toBeVisible();
    expect(within(dialog()).getByRole('button', { name: 'Apply' })).toBeDisabled();

    await main.user.click(within(dialog()).getByRole('button', { name: 'Sign in' }));
    expect(await within(dialog()).findByRole('button', { name: 'Apply' })).toBeEnabled();
    await main.user.click(within(dialog()).getByRole('button', { name: 'Apply' }));
    expect(await within(dialog()).findByText('Team profile applied: 1 setting changed.')).toBeVisible();
  });
});

describe('The sign-in gate', () => {
  it('imports a team profile from the system dialog', async () => {
    const main = renderShell({ auth: { state: 'not_configured' }, profileFile: SIGN_IN_PROFILE });
    const gate = screen.getByRole('tabpanel');
    await main.user.click(await within(gate).findByRole('button', { name: 'Import a team profile' }));
    expect(await screen.findByRole('dialog', { name: 'Team profile: Support desk' })).toBeVisible();
    expect(main.calls('profile:choose')).toHaveLength(1);
  });
});

describe('A file dropped on the window', () => {
  it('shows what dropping does while a file is over the window, then previews the file', async () => {
    const main = renderShell();
    await screen.findByRole('tabpanel');
    const file = new File([SIGN_IN_PROFILE], 'support-desk.json', { type: 'application/json' });

    expect((await drag('dragEnter', [file])).defaultPrevented).toBe(true);
    expect(screen.getByText(OVERLAY)).toBeVisible();
    expect((await drag('dragOver', [file])).defaultPrevented).toBe(true);
    expect((await drag('drop', [file])).defaultPrevented).toBe(true);
    expect(screen.queryByText(OVERLAY)).not.toBeInTheDocument();

    expect(await screen.findByRole('dialog', { name: 'Team profile: Support desk' })).toBeVisible();
    expect(main.calls('profile:preview')).toEqual([{ text: SIGN_IN_PROFILE }]);
  });

  it('says so when the file is not a team profile, sending main nothing', async () => {
    const main = renderShell();
    await screen.findByRole('tabpanel');
    await drag('drop', [new File(['%PDF-1.7'], 'minutes.pdf', { type: 'application/pdf' })]);
    expect(await within(await screen.findByRole('dialog', { name: 'This file was not imported' })).findByRole('alert')).toHaveTextContent(
      'Only a team profile, a .json file, can be dropped here.',
    );

    await main.user.click(within(dialog()).getByRole('button', { name: 'Close' }));
    await drag('drop', [new File(['x'.repeat(TEAM_PROFILE.fileMaxBytes + 1)], 'huge.json', { type: 'application/json' })]);
    expect(await within(await screen.findByRole('dialog')).findByRole('alert')).toHaveTextContent(
      'This file is larger than a team profile can be (256 KB).',
    );
    expect(main.calls('profile:preview')).toEqual([]);
  });

  it('says why main refused it', async () => {
    renderShell();
    await screen.findByRole('tabpanel');
    await drag('drop', [new File(['{"format": "notes"}'], 'notes.json', { type: 'application/json' })]);
    expect(await within(await screen.findByRole('dialog')).findByRole('alert')).toHaveTextContent('This file is not a Staff Desk team profile.');
  });

  it('leaves other drags alone', async () => {
    const main = renderShell();
    await screen.findByRole('tabpanel');
    expect((await drag('dragEnter', null)).defaultPrevented).toBe(false);
    expect((await drag('drop', null)).defaultPrevented).toBe(false);
    expect(screen.queryByText(OVERLAY)).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(main.calls('profile:preview')).toEqual([]);
  });
});

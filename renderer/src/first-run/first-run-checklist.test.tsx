import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../shared/settings';
import { createFakeMain, type FakeMainOptions } from '../testing/fake-main';
import { renderWithApp } from '../testing/render-with-app';
import { preloadPanes } from '../shell/pane-view';
import { Shell } from '../shell/shell';
import { teamProfileText } from '../testing/fake-profiles';
import { polyfillModalDialog } from '../testing/modal-dialog';
import { recordScrollIntoView } from '../testing/record-scroll-into-view';

const STEPS = {
  signIn: 'Sign in with your staff account',
  key: 'Add your Gemini API key',
  mailbox: 'Connect your Zoho mailbox',
  notes: "Choose your team's notes",
};

recordScrollIntoView();

function renderShell(options: FakeMainOptions = {}) {
  const main = createFakeMain(options);
  const user = userEvent.setup();
  renderWithApp(<Shell />, { api: main.api });
  return { ...main, user };
}

const checklist = () => screen.getByRole('region', { name: 'Get started' });
const findChecklist = () => screen.findByRole('region', { name: 'Get started' });
const step = (name: string) => within(checklist()).getByRole('button', { name });
const openSettings = (user: ReturnType<typeof userEvent.setup>) => user.keyboard('{Control>},{/Control}');

// The panes are loaded on first use (code-split): loaded up front, each test sees a pane as soon as it opens.
beforeAll(preloadPanes);
beforeAll(polyfillModalDialog);

describe('First-run checklist', () => {
  it('stands on the sign-in gate with what is done and what is left, and each step leads to its section', async () => {
    const { user } = renderShell({ auth: { state: 'signed_out' }, configured: ['gemini.apiKey'] });
    const list = await findChecklist();
    expect(within(screen.getByRole('tabpanel')).getByRole('region', { name: 'Get started' })).toBe(list);
    expect(within(list).getByText('1 of 4 done')).toBeVisible();
    expect(step(STEPS.signIn)).toHaveAccessibleDescription('To do');
    expect(step(STEPS.key)).toHaveAccessibleDescription('Done');
    expect(step(STEPS.mailbox)).toHaveAccessibleDescription('Optional');
    expect(step(STEPS.notes)).toHaveAccessibleDescription('Optional');
    // Sign-in is needed: the list cannot be put away yet.
    expect(within(list).queryByRole('button', { name: 'Hide this list' })).not.toBeInTheDocument();

    await user.click(step(STEPS.mailbox));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Settings');
    expect(screen.getByRole('heading', { level: 2, name: 'Zoho Mail' })).toHaveFocus();
  });

  it('tops Settings and follows the steps done below it', async () => {
    const { user } = renderShell({ pickFolder: '/home/ana/Vault' });
    await openSettings(user);
    const list = await findChecklist();
    expect(within(list).getByText('1 of 4 done')).toBeVisible();
    expect(step(STEPS.signIn)).toHaveAccessibleDescription('Done');
    expect(step(STEPS.key)).toHaveAccessibleDescription('To do');

    await user.click(step(STEPS.notes));
    expect(screen.getByRole('heading', { level: 2, name: 'Knowledge base' })).toHaveFocus();
    await user.click(await screen.findByRole('button', { name: 'Choose folder…' }));
    expect(await within(list).findByText('2 of 4 done')).toBeVisible();
    expect(step(STEPS.notes)).toHaveAccessibleDescription('Done');

    await user.click(step(STEPS.key));
    const keySection = screen.getByRole('region', { name: 'Gemini API key' });
    await user.type(await within(keySection).findByLabelText('API key'), 'AIzaSy-first-run-key{Enter}');
    expect(await within(list).findByText('3 of 4 done')).toBeVisible();
    expect(step(STEPS.key)).toHaveAccessibleDescription('Done');
    // Sign-in and the key are what Staff Desk needs: now the list may go.
    expect(within(list).getByRole('button', { name: 'Hide this list' })).toBeVisible();
  });

  it('is put away for good once sign-in and the key are done', async () => {
    const { user, invoke } = renderShell({ configured: ['gemini.apiKey'] });
    await openSettings(user);
    await user.click(within(await findChecklist()).getByRole('button', { name: 'Hide this list' }));

    expect(invoke).toHaveBeenCalledWith('settings:update', { firstRun: { checklistDismissed: true } });
    expect(screen.queryByRole('region', { name: 'Get started' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Staff sign-in (Cloudflare Access)' })).toHaveFocus();

    // Stored in the settings: gone after a sign-out too, and when Settings opens again.
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await user.click(screen.getByRole('tab', { name: 'Secretary' }));
    expect(await screen.findByText('Sign in with your staff account first.')).toBeVisible();
    await openSettings(user);
    await screen.findAllByText('Configured');
    expect(screen.queryByRole('region', { name: 'Get started' })).not.toBeInTheDocument();
  });

  it('has nothing to say once every step is done', async () => {
    renderShell({
      configured: ['gemini.apiKey'],
      zohoMailbox: 'ana.perez@example.com',
      settings: { knowledgeBase: { ...DEFAULT_SETTINGS.knowledgeBase, path: '/home/ana/Vault' } },
    });
    await userEvent.setup().keyboard('{Control>},{/Control}');
    await screen.findAllByText('Configured');
    await screen.findByText('/home/ana/Vault');
    expect(screen.queryByRole('region', { name: 'Get started' })).not.toBeInTheDocument();
  });

  it("with the team's sign-in, Zoho client and notes set up, lists only the member's own steps", async () => {
    renderShell({
      auth: { state: 'signed_out' },
      configured: ['zoho.clientId', 'zoho.clientSecret'],
      settings: { knowledgeBase: { ...DEFAULT_SETTINGS.knowledgeBase, hint: '/srv/team/Notes' } },
    });
    const list = await findChecklist();
    expect(within(list).getByText('0 of 3 done')).toBeVisible();
    expect(within(list).getAllByRole('button').map((button) => button.textContent)).toEqual([STEPS.signIn, STEPS.key, STEPS.mailbox]);
  });

  it('takes the notes off the list as soon as a team profile says where they are', async () => {
    const main = renderShell({ auth: { state: 'signed_out' } });
    const list = await findChecklist();
    expect(within(list).getByRole('button', { name: STEPS.notes })).toBeVisible();
    act(() => main.offerProfile(teamProfileText({ knowledgeBase: { hint: '/srv/team/Notes' } })));
    await main.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(within(list).queryByRole('button', { name: STEPS.notes })).not.toBeInTheDocument());
  });

  it('leaves the notes out when the machine policy sets the knowledge base', async () => {
    const { user } = renderShell({ policy: { settings: { knowledgeBase: { path: '/srv/team/Notes' } } } });
    await openSettings(user);
    const list = await findChecklist();
    expect(within(list).getByText('1 of 3 done')).toBeVisible();
    expect(within(list).queryByRole('button', { name: STEPS.notes })).not.toBeInTheDocument();
  });
});

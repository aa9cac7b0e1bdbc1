import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { err, ok } from '../../../shared/result';
import { createFakeMain, FAKE_ACCESS, type FakeMainOptions } from '../testing/fake-main';
import { renderWithApp } from '../testing/render-with-app';
import { AboutSection } from './about-section';
import { AccessSection } from './access-section';
import { KnowledgeBaseSection } from './knowledge-base-section';
import { ModelsSection } from './models-section';
import { VoiceSection } from './voice-section';

const SET_BY_ORGANIZATION = 'Set by your organization';
const REFUSED = 'Your organization sets this, so it cannot be changed here.';
const SPEECH_OFF = 'Reading aloud is turned off by your organization.';

function setup(ui: ReactElement, options: FakeMainOptions = {}) {
  const main = createFakeMain(options);
  const user = userEvent.setup();
  renderWithApp(ui, { api: main.api });
  return { ...main, user };
}

const updates = (invoke: ReturnType<typeof createFakeMain>['invoke']) =>
  invoke.mock.calls.filter(([channel]) => channel === 'settings:update').map(([, input]) => input);

describe('issue 28: fields the machine policy holds', () => {
  it('shows a held sign-in field read-only with the organization note, and saves only the others', async () => {
    const { user, invoke } = setup(<AccessSection />, { policy: { settings: { access: { teamUrl: FAKE_ACCESS.teamUrl! } } } });
    const team = await screen.findByRole('textbox', { name: 'Team domain' });
    await screen.findAllByText(SET_BY_ORGANIZATION);
    // Read-only, not disabled: the value can still be selected and copied.
    expect(team).toHaveAttribute('readonly');
    expect(team).toBeEnabled();
    expect(team).toHaveAccessibleDescription(`${SET_BY_ORGANIZATION} Such as myteam.cloudflareaccess.com`);
    await user.type(team, 'x');
    expect(team).toHaveValue(FAKE_ACCESS.teamUrl);
    expect(screen.getByRole('textbox', { name: 'AUD tag' })).not.toHaveAttribute('readonly');

    await user.click(screen.getByRole('button', { name: 'Save sign-in settings' }));
    await screen.findByText('The sign-in settings are saved.');
    expect(updates(invoke)).toEqual([{ access: { appUrl: FAKE_ACCESS.appUrl, aud: FAKE_ACCESS.aud } }]);
  });

  it('holds one model of seven, and Reset to defaults leaves it as the policy set it', async () => {
    const { user, invoke } = setup(<ModelsSection />, { policy: { settings: { models: { oracle: 'gemini-2.5-pro' } } } });
    const oracle = await screen.findByRole('textbox', { name: /Oracle/ });
    expect(oracle).toHaveValue('gemini-2.5-pro');
    expect(oracle).toHaveAttribute('readonly');
    expect(screen.getAllByText(SET_BY_ORGANIZATION)).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Reset to defaults' }));
    await screen.findByText('The models your organization does not set use their defaults again.');
    const [patch] = updates(invoke) as { models: Record<string, string> }[];
    expect(patch!.models).not.toHaveProperty('oracle');
    expect(Object.keys(patch!.models)).toHaveLength(6);
  });

  it("disables choosing the knowledge base when the policy sets it, and says main's refusal of a held meetings folder", async () => {
    const { user } = setup(<KnowledgeBaseSection />, {
      policy: { settings: { knowledgeBase: { path: '/srv/team/Notes' }, meetings: { folder: 'Minutes' } } },
    });
    const choose = await screen.findByRole('button', { name: 'Choose folder…' });
    expect(choose).toBeDisabled();
    expect(choose).toHaveAccessibleDescription(SET_BY_ORGANIZATION);
    expect(screen.getByRole('button', { name: 'Use the built-in guide' })).toBeDisabled();

    const meetings = screen.getByRole('textbox', { name: 'Meeting notes folder, inside the knowledge base' });
    expect(meetings).toHaveValue('Minutes');
    expect(meetings).toHaveAttribute('readonly');
    // Enter still submits the read-only field: main refuses the change, and the member reads why.
    await user.type(meetings, '{Enter}');
    expect(await screen.findByText(REFUSED)).toBeVisible();
  });

  it("names where the team keeps its notes when its profile says so", async () => {
    setup(<KnowledgeBaseSection />, { settings: { knowledgeBase: { path: null, floors: {}, hint: '/srv/team/Notes' } } });
    const choose = await screen.findByRole('button', { name: 'Choose folder…' });
    expect(choose).toBeEnabled();
    expect(choose).toHaveAccessibleDescription('Your team keeps its notes in \u2068/srv/team/Notes\u2069.');
  });
});

describe('issue 28: spoken answers switched off by the policy', () => {
  it('locks the spoken answers and the captions read-aloud default, off, with the note', async () => {
    setup(<VoiceSection />, { policy: { features: { spokenAnswers: false } }, settings: { captions: { from: null, to: null, speak: true } } });
    const spoken = await screen.findByRole('checkbox', { name: 'Answer voice questions aloud' });
    expect(spoken).toBeDisabled();
    expect(spoken).not.toBeChecked();
    expect(spoken).toHaveAccessibleDescription(`${SPEECH_OFF} Off: the answer to a voice question is shown as text only.`);
    const captions = screen.getByRole('group', { name: 'Live captions' });
    const speak = within(captions).getByRole('checkbox', { name: 'Read the translations aloud' });
    expect(speak).toBeDisabled();
    expect(speak).not.toBeChecked();
    expect(speak).toHaveAccessibleDescription(SPEECH_OFF);
  });
});

describe('issue 28: the captions defaults', () => {
  it('saves each choice as it is made', async () => {
    const { user, invoke } = setup(<VoiceSection />);
    const captions = await screen.findByRole('group', { name: 'Live captions' });
    const to = within(captions).getByRole('combobox', { name: 'Captions in' });
    expect(to).toHaveValue('');
    expect(within(captions).getByRole('option', { name: "The app's language" })).toBeInTheDocument();
    await user.selectOptions(to, 'es');
    expect(await screen.findByText('Live captions will be in Spanish.')).toBeVisible();
    await user.click(within(captions).getByRole('checkbox', { name: 'Read the translations aloud' }));
    await screen.findByText('Live captions will start reading the translations aloud.');
    expect(updates(invoke)).toEqual([{ captions: { to: 'es' } }, { captions: { speak: true } }]);
  });
});

describe('issue 28: About and diagnostics', () => {
  it('says the organization manages the app, from where, and that updates are theirs', async () => {
    setup(<AboutSection />, { policy: { source: 'HKLM\\Software\\Policies\\StaffDesk', features: { updates: false } } });
    expect(await screen.findByText('Managed by your organization')).toBeVisible();
    // Where the policy was read, as IT names it: left to right in every language, beside its own label.
    const source = screen.getByText('HKLM\\Software\\Policies\\StaffDesk');
    expect(source).toHaveAttribute('dir', 'ltr');
    expect(source.closest('dd')?.previousElementSibling).toHaveTextContent(/^Policy$/);
    expect(screen.getByText('Updates are managed by your organization.')).toBeVisible();
  });

  it('warns when a policy was found but could not be read', async () => {
    setup(<AboutSection />, { policy: { source: '/etc/staff-desk/policy.json', problem: 'It is not valid JSON.' } });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A policy was found on this computer but could not be read, so none applies: It is not valid JSON.',
    );
    expect(screen.queryByText('Managed by your organization')).not.toBeInTheDocument();
  });

  it('copies the diagnostics, then offers to save them as a file', async () => {
    const { user, invoke } = setup(<AboutSection />, { handlers: { 'diagnostics:save': () => ok({ saved: true }) } });
    await user.click(await screen.findByRole('button', { name: 'Copy diagnostics' }));
    expect(invoke).toHaveBeenCalledWith('diagnostics:copy', {});
    expect(await screen.findByText('Diagnostics copied to the clipboard.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Save as file…' }));
    expect(invoke).toHaveBeenCalledWith('diagnostics:save', {});
    expect(await screen.findByText('Diagnostics saved.')).toBeVisible();
  });

  it('offers Copy diagnostics beside an error that names a failing part', async () => {
    const { user, invoke } = setup(<AccessSection />, {
      handlers: { 'settings:update': () => err('INTERNAL', 'Something went wrong on our side.') },
    });
    await user.click(await screen.findByRole('button', { name: 'Save sign-in settings' }));
    await user.click(await screen.findByRole('button', { name: 'Copy diagnostics' }));
    expect(invoke).toHaveBeenCalledWith('diagnostics:copy', {});
    expect(await screen.findByText('Diagnostics copied to the clipboard.')).toBeVisible();
  });

  it('offers nothing beside the organization refusing a change', async () => {
    const { user } = setup(<KnowledgeBaseSection />, { policy: { settings: { knowledgeBase: { path: '/srv/team/Notes' }, meetings: { folder: 'Minutes' } } } });
    await user.type(await screen.findByRole('textbox', { name: 'Meeting notes folder, inside the knowledge base' }), '{Enter}');
    await screen.findByText(REFUSED);
    expect(screen.queryByRole('button', { name: 'Copy diagnostics' })).not.toBeInTheDocument();
  });
});

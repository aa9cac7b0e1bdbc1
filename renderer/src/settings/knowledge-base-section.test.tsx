import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ORACLE } from '../../../shared/limits';
import { err, ok } from '../../../shared/result';
import { DEFAULT_MODELS, DEFAULT_SETTINGS } from '../../../shared/settings';
import { createFakeMain, type FakeMainOptions } from '../testing/fake-main';
import { renderWithApp } from '../testing/render-with-app';
import { KnowledgeBaseSection } from './knowledge-base-section';

const MODEL = DEFAULT_MODELS.embedding;
const SHIPPED = ORACLE.defaultFloors[MODEL];
const FLOOR_LABEL = 'Minimum match, from 0 to 1';
const SHIPPED_SOURCE = 'The value Staff Desk ships for the current search model.';

function setup(options: FakeMainOptions = {}) {
  const main = createFakeMain(options);
  const user = userEvent.setup();
  renderWithApp(<KnowledgeBaseSection />, { api: main.api });
  return { ...main, user };
}

const button = (name: string) => screen.getByRole('button', { name });
const floorField = () => screen.getByRole('textbox', { name: FLOOR_LABEL });
/** The floor is folded under Advanced: a member who never opens it reads no number. */
async function openAdvanced(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByText('Advanced: how closely the notes must match'));
  return floorField();
}
const updates = (invoke: ReturnType<typeof createFakeMain>['invoke']) =>
  invoke.mock.calls.filter(([channel]) => channel === 'settings:update').map(([, input]) => input);

describe('Knowledge base settings', () => {
  it('shows the built-in guide, with the floor main applies folded under Advanced in plain words', async () => {
    const { user } = setup();
    expect(await screen.findByText('The built-in user guide')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Use the built-in guide' })).not.toBeInTheDocument();
    expect(floorField()).not.toBeVisible();
    // No developer's command and no model id: the member reads what the value does.
    expect(screen.queryByText(/npm run|oracle:calibrate/)).not.toBeInTheDocument();
    expect(screen.queryByText(new RegExp(MODEL))).not.toBeInTheDocument();

    const field = await openAdvanced(user);
    expect(field).toBeVisible();
    expect(field).toHaveValue(String(SHIPPED));
    expect(field).toHaveAccessibleDescription(SHIPPED_SOURCE);
    expect(screen.getByText(/the oracle says it found nothing clear instead of guessing/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Back to the shipped value' })).not.toBeInTheDocument();
  });

  it('says when the model has no shipped floor and the seeds\' 0.4 applies', async () => {
    const { user } = setup({ settings: { models: { ...DEFAULT_MODELS, embedding: 'text-embedding-005' } } });
    const field = await openAdvanced(user);
    expect(field).toHaveValue(String(ORACLE.relevanceFloor));
    expect(field).toHaveAccessibleDescription('A general value: Staff Desk ships none for the current search model.');
  });

  it('chooses a folder with the system picker, and goes back to the built-in guide', async () => {
    const { user, invoke } = setup({ pickFolder: '/home/ana/Vault' });
    await user.click(await screen.findByRole('button', { name: 'Choose folder…' }));
    expect(invoke).toHaveBeenCalledWith('oracle:chooseFolder', {});
    expect(await screen.findByText('/home/ana/Vault')).toBeVisible();
    // The path is isolated, so that in a right-to-left sentence its slashes stay where they are.
    expect(screen.getByRole('status')).toHaveTextContent('The oracle now answers from \u2068/home/ana/Vault\u2069. Its notes are being indexed.');
    expect(button('Choose folder…')).toHaveFocus();

    await user.click(button('Use the built-in guide'));
    expect(updates(invoke)).toEqual([{ knowledgeBase: { path: null } }]);
    expect(await screen.findByText('The built-in user guide')).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('The oracle answers from the built-in user guide again.');
    expect(button('Choose folder…')).toHaveFocus();
  });

  it('changes nothing when the member closes the picker', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Choose folder…' }));
    expect(await screen.findByText('The built-in user guide')).toBeVisible();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('saves a floor for the current model, keeping those of other models, decimal comma or point', async () => {
    const { user, invoke } = setup({ settings: { knowledgeBase: { hint: null, path: null, floors: { 'other-embedder': 0.5 } } } });
    const field = await openAdvanced(user);
    await user.clear(field);
    await user.type(field, '0,7{Enter}');

    expect(updates(invoke)).toEqual([{ knowledgeBase: { floors: { 'other-embedder': 0.5, [MODEL]: 0.7 } } }]);
    expect(await screen.findByText('Saved: the oracle answers when a passage matches at least 0.7.')).toBeVisible();
    expect(floorField()).toHaveValue('0.7');
    expect(floorField()).toHaveAccessibleDescription('Set on this computer.');
    expect(button('Save minimum match')).toHaveFocus();
  });

  it('resets the floor to the shipped value, keeping those of other models', async () => {
    const { user, invoke } = setup({ settings: { knowledgeBase: { hint: null, path: null, floors: { 'other-embedder': 0.5, [MODEL]: 0.7 } } } });
    expect(await openAdvanced(user)).toHaveValue('0.7');
    await user.click(button('Back to the shipped value'));

    expect(updates(invoke)).toEqual([{ knowledgeBase: { floors: { 'other-embedder': 0.5 } } }]);
    expect(await screen.findByText(`Back to the shipped value: ${SHIPPED}.`)).toBeVisible();
    expect(floorField()).toHaveValue(String(SHIPPED));
    expect(screen.queryByRole('button', { name: 'Back to the shipped value' })).not.toBeInTheDocument();
    expect(button('Save minimum match')).toHaveFocus();
  });

  it.each(['1.5', '-0.1', 'high', ''])('refuses "%s" as a floor next to the field, without calling main', async (typed) => {
    const { user, invoke } = setup();
    const field = await openAdvanced(user);
    await user.clear(field);
    if (typed !== '') await user.type(field, typed);
    await user.click(button('Save minimum match'));

    expect(field).toBeInvalid();
    expect(field).toHaveAccessibleDescription(`Enter a number from 0 to 1, such as 0.65. ${SHIPPED_SOURCE}`);
    expect(field).toHaveFocus();
    expect(updates(invoke)).toEqual([]);
  });

  it('says why the knowledge base could not be read, and reads it again on request', async () => {
    let failing = true;
    const { user } = setup({ handlers: { 'settings:get': () => (failing ? err('INTERNAL', 'Settings unreadable.') : ok(DEFAULT_SETTINGS)) } });
    expect(await screen.findByText(/Something went wrong inside Staff Desk/)).toBeVisible();
    failing = false;
    await user.click(button('Try again'));
    expect(await screen.findByText('The built-in user guide')).toBeVisible();
  });

  it('names where meeting notes go, and renames their folder inside a chosen knowledge base', async () => {
    const { user, invoke } = setup({ settings: { knowledgeBase: { hint: null, path: '/home/ana/Vault', floors: {} } } });
    expect(await screen.findByText('/home/ana/Vault/Meetings')).toBeVisible();
    const field = screen.getByRole('textbox', { name: 'Meeting notes folder, inside the knowledge base' });
    expect(field).toHaveValue('Meetings');

    await user.clear(field);
    await user.type(field, '../Elsewhere');
    await user.click(button('Save folder name'));
    expect(field).toHaveAccessibleDescription(/Use a folder name without/);
    expect(field).toHaveFocus();
    expect(updates(invoke)).toEqual([]);

    await user.clear(field);
    await user.type(field, 'Réunions');
    await user.click(button('Save folder name'));
    expect(await screen.findByText('Saved: meeting notes go to \u2068/home/ana/Vault/Réunions\u2069.')).toBeVisible();
    expect(updates(invoke)).toEqual([{ meetings: { folder: 'Réunions' } }]);
    expect(screen.getByText('/home/ana/Vault/Réunions')).toBeVisible();
    expect(button('Save folder name')).toHaveFocus();
  });

  it('keeps meeting notes beside the built-in guide without a folder to name', async () => {
    setup();
    expect(await screen.findByText("Kept in the app's data folder and searched with the guide.")).toBeVisible();
    expect(screen.queryByRole('textbox', { name: 'Meeting notes folder, inside the knowledge base' })).not.toBeInTheDocument();
  });
});

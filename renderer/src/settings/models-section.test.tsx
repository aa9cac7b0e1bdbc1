import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { err, ok } from '../../../shared/result';
import { DEFAULT_MODELS, DEFAULT_SETTINGS } from '../../../shared/settings';
import { createFakeMain, type FakeHandlers } from '../testing/fake-main';
import { renderWithApp } from '../testing/render-with-app';
import { ModelsSection } from './models-section';

const STORED = { ...DEFAULT_MODELS, oracle: 'gemini-3.9-pro', tts: 'gemini-tts-next' };
const LABELS = ['Secretary', 'Oracle', 'Assistant', 'Embeddings', 'Speech (TTS)', 'Live voice questions', 'Live captions (Live translation)'];
const INVALID = 'Use a model id such as gemini-3.8-flash: letters, digits, dots, dashes and underscores, no spaces.';

const MADE_UP = 'gemini-9-ultra';

function setup(handlers: FakeHandlers = {}, options: Parameters<typeof createFakeMain>[0] = {}) {
  const main = createFakeMain({ settings: { models: STORED }, configured: ['gemini.apiKey'], unavailableModels: [MADE_UP], handlers, ...options });
  const user = userEvent.setup();
  renderWithApp(<ModelsSection />, { api: main.api });
  return { ...main, user };
}

const field = (label: string) => screen.getByRole('textbox', { name: label });
const button = (name: string) => screen.getByRole('button', { name });
const callsTo = (invoke: ReturnType<typeof createFakeMain>['invoke'], name: string) =>
  invoke.mock.calls.filter(([channel]) => channel === name).map(([, input]) => input);
const updates = (invoke: ReturnType<typeof createFakeMain>['invoke']) => callsTo(invoke, 'settings:update');

describe('Models', () => {
  it('shows the stored model of every feature, each with the default Staff Desk ships', async () => {
    setup();
    expect(await screen.findByRole('textbox', { name: 'Oracle' })).toHaveValue('gemini-3.9-pro');
    expect(LABELS.map((label) => (field(label) as HTMLInputElement).value)).toEqual([
      STORED.secretary,
      STORED.oracle,
      STORED.assistant,
      STORED.embedding,
      STORED.tts,
      STORED.live,
      STORED.liveTranslate,
    ]);
    expect(field('Oracle')).toHaveAccessibleDescription(`Default: ${DEFAULT_MODELS.oracle}`);
    expect(field('Speech (TTS)')).toHaveAccessibleDescription(`Default: ${DEFAULT_MODELS.tts}`);
    expect(screen.getByText(/Google renames and retires Gemini models often/)).toBeVisible();
  });

  it('refuses an id that is not a model id next to its field, without calling main', async () => {
    const { user, invoke } = setup();
    await user.clear(await screen.findByRole('textbox', { name: 'Assistant' }));
    await user.type(field('Assistant'), 'gemini 3 flash');
    await user.clear(field('Embeddings'));
    await user.click(button('Save'));

    expect(field('Assistant')).toBeInvalid();
    expect(field('Assistant')).toHaveAccessibleDescription(`${INVALID} Default: ${DEFAULT_MODELS.assistant}`);
    expect(field('Embeddings')).toBeInvalid();
    expect(field('Oracle')).toBeValid();
    expect(field('Assistant')).toHaveFocus();
    expect(updates(invoke)).toEqual([]);

    await user.type(field('Assistant'), '{Backspace}');
    expect(field('Assistant')).toBeValid();
    expect(screen.getAllByText(INVALID)).toHaveLength(1);
  });

  it('saves only the fields that changed, trimmed, from the keyboard', async () => {
    const { user, invoke } = setup();
    const assistant = await screen.findByRole('textbox', { name: 'Assistant' });
    await user.clear(assistant);
    await user.type(assistant, '  gemini-3.9-flash  {Enter}');

    // Looked up with the key first, only the id that changed.
    expect(callsTo(invoke, 'settings:checkModels')).toEqual([{ ids: ['gemini-3.9-flash'] }]);
    expect(updates(invoke)).toEqual([{ models: { assistant: 'gemini-3.9-flash' } }]);
    expect(await screen.findByText('The models are saved.')).toBeVisible();
    expect(assistant).toHaveValue('gemini-3.9-flash');
    expect(button('Save')).toHaveFocus();
  });

  it('refuses an id Gemini does not offer to the key, naming it next to its field, and saves nothing', async () => {
    const { user, invoke } = setup();
    const oracle = await screen.findByRole('textbox', { name: 'Oracle' });
    await user.clear(oracle);
    await user.type(oracle, `${MADE_UP}{Enter}`);

    const refusal = `Gemini does not offer the model ${MADE_UP} to this key. Check the id against the model list in Google AI Studio.`;
    expect(await screen.findByText(refusal)).toBeVisible();
    expect(oracle).toBeInvalid();
    expect(oracle).toHaveAccessibleDescription(`${refusal} Default: ${DEFAULT_MODELS.oracle}`);
    expect(oracle).toHaveFocus();
    expect(updates(invoke)).toEqual([]);
    expect(screen.queryByText('The models are saved.')).not.toBeInTheDocument();
  });

  it('saves ids it could not look up, and says they are not verified and why', async () => {
    const { user, invoke } = setup({}, { configured: [] });
    const oracle = await screen.findByRole('textbox', { name: 'Oracle' });
    await user.type(oracle, '-001{Enter}');

    expect(updates(invoke)).toEqual([{ models: { oracle: 'gemini-3.9-pro-001' } }]);
    expect(
      await screen.findByText(
        'The models are saved, but could not be verified with your key. No Gemini API key is saved on this computer. Add your key in Settings.',
      ),
    ).toBeVisible();
  });

  it('says there is nothing to save when no model changed', async () => {
    const { user, invoke } = setup();
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(screen.getByRole('status')).toHaveTextContent('Nothing to save: no model was changed.');
    expect(updates(invoke)).toEqual([]);
  });

  it('resets every feature to the default models', async () => {
    const { user, invoke } = setup();
    await user.type(await screen.findByRole('textbox', { name: 'Secretary' }), '-draft');
    await user.click(button('Reset to defaults'));

    expect(updates(invoke)).toEqual([{ models: DEFAULT_MODELS }]);
    expect(await screen.findByText('Every feature uses its default model again.')).toBeVisible();
    expect(LABELS.map((label) => (field(label) as HTMLInputElement).value)).toEqual(Object.values(DEFAULT_MODELS));
    expect(button('Reset to defaults')).toHaveFocus();
  });

  it('keeps what the member typed and says why when main cannot store it', async () => {
    const { user } = setup({ 'settings:update': () => err('INTERNAL', 'Your settings could not be saved.', { hint: 'Check that the disk is not full.' }) });
    await user.type(await screen.findByRole('textbox', { name: 'Oracle' }), '-001');
    await user.click(button('Save'));

    expect(await screen.findByText('Something went wrong inside Staff Desk. Try again; if it keeps happening, restart the app.')).toBeVisible();
    expect(screen.getByText('Check that the disk is not full.')).toBeVisible();
    expect(field('Oracle')).toHaveValue('gemini-3.9-pro-001');
    expect(button('Save')).toBeEnabled();
  });

  it('says why the models could not be read and reads them again on request', async () => {
    let failing = true;
    const { user } = setup({ 'settings:get': () => (failing ? err('INTERNAL', 'Settings unreadable.') : ok({ ...DEFAULT_SETTINGS, models: STORED })) });
    expect(await screen.findByText(/Something went wrong inside Staff Desk/)).toBeVisible();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();

    failing = false;
    await user.click(button('Try again'));
    expect(await screen.findByRole('textbox', { name: 'Oracle' })).toHaveValue(STORED.oracle);
  });
});

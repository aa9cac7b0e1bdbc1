import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ASSISTANT } from '../../../shared/limits';
import { err } from '../../../shared/result';
import { createFakeMain, FAKE_PROMPT_DEFAULTS, type FakeMainOptions } from '../testing/fake-main';
import { renderWithApp } from '../testing/render-with-app';
import { AssistantPromptsSection } from './assistant-prompts-section';

function setup(options: FakeMainOptions = {}) {
  const main = createFakeMain(options);
  const user = userEvent.setup();
  renderWithApp(<AssistantPromptsSection />, { api: main.api });
  return { ...main, user };
}

const scopeField = () => screen.findByRole('textbox', { name: 'What it is for' });
const instructionsField = () => screen.getByRole('textbox', { name: 'How it works' });
const button = (name: string) => screen.getByRole('button', { name });
const calls = (invoke: ReturnType<typeof createFakeMain>['invoke'], channel: string) =>
  invoke.mock.calls.filter(([called]) => called === channel).map(([, input]) => input);

describe("Settings > Assistant: the prompts' two layers", () => {
  it('shows the shipped text, says the safeguards cannot be changed, and saves an edit', async () => {
    const { user, invoke } = setup();
    expect(await scopeField()).toHaveValue(FAKE_PROMPT_DEFAULTS.scope);
    expect(screen.getByText(/are built in and always apply/)).toBeInTheDocument();
    expect(screen.getAllByText('The text Staff Desk ships with')).toHaveLength(2);
    expect(button('Save prompts')).toBeDisabled();

    await user.clear(instructionsField());
    await user.type(instructionsField(), 'Answer in two sentences at most.');
    expect(screen.getByText('Changed for this team')).toBeInTheDocument();
    await user.click(button('Save prompts'));

    expect(calls(invoke, 'assistant:savePrompts')).toEqual([{ scope: FAKE_PROMPT_DEFAULTS.scope, instructions: 'Answer in two sentences at most.' }]);
    expect(await screen.findByText('The prompts are saved: the next question uses them.')).toBeInTheDocument();
    expect(screen.getByText(/^Last changed /)).toBeInTheDocument();
  });

  it('restores one layer to the shipped text with one click', async () => {
    const { user, invoke } = setup({ prompts: { scope: 'Crearack staff assistant.', instructions: FAKE_PROMPT_DEFAULTS.instructions } });
    expect(await scopeField()).toHaveValue('Crearack staff assistant.');
    await user.click(button('Restore the shipped text'));
    expect(calls(invoke, 'assistant:resetPrompts')).toEqual([{ layer: 'scope' }]);
    expect(await scopeField()).toHaveValue(FAKE_PROMPT_DEFAULTS.scope);
    expect(await screen.findByText('The shipped text is back.')).toBeInTheDocument();
  });

  it('counts characters against the limit and will not save a layer over it', async () => {
    setup();
    const field = await scopeField();
    fireEvent.change(field, { target: { value: 'x'.repeat(ASSISTANT.promptScopeMaxChars + 1) } });
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(`${ASSISTANT.promptScopeMaxChars + 1} / ${ASSISTANT.promptScopeMaxChars}`)).toBeInTheDocument();
    expect(button('Save prompts')).toBeDisabled();
  });

  it('imports a team’s file and shows its prompts; a cancelled dialog says nothing', async () => {
    const { user } = setup({ importPrompts: { scope: 'From the admin.', instructions: 'Be brief.' } });
    await scopeField();
    await user.click(button('Import…'));
    expect(await scopeField()).toHaveValue('From the admin.');
    expect(instructionsField()).toHaveValue('Be brief.');
    expect(screen.getByText('The prompts from the file are in use now.')).toBeInTheDocument();
  });

  it('says why a file could not be imported, in the member’s words', async () => {
    const { user } = setup({
      handlers: { 'assistant:importPrompts': () => err('INVALID_INPUT', 'Not a prompts file.', { reason: 'prompts_file_unknown' }) },
    });
    await scopeField();
    await user.click(button('Import…'));
    expect(await screen.findByText(/That is not a prompts file exported from Staff Desk/)).toBeInTheDocument();
  });

  it('exports, and tells the member to hand the file on', async () => {
    const { user, invoke } = setup();
    await scopeField();
    await user.click(button('Export…'));
    expect(calls(invoke, 'assistant:exportPrompts')).toHaveLength(1);
    expect(await screen.findByText('The prompts are exported. Hand the file to your team to import.')).toBeInTheDocument();
  });
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ok } from '../../../shared/result';
import { DEFAULT_SHORTCUTS, type ShortcutState } from '../../../shared/shortcuts';
import { createFakeMain, FAKE_APP_INFO } from '../testing/fake-main';
import { renderWithApp } from '../testing/render-with-app';
import { ShortcutField } from './shortcut-field';

const DEFAULT_VOICE_SHORTCUT = DEFAULT_SHORTCUTS.pushToTalk;
/** Keys the app's quick-ask shortcut has, in this test. */
const QUICK_ASK_KEYS = 'CommandOrControl+Alt+Q';

function setup({ value = DEFAULT_VOICE_SHORTCUT, state = null, platform = 'linux' }: { value?: string | null; state?: ShortcutState | null; platform?: string } = {}) {
  const main = createFakeMain({ handlers: { 'app:info': () => ok({ ...FAKE_APP_INFO, platform }) } });
  const onChange = vi.fn<(accelerator: string | null) => void>();
  const user = userEvent.setup();
  // Keeps what the field chose, as the section does once main has stored it.
  function Stored() {
    const [stored, setStored] = useState(value);
    return (
      <ShortcutField
        label="Push-to-talk"
        help="Starts a voice question with the Staff Desk window hidden; press it again to send it."
        offText="Off: ask voice questions in the Voice pane."
        value={stored}
        defaultValue={DEFAULT_VOICE_SHORTCUT}
        state={state}
        refuse={(accelerator) => (accelerator === QUICK_ASK_KEYS ? 'These keys are already the Quick ask shortcut: choose others.' : null)}
        onChange={(accelerator) => {
          onChange(accelerator);
          setStored(accelerator);
        }}
        savedText={null}
      />
    );
  }
  renderWithApp(<Stored />, { api: main.api });
  return { user, onChange, main };
}

const field = () => screen.getByRole('textbox', { name: 'Push-to-talk' });

describe('The push-to-talk shortcut field', () => {
  it('shows the shortcut in the words of a PC, and says what it does and how to change it', () => {
    setup({ state: { accelerator: DEFAULT_VOICE_SHORTCUT, state: 'registered' } });
    expect(field()).toHaveValue('Ctrl+Shift+Space');
    expect(field()).toHaveAccessibleDescription(
      'Works from anywhere. Starts a voice question with the Staff Desk window hidden; press it again to send it. ' +
        'Focus the field and press the keys together. Escape cancels; Backspace turns the shortcut off.',
    );
  });

  it('shows it with the Mac symbols, and records ⌘ as the usual shortcut key', async () => {
    const { user, onChange } = setup({ platform: 'darwin' });
    expect(await screen.findByDisplayValue('⇧⌘Space')).toBe(field());
    await user.click(field());
    await user.keyboard('{Meta>}{Alt>}j{/Alt}{/Meta}');
    expect(onChange).toHaveBeenCalledWith('CommandOrControl+Alt+J');
  });

  it('records Ctrl as the usual shortcut key on a PC, and the Windows key as Super', async () => {
    const { user, onChange } = setup();
    await user.click(field());
    await user.keyboard('{Control>}{Shift>}{F5}{/Shift}{/Control}');
    await user.click(field());
    await user.keyboard('{Meta>}{Alt>}[ArrowUp]{/Alt}{/Meta}');
    expect(onChange.mock.calls).toEqual([['CommandOrControl+Shift+F5'], ['Alt+Super+Up']]);
  });

  it('shows the modifiers held while the member looks for the key', async () => {
    const { user } = setup();
    await user.click(field());
    expect(field()).toHaveValue('Press the keys…');
    await user.keyboard('{Control>}{Alt>}');
    expect(field()).toHaveValue('Ctrl+Alt+…');
    await user.keyboard('{/Alt}{/Control}');
    expect(field()).toHaveValue('Press the keys…');
  });

  it.each([
    ['a key alone', 'k'],
    ['Shift alone with a letter', '{Shift>}k{/Shift}'],
  ])('refuses %s, which would take a key the member types, and keeps recording', async (_case, keys) => {
    const { user, onChange } = setup();
    await user.click(field());
    await user.keyboard(keys);
    expect(field()).toBeInvalid();
    expect(field()).toHaveAccessibleDescription(/^Hold Ctrl, Alt, or Super with the key, so that the shortcut never takes a key you type\./);
    expect(onChange).not.toHaveBeenCalled();

    await user.keyboard('{Control>}{Alt>}k{/Alt}{/Control}');
    expect(onChange).toHaveBeenCalledWith('CommandOrControl+Alt+K');
    expect(field()).toBeValid();
  });

  it('cancels recording with Escape, leaving the shortcut as it was', async () => {
    const { user, onChange } = setup();
    await user.click(field());
    await user.keyboard('{Control>}');
    expect(field()).toHaveValue('Ctrl+…');
    await user.keyboard('{/Control}{Escape}');
    expect(field()).toHaveValue('Ctrl+Shift+Space');
    expect(field()).toHaveFocus();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('refuses keys another of the app’s shortcuts has, saying which, and keeps the shortcut as it was', async () => {
    const { user, onChange } = setup();
    await user.click(field());
    await user.keyboard('{Control>}{Alt>}q{/Alt}{/Control}');
    expect(onChange).not.toHaveBeenCalled();
    expect(field()).toHaveValue('Ctrl+Shift+Space');
    expect(field()).toHaveAccessibleDescription(/^These keys are already the Quick ask shortcut: choose others\./);
  });

  it('says what still works while the shortcut is off', () => {
    setup({ value: null, state: { accelerator: null, state: 'off' } });
    expect(field()).toHaveValue('Off');
    expect(screen.getByText('Off: ask voice questions in the Voice pane.')).toBeVisible();
  });

  it('turns the shortcut off with Backspace', async () => {
    const { user, onChange } = setup();
    await user.click(field());
    await user.keyboard('{Backspace}');
    expect(onChange).toHaveBeenCalledWith(null);
  });

  it('lets the keyboard leave with Tab, recording nothing', async () => {
    const { user, onChange } = setup();
    await user.click(field());
    await user.tab();
    expect(field()).not.toHaveFocus();
    expect(field()).toHaveValue('Ctrl+Shift+Space');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('offers the default back and Turn off, moving the keyboard to the button that stays', async () => {
    const { user, onChange, main } = setup({ value: 'CommandOrControl+Alt+K' });
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(field()).toHaveValue('Off');
    expect(screen.queryByRole('button', { name: 'Turn off' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reset to Ctrl+Shift+Space' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Reset to Ctrl+Shift+Space' }));
    expect(onChange).toHaveBeenLastCalledWith(DEFAULT_VOICE_SHORTCUT);
    expect(field()).toHaveValue('Ctrl+Shift+Space');
    expect(screen.queryByRole('button', { name: /Reset/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Turn off' })).toHaveFocus();
    expect(main.invoke).not.toHaveBeenCalledWith('settings:update', expect.anything());
  });
});

import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok } from '../../../shared/result';
import { DEFAULT_SHORTCUT_SETTINGS, DEFAULT_SHORTCUTS, type ShortcutSettings, type ShortcutStates } from '../../../shared/shortcuts';
import { createFakeMain, type FakeMainOptions } from '../testing/fake-main';
import { renderWithApp } from '../testing/render-with-app';
import { ShortcutsSection } from './shortcuts-section';

const TAKEN = 'Another app uses this shortcut; choose another.';
const WORKS = 'Works from anywhere.';

function setup(shortcuts: Partial<ShortcutSettings> = {}, options: FakeMainOptions = {}) {
  const main = createFakeMain({ settings: { shortcuts: { ...DEFAULT_SHORTCUT_SETTINGS, ...shortcuts } }, ...options });
  const user = userEvent.setup();
  renderWithApp(<ShortcutsSection />, { api: main.api });
  return { ...main, user };
}

const updates = (invoke: ReturnType<typeof createFakeMain>['invoke']) =>
  invoke.mock.calls.filter(([channel]) => channel === 'settings:update').map(([, input]) => input);
const field = (name: string) => screen.getByRole('textbox', { name });
/** The state line under each field, in the order Settings shows them. */
const stateLines = () => [...document.querySelectorAll('.key-state')].map((line) => line.textContent);

describe('Shortcuts settings', () => {
  it('shows the three shortcuts, each working from anywhere', async () => {
    setup();
    expect(await screen.findByRole('heading', { name: 'Shortcuts' })).toBeVisible();
    expect(await screen.findByRole('textbox', { name: 'Quick ask' })).toHaveValue('Alt+Shift+Space');
    expect(field('Push-to-talk')).toHaveValue('Ctrl+Shift+Space');
    expect(field('Live captions')).toHaveValue('Ctrl+Alt+Shift+Space');
    await screen.findAllByText(WORKS);
    expect(stateLines()).toEqual([WORKS, WORKS, WORKS]);
    expect(field('Quick ask')).toHaveAccessibleDescription(/^Works from anywhere\. Opens a small window over what you are doing/);
  });

  it('says, as an alert under that one only, that another app holds a shortcut; the others still work', async () => {
    setup({}, { takenShortcuts: [DEFAULT_SHORTCUTS.quickAsk] });
    expect(await screen.findByRole('alert')).toHaveTextContent(TAKEN);
    expect(field('Quick ask')).toBeInvalid();
    expect(field('Quick ask')).toHaveAccessibleDescription(new RegExp(`^${TAKEN}`));
    expect(stateLines()).toEqual([TAKEN, WORKS, WORKS]);
    expect(field('Push-to-talk')).toBeValid();
  });

  it('saves the keys recorded for one shortcut and shows that it works', async () => {
    const { user, invoke } = setup();
    await user.click(await screen.findByRole('textbox', { name: 'Push-to-talk' }));
    await user.keyboard('{Control>}{Alt>}k{/Alt}{/Control}');

    expect(updates(invoke)).toEqual([{ shortcuts: { pushToTalk: 'CommandOrControl+Alt+K' } }]);
    expect(await screen.findByText('Saved: Push-to-talk is Ctrl+Alt+K.')).toBeVisible();
    expect(field('Push-to-talk')).toHaveValue('Ctrl+Alt+K');
    expect(field('Push-to-talk')).toHaveFocus();
  });

  it('refuses the keys of another shortcut, naming it, and saves nothing', async () => {
    const { user, invoke } = setup();
    await user.click(await screen.findByRole('textbox', { name: 'Live captions' }));
    await user.keyboard('{Control>}{Shift>}{ }{/Shift}{/Control}');

    expect(field('Live captions')).toHaveAccessibleDescription(/^These keys are already the Push-to-talk shortcut: choose others\./);
    expect(field('Live captions')).toHaveValue('Ctrl+Alt+Shift+Space');
    expect(updates(invoke)).toEqual([]);
  });

  it('turns one off with Backspace, says what still works, and brings its default back with Reset', async () => {
    const { user, invoke } = setup();
    await user.click(await screen.findByRole('textbox', { name: 'Live captions' }));
    await user.keyboard('{Backspace}');
    expect(await screen.findByText('Saved: Live captions is off.')).toBeVisible();
    expect(field('Live captions')).toHaveValue('Off');
    expect(await screen.findByText('Off: start live captions in the Translate pane.')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Reset to Ctrl+Alt+Shift+Space' }));
    expect(await screen.findByDisplayValue('Ctrl+Alt+Shift+Space')).toBe(field('Live captions'));
    expect(updates(invoke)).toEqual([{ shortcuts: { liveCaptions: null } }, { shortcuts: { liveCaptions: DEFAULT_SHORTCUTS.liveCaptions } }]);
  });

  it('follows what main says of the shortcuts later, such as another app taking one', async () => {
    const { emit } = setup();
    await screen.findAllByText(WORKS);
    const registered = (accelerator: string) => ({ accelerator, state: 'registered' as const });
    const later: ShortcutStates = {
      quickAsk: registered(DEFAULT_SHORTCUTS.quickAsk),
      pushToTalk: { accelerator: DEFAULT_SHORTCUTS.pushToTalk, state: 'taken' },
      liveCaptions: registered(DEFAULT_SHORTCUTS.liveCaptions),
    };
    act(() => emit('desktop:shortcutsChanged', later));
    expect(screen.getByRole('alert')).toHaveTextContent(TAKEN);
    expect(stateLines()).toEqual([WORKS, TAKEN, WORKS]);
  });

  it('says that global shortcuts need the desktop app where there is none', async () => {
    const unavailable = (accelerator: string) => ({ accelerator, state: 'unavailable' as const });
    setup(
      {},
      {
        handlers: {
          'desktop:shortcuts': () =>
            ok({
              quickAsk: unavailable(DEFAULT_SHORTCUTS.quickAsk),
              pushToTalk: unavailable(DEFAULT_SHORTCUTS.pushToTalk),
              liveCaptions: unavailable(DEFAULT_SHORTCUTS.liveCaptions),
            }),
        },
      },
    );
    expect(await screen.findAllByText('Global shortcuts are available in the desktop app.')).toHaveLength(3);
  });
});

import { describe, expect, it } from 'vitest';
import { isAccelerator, parseAccelerator, shortcutText } from './accelerator';

describe('global shortcuts', () => {
  it.each(['CommandOrControl+Shift+Space', 'Alt+F4', 'Control+Alt+K', 'Super+1', 'CommandOrControl+Plus', 'Alt+Shift+F24'])(
    'accepts %s',
    (accelerator) => expect(isAccelerator(accelerator)).toBe(true),
  );

  it.each([
    ['a plain key', 'Space'],
    ['Shift alone, which types a capital', 'Shift+K'],
    ['an unknown modifier', 'Hyper+K'],
    ['a modifier twice', 'Alt+Alt+K'],
    ['no key', 'Control+Shift'],
    ['an empty part', 'Control++'],
    ['an unknown key', 'Control+Banana'],
    ['F25', 'Control+F25'],
  ])('refuses %s', (_, accelerator) => expect(isAccelerator(accelerator)).toBe(false));

  it('reads the key in upper case, as Electron names letters', () => {
    expect(parseAccelerator('Control+k')).toEqual({ modifiers: ['Control'], key: 'K' });
  });

  it("writes a shortcut in the member's platform's words", () => {
    const pc = { mac: false, windows: false, space: 'Space' };
    expect(shortcutText('CommandOrControl+Shift+Space', pc)).toBe('Ctrl+Shift+Space');
    expect(shortcutText('Super+Up', { ...pc, windows: true })).toBe('Win+↑');
    expect(shortcutText('CommandOrControl+Shift+Space', { mac: true, windows: false, space: 'Espace' })).toBe('⇧⌘Espace');
  });
});

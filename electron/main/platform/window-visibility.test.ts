import { describe, expect, it, vi } from 'vitest';
import { revealWindow, toggleWindow, type ToggleableWindow } from './window-visibility';

function fakeWindow(state: { visible?: boolean; minimized?: boolean; destroyed?: boolean } = {}) {
  const window: ToggleableWindow & { calls: string[] } = {
    calls: [],
    isDestroyed: () => state.destroyed ?? false,
    isVisible: () => state.visible ?? false,
    isMinimized: () => state.minimized ?? false,
    restore: vi.fn(() => window.calls.push('restore')),
    show: vi.fn(() => window.calls.push('show')),
    hide: vi.fn(() => window.calls.push('hide')),
    focus: vi.fn(() => window.calls.push('focus')),
  };
  return window;
}

describe('window visibility', () => {
  it('brings a hidden window forward with focus', () => {
    const window = fakeWindow({ visible: false });
    revealWindow(window);
    expect(window.calls).toEqual(['show', 'focus']);
  });

  it('restores a minimised window before showing it', () => {
    const window = fakeWindow({ visible: true, minimized: true });
    revealWindow(window);
    expect(window.calls).toEqual(['restore', 'show', 'focus']);
  });

  it('the tray click hides a visible window and shows a hidden or minimised one', () => {
    const visible = fakeWindow({ visible: true });
    toggleWindow(visible);
    expect(visible.calls).toEqual(['hide']);
    const hidden = fakeWindow({ visible: false });
    toggleWindow(hidden);
    expect(hidden.calls).toEqual(['show', 'focus']);
    const minimised = fakeWindow({ visible: true, minimized: true });
    toggleWindow(minimised);
    expect(minimised.calls).toEqual(['restore', 'show', 'focus']);
  });

  it('leaves a destroyed window alone', () => {
    const window = fakeWindow({ destroyed: true });
    revealWindow(window);
    toggleWindow(window);
    expect(window.calls).toEqual([]);
  });
});

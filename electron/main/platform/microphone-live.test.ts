import { describe, expect, it, vi } from 'vitest';
import type { Lang } from '../../../shared/lang';
import type { IndicatorText } from './microphone-indicator';
import { createMicrophoneLive, indicatorText } from './microphone-live';

function setup(options: { focused?: boolean; lang?: Lang; shortcut?: string | null; platform?: NodeJS.Platform } = {}) {
  const state = {
    focused: options.focused ?? false,
    lang: options.lang ?? 'en',
    shortcut: options.shortcut === undefined ? 'CommandOrControl+Shift+Space' : options.shortcut,
  };
  const tray = { update: vi.fn() };
  let shown: IndicatorText | null = null;
  const indicator = {
    show: vi.fn((text: IndicatorText) => {
      shown = text;
    }),
    hide: vi.fn(() => {
      shown = null;
    }),
  };
  const live = createMicrophoneLive({
    tray: () => tray,
    indicator,
    windowFocused: () => state.focused,
    lang: () => state.lang,
    shortcut: () => state.shortcut,
    platform: options.platform ?? 'linux',
  });
  return { live, tray, indicator, state, shown: () => shown };
}

describe('microphone live, outside the window', () => {
  it('with the window out of sight, the tray and the indicator show it, and both stop when it is off', () => {
    const { live, tray, shown } = setup();
    live.set(true);
    expect(tray.update).toHaveBeenLastCalledWith({ microphoneLive: true });
    expect(shown()).toEqual({ lang: 'en', label: 'Listening… press Ctrl+Shift+Space to stop' });
    live.set(false);
    expect(tray.update).toHaveBeenLastCalledWith({ microphoneLive: false });
    expect(shown()).toBeNull();
  });

  it('while the member looks at the window, only the tray shows it: the window shows the recording itself', () => {
    const { live, tray, indicator } = setup({ focused: true });
    live.set(true);
    expect(tray.update).toHaveBeenLastCalledWith({ microphoneLive: true });
    expect(indicator.show).not.toHaveBeenCalled();
  });

  it('follows the window: gone when the member brings it forward, back when they leave it mid-question', () => {
    const { live, state, shown } = setup();
    live.set(true);
    state.focused = true;
    live.refresh();
    expect(shown()).toBeNull();
    state.focused = false;
    live.refresh();
    expect(shown()).not.toBeNull();
    live.set(false);
    live.refresh();
    expect(shown()).toBeNull();
  });

  it("speaks the member's language, names the keys as their system does, and names none when no shortcut works", () => {
    const mac = setup({ lang: 'ru', platform: 'darwin' });
    mac.live.set(true);
    expect(mac.shown()).toEqual({ lang: 'ru', label: 'Слушаю… нажмите ⇧⌘Пробел, чтобы остановить' });

    const none = setup({ lang: 'fr', shortcut: null });
    none.live.set(true);
    expect(none.shown()).toEqual({ lang: 'fr', label: 'À l’écoute…' });
  });

  it('keeps the keys left to right inside Arabic', () => {
    expect(indicatorText('ar', 'Alt+Shift+K', 'win32').label).toContain('\u2068Alt+Shift+K\u2069');
  });

  it('with no tray icon yet, still shows the indicator', () => {
    const indicator = { show: vi.fn(), hide: vi.fn() };
    const live = createMicrophoneLive({
      tray: () => null,
      indicator,
      windowFocused: () => false,
      lang: () => 'en',
      shortcut: () => null,
      platform: 'win32',
    });
    live.set(true);
    expect(indicator.show).toHaveBeenCalledWith({ lang: 'en', label: 'Listening…' });
  });
});

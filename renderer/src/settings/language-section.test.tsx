import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Lang } from '../../../shared/lang';
import { err, ok } from '../../../shared/result';
import { applySettingsPatch, DEFAULT_SETTINGS } from '../../../shared/settings';
import { preloadPanes } from '../shell/pane-view';
import { Shell } from '../shell/shell';
import { createFakeMain, type FakeHandlers } from '../testing/fake-main';
import { renderWithApp } from '../testing/render-with-app';

async function openSettings(options: { language?: Lang | null; handlers?: FakeHandlers; systemLang?: Lang } = {}) {
  const main = createFakeMain({ settings: { language: options.language ?? null }, handlers: options.handlers ?? {} });
  const user = userEvent.setup();
  renderWithApp(<Shell />, { api: main.api, systemLang: options.systemLang ?? 'en' });
  await user.keyboard('{Control>},{/Control}');
  return { ...main, user };
}

const html = document.documentElement;

// The panes are loaded on first use (code-split): loaded up front, each test sees a pane as soon as it opens.
beforeAll(preloadPanes);

describe('Language', () => {
  it('offers the system language, named, then the seven languages named in themselves, Latin scripts first and alphabetical', async () => {
    await openSettings({ systemLang: 'fr' });
    const select = await screen.findByRole('combobox', { name: "Langue de l'interface" });
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Système (Français)',
      'English',
      'Español',
      'Français',
      'Монгол',
      'Русский',
      'العربية',
      '中文',
    ]);
    expect(select).toHaveValue('system');
    expect(html).toHaveAttribute('lang', 'fr');
  });

  it('keeps the languages in the same order in another UI language, so the list does not move under the member', async () => {
    await openSettings({ language: 'ar' });
    const select = await screen.findByRole('combobox', { name: 'لغة الواجهة' });
    const languages = within(select).getAllByRole('option').slice(1);
    expect(languages.map((option) => option.getAttribute('value'))).toEqual(['en', 'es', 'fr', 'mn', 'ru', 'ar', 'zh']);
    // Each name is marked in its own language, so a screen reader says it as its speakers do.
    expect(languages.map((option) => option.getAttribute('lang'))).toEqual(['en', 'es', 'fr', 'mn', 'ru', 'ar', 'zh']);
  });

  it('turns the whole window to Arabic, right to left, and remembers the choice', async () => {
    const { user, invoke } = await openSettings();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Interface language' }), 'ar');

    expect(invoke).toHaveBeenCalledWith('settings:update', { language: 'ar' });
    expect(html).toHaveAttribute('lang', 'ar');
    expect(html).toHaveAttribute('dir', 'rtl');
    expect(await screen.findByRole('tab', { name: 'الإعدادات' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('combobox', { name: 'لغة الواجهة' })).toHaveValue('ar');
  });

  it('keeps the newest choice when main stores an earlier one late (arrow keys move through the list faster than main)', async () => {
    const stored: Array<() => void> = [];
    const { user } = await openSettings({
      handlers: {
        // Main answers each write only when the test lets it, the first one last.
        'settings:update': (patch) => new Promise((resolve) => stored.push(() => resolve(ok(applySettingsPatch(DEFAULT_SETTINGS, patch))))),
      },
    });
    const select = screen.getByRole('combobox', { name: 'Interface language' });
    await user.selectOptions(select, 'mn');
    await user.selectOptions(select, 'ar');
    await act(async () => {
      stored[1]!();
      await Promise.resolve();
    });
    await act(async () => {
      stored[0]!();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(html).toHaveAttribute('lang', 'ar');
    expect(screen.getByRole('combobox', { name: 'لغة الواجهة' })).toHaveValue('ar');
  });

  it('shows Spanish labels once Spanish is chosen', async () => {
    const { user } = await openSettings();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Interface language' }), 'es');

    expect(await screen.findByRole('heading', { level: 1, name: 'Ajustes' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Idioma' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Clave de API de Gemini' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Secretario' })).toBeVisible();
    expect(screen.getByRole('option', { name: 'Sistema (English)' })).toBeInTheDocument();
    expect(html).toHaveAttribute('lang', 'es');
    expect(html).toHaveAttribute('dir', 'ltr');
  });

  it('starts in the stored language and goes back to the system language on request', async () => {
    const { user, invoke } = await openSettings({ language: 'es' });
    const select = await screen.findByRole('combobox', { name: 'Idioma de la interfaz' });
    expect(select).toHaveValue('es');

    await user.selectOptions(select, 'system');
    expect(invoke).toHaveBeenCalledWith('settings:update', { language: null });
    expect(await screen.findByRole('combobox', { name: 'Interface language' })).toHaveValue('system');
    expect(html).toHaveAttribute('lang', 'en');
  });

  it('keeps the previous language and says why when the choice cannot be stored', async () => {
    const { user } = await openSettings({
      handlers: { 'settings:update': () => err('INTERNAL', 'Your settings could not be saved.', { hint: 'Check that the disk is not full.' }) },
    });
    const select = await screen.findByRole('combobox', { name: 'Interface language' });
    await user.selectOptions(select, 'ru');

    // No reason this version knows: the sentence for the code, and main's own advice, which says more.
    expect(await screen.findByText('Something went wrong inside Staff Desk. Try again; if it keeps happening, restart the app.')).toBeVisible();
    expect(screen.getByText('Check that the disk is not full.')).toBeVisible();
    expect(select).toHaveValue('system');
    expect(html).toHaveAttribute('lang', 'en');
    expect(screen.getByRole('tab', { name: 'Settings' })).toBeVisible();
  });
});

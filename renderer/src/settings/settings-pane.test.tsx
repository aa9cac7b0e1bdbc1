import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createFakeMain } from '../testing/fake-main';
import { renderWithApp } from '../testing/render-with-app';
import { SettingsPane } from './settings-pane';
import { recordScrollIntoView } from '../testing/record-scroll-into-view';

/** The README's first use: sign in, add the key, check the models, connect the mailbox, then the rest. */
const SECTIONS: [link: string, heading: string][] = [
  ['Sign-in', 'Staff sign-in (Cloudflare Access)'],
  ['Gemini key', 'Gemini API key'],
  ['Models', 'Models'],
  ['Mailbox', 'Zoho Mail'],
  ['Morning pass', 'Morning mailbox pass'],
  ['Knowledge base', 'Knowledge base'],
  ['Assistant', 'Assistant'],
  ['Voice', 'Voice'],
  ['Shortcuts', 'Shortcuts'],
  ['Desktop', 'Desktop'],
  ['Language', 'Language'],
  ['Team profile', 'Team profile'],
  ['Crash reports', 'Crash reports'],
  ['About', 'About'],
];

const scrolledTo = recordScrollIntoView();

function renderPane(target?: Parameters<typeof SettingsPane>[0]['target']) {
  const user = userEvent.setup();
  renderWithApp(<SettingsPane openPane={vi.fn()} target={target} />, { api: createFakeMain().api });
  return user;
}

const nav = () => screen.getByRole('navigation', { name: 'Settings sections' });
const sectionHeadings = () => screen.getAllByRole('heading', { level: 2 }).filter((heading) => heading.closest('.settings-anchor'));

describe('Settings', () => {
  it('lists its sections in the order of the first use, and shows them in that order', async () => {
    renderPane();
    const links = within(nav()).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(SECTIONS.map(([link]) => link));
    expect(sectionHeadings().map((heading) => heading.textContent)).toEqual(SECTIONS.map(([, heading]) => heading));
    expect(links[0]).toHaveAttribute('aria-current', 'location');
    expect(links.filter((link) => link.hasAttribute('aria-current'))).toHaveLength(1);
    await screen.findAllByText('Not configured');
  });

  it('goes to a section from the list by keyboard: its heading at the top, focused, and marked in the list', async () => {
    const user = renderPane();
    const link = within(nav()).getByRole('link', { name: 'Knowledge base' });
    link.focus();
    await user.keyboard('{Enter}');

    const heading = screen.getByRole('heading', { level: 2, name: 'Knowledge base' });
    expect(heading).toHaveFocus();
    expect(scrolledTo.mock.contexts).toEqual([heading.closest('.settings-anchor')]);
    expect(link).toHaveAttribute('aria-current', 'location');
    expect(within(nav()).getByRole('link', { name: 'Sign-in' })).not.toHaveAttribute('aria-current');
    // The pane's own fragment names the pane, not a section: the list never navigates.
    expect(window.location.hash).toBe('');
    await screen.findAllByText('Not configured');
  });

  it('opens at the section another pane names', async () => {
    renderPane({ section: 'mailbox' });
    const heading = screen.getByRole('heading', { level: 2, name: 'Zoho Mail' });
    expect(heading).toHaveFocus();
    expect(scrolledTo.mock.contexts).toEqual([heading.closest('.settings-anchor')]);
    expect(within(nav()).getByRole('link', { name: 'Mailbox' })).toHaveAttribute('aria-current', 'location');
    await screen.findAllByText('Not configured');
  });
});

describe('SEC-5: Settings while nobody is signed in', () => {
  const sectionOf = (heading: string) => screen.getByRole('heading', { level: 2, name: heading }).closest('section')!;

  it("locks every section past the first run's, says why, and unlocks them once the member signs in", async () => {
    const main = createFakeMain({ auth: { state: 'signed_out' } });
    renderWithApp(<SettingsPane openPane={vi.fn()} />, { api: main.api });

    const controls = (heading: string) => [...sectionOf(heading).querySelectorAll('input, select, textarea, button')];
    // The whole pane renders first: on a busy two-core runner that takes longer than waitFor's default second.
    await vi.waitFor(() => expect(controls('Models').length).toBeGreaterThan(0), { timeout: 5_000 });
    for (const heading of ['Models', 'Zoho Mail', 'Morning mailbox pass', 'Knowledge base', 'Assistant', 'Voice', 'Shortcuts', 'Crash reports']) {
      const locked = sectionOf(heading).closest('fieldset');
      expect(locked, heading).toBeDisabled();
      expect(locked, heading).toHaveAccessibleDescription('Sign in to change these settings.');
    }
    for (const control of controls('Models')) expect(control).toBeDisabled();
    // The first run's own: sign-in, the key, the language, the start at login.
    for (const heading of ['Staff sign-in (Cloudflare Access)', 'Gemini API key', 'Language', 'Desktop']) {
      expect(sectionOf(heading).closest('fieldset'), heading).toBeNull();
    }
    expect(within(sectionOf('Staff sign-in (Cloudflare Access)')).getAllByRole('textbox')[0]).toBeEnabled();

    main.changeAuth({ state: 'signed_in', email: 'ana@example.com', expiresAt: Date.now() + 3_600_000 });
    await vi.waitFor(() => expect(sectionOf('Models').closest('fieldset')).toBeNull());
    expect(screen.queryByText('Sign in to change these settings.')).toBeNull();
    for (const control of controls('Models')) expect(control).toBeEnabled();
  });

  it('says, while signed in, that saving other sign-in settings signs out and disconnects the mailbox', async () => {
    renderWithApp(<SettingsPane openPane={vi.fn()} />, { api: createFakeMain().api });
    expect(
      await within(sectionOf('Staff sign-in (Cloudflare Access)')).findByText(
        'Saving another team domain, application URL or AUD tag signs you out and disconnects your mailbox.',
      ),
    ).toBeVisible();
  });
});

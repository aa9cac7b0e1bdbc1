import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { digestWith } from '../testing/digest-fixtures';
import { createFakeMain, type FakeMainOptions } from '../testing/fake-main';
import { renderWithApp } from '../testing/render-with-app';
import { PaneTabs } from './pane-tabs';
import { preloadPanes } from './pane-view';
import { Shell } from './shell';

const TITLES = ['Secretary', 'Oracle', 'Assistant', 'Voice', 'Translate', 'Settings'];

function renderShell(options: FakeMainOptions = {}) {
  const user = userEvent.setup();
  const main = createFakeMain(options);
  renderWithApp(<Shell />, { api: main.api });
  return Object.assign(user, { main });
}

const tab = (name: string) => screen.getByRole('tab', { name });
const paneHeading = () => screen.getByRole('heading', { level: 1 });

// The panes are loaded on first use (code-split): loaded up front, each test sees a pane as soon as it opens.
beforeAll(preloadPanes);

describe('Shell', () => {
  it('visits every pane with the keyboard alone', async () => {
    const user = renderShell();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveFocus();
    await user.tab();
    expect(tab('Secretary')).toHaveFocus();
    expect(paneHeading()).toHaveTextContent('Secretary');

    for (const [index, title] of TITLES.slice(1).entries()) {
      await user.keyboard('{ArrowDown}');
      expect(tab(title)).toHaveFocus();
      await user.keyboard(index % 2 === 0 ? '{Enter}' : ' ');
      expect(paneHeading()).toHaveTextContent(title);
      expect(tab(title)).toHaveAttribute('aria-selected', 'true');
      expect(screen.getByRole('tabpanel')).toHaveAccessibleName(title);
    }
    await screen.findAllByText('Not configured');

    await user.keyboard('{ArrowDown}');
    expect(tab('Secretary')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(paneHeading()).toHaveTextContent('Secretary');
  });

  it('moves focus without opening a pane until Enter, and wraps with Home, End and the arrows', async () => {
    const user = renderShell();
    await user.tab();
    await user.tab();
    await user.keyboard('{ArrowUp}');
    expect(tab('Settings')).toHaveFocus();
    expect(paneHeading()).toHaveTextContent('Secretary');
    await user.keyboard('{Home}');
    expect(tab('Secretary')).toHaveFocus();
    await user.keyboard('{End}');
    expect(tab('Settings')).toHaveFocus();
  });

  it('keeps only the open pane in the Tab order', async () => {
    const user = renderShell();
    const signOut = await screen.findByRole('button', { name: 'Sign out' });
    await user.click(tab('Voice'));
    await user.tab();
    expect(signOut).toHaveFocus();
    await user.tab({ shift: true });
    expect(tab('Voice')).toHaveFocus();
    expect(TITLES.filter((title) => tab(title).tabIndex === 0)).toEqual(['Voice']);
  });

  it('jumps to panes with Ctrl/Cmd+1..6 and opens Settings with Ctrl/Cmd+,', async () => {
    const user = renderShell();
    for (const [index, title] of TITLES.entries()) {
      await user.keyboard(`{Control>}${index + 1}{/Control}`);
      expect(paneHeading()).toHaveTextContent(title);
      expect(screen.getByRole('main')).toHaveFocus();
    }
    await user.keyboard('{Meta>}2{/Meta}');
    expect(paneHeading()).toHaveTextContent('Oracle');
    await user.keyboard('{Control>},{/Control}');
    expect(paneHeading()).toHaveTextContent('Settings');
    await user.keyboard('{Meta>}1{/Meta}');
    await user.keyboard('{Meta>},{/Meta}');
    expect(paneHeading()).toHaveTextContent('Settings');
    await screen.findAllByText('Not configured');
  });

  it('leaves typing alone: digits without Ctrl/Cmd, or with AltGr, do not switch panes', async () => {
    const user = renderShell();
    await user.keyboard('3');
    await user.keyboard('{Control>}{Alt>}3{/Alt}{/Control}');
    expect(paneHeading()).toHaveTextContent('Secretary');
  });

  it('skips the navigation straight to the content', async () => {
    const user = renderShell();
    await user.tab();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('names each tab by its title alone, with nothing beside it while nothing waits there', () => {
    renderShell();
    for (const title of TITLES) {
      expect(tab(title)).toHaveAccessibleName(title);
      expect(tab(title)).not.toHaveAccessibleDescription();
    }
  });

  it("shows what waits in a pane as a badge that describes its tab, without renaming it", () => {
    render(<PaneTabs active="oracle" onSelect={() => {}} badges={{ secretary: { count: '4', description: '4 need you' } }} />);
    expect(tab('Secretary')).toHaveAccessibleDescription('4 need you');
    expect(within(tab('Secretary')).getByTitle('4 need you')).toHaveTextContent(/^4$/);
    expect(tab('Oracle')).not.toHaveAccessibleDescription();
  });

  it("badges the Secretary with how many mails of the latest pass still need the member, and follows dismissals", async () => {
    const main = createFakeMain({ digest: digestWith('1', '2') });
    renderWithApp(<Shell />, { api: main.api });
    await expect.poll(() => tab('Secretary')).toHaveAccessibleDescription('2 need you');
    expect(tab('Secretary')).toHaveAccessibleName('Secretary');

    await act(() => main.api.digest.dismiss({ messageId: '1' }));
    await expect.poll(() => tab('Secretary')).toHaveAccessibleDescription('1 needs you');
    await act(() => main.api.digest.dismiss({ messageId: '2' }));
    await expect.poll(() => tab('Secretary')).not.toHaveAccessibleDescription();
  });

  it('opens every pane at its top, not where the last one was left', async () => {
    const user = renderShell();
    const main = screen.getByRole('main');
    await user.click(tab('Settings'));
    main.scrollTop = 780;
    await user.click(tab('Oracle'));
    expect(main.scrollTop).toBe(0);

    await user.click(tab('Settings'));
    main.scrollTop = 780;
    await user.keyboard('{Control>}5{/Control}');
    expect(paneHeading()).toHaveTextContent('Translate');
    expect(main.scrollTop).toBe(0);
    await screen.findByRole('textbox', { name: 'Text to translate' });
  });

  it('gives chat panes the full height and scrolls only the reading panes as a whole', async () => {
    const user = renderShell();
    const main = screen.getByRole('main');
    for (const [title, layout] of [['Secretary', 'fill'], ['Oracle', 'fill'], ['Assistant', 'fill'], ['Voice', 'fill'], ['Translate', 'scroll'], ['Settings', 'scroll']] as const) {
      await user.click(tab(title));
      expect(screen.getByRole('tabpanel')).toHaveAttribute('data-layout', layout);
      expect(main).toHaveAttribute('data-layout', layout);
    }
    await screen.findAllByText('Not configured');
  });

  it('opens the pane that main asks for through the URL fragment (the tray\'s "Settings")', async () => {
    renderShell();
    expect(paneHeading()).toHaveTextContent('Secretary');
    window.location.hash = '#/settings';
    await screen.findByRole('heading', { level: 1, name: 'Settings' });
    expect(tab('Settings')).toHaveAttribute('aria-selected', 'true');
  });

  it('writes the open pane back to the fragment, so asking for Settings again still works', async () => {
    const user = renderShell();
    window.location.hash = '#/settings';
    await screen.findByRole('heading', { level: 1, name: 'Settings' });
    await user.click(tab('Oracle'));
    expect(window.location.hash).toBe('#/oracle');
    window.location.hash = '#/settings';
    await screen.findByRole('heading', { level: 1, name: 'Settings' });
  });

  it("puts push-to-talk's microphone in the Assistant's composer: hold to ask, or dictate into the box", async () => {
    const user = renderShell();
    await user.click(tab('Assistant'));
    expect(await screen.findByRole('button', { name: 'Hold to ask by voice' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Dictate' })).toBeInTheDocument();
  });

  it('RD4 tells main once its first frame is painted, at the sign-in gate too, and not again as the member moves on', async () => {
    const user = renderShell({ auth: { state: 'signed_out' } });
    const painted = () => user.main.invoke.mock.calls.filter(([channel]) => channel === 'app:painted').length;
    expect(await screen.findByText('Sign in with your staff account first.')).toBeVisible();
    await expect.poll(painted).toBe(1);
    await user.click(tab('Oracle'));
    await user.click(tab('Settings'));
    await act(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(painted()).toBe(1);
  });
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeMain, type FakeMainOptions } from '../testing/fake-main';
import { renderWithApp } from '../testing/render-with-app';
import { CrashReportsSection } from './crash-reports-section';

const SERVER = 'https://o1.ingest.sentry.io/api/7/minidump/?sentry_key=abc123';
const SET_BY_ORGANIZATION = 'Set by your organization';

function setup(options: FakeMainOptions = {}) {
  const main = createFakeMain(options);
  const user = userEvent.setup();
  const view = renderWithApp(<CrashReportsSection />, { api: main.api });
  return { ...main, user, view };
}

const sendBox = () => screen.findByRole('checkbox', { name: "Send crash reports to my team's server" });
const serverField = () => screen.getByRole('textbox', { name: 'Crash report server' });
const save = () => screen.getByRole('button', { name: 'Save' });
const updates = (invoke: ReturnType<typeof createFakeMain>['invoke']) =>
  invoke.mock.calls.filter(([channel]) => channel === 'settings:update').map(([, input]) => input);

describe('RD3 Settings, Crash reports', () => {
  it('RD3 is off by default, and says what a crash report may hold before anything is sent', async () => {
    setup();
    expect(await sendBox()).not.toBeChecked();
    expect(serverField()).toHaveValue('');
    expect(screen.getByText(/can hold fragments of what was on screen, such as a mail or a note/)).toBeVisible();
    expect(screen.getByText(/Nothing is sent unless sending is on/)).toBeVisible();
  });

  it('RD3 turns sending on to an https server, and names the server by its origin alone', async () => {
    const { user, invoke, view, api } = setup();
    await user.click(await sendBox());
    await user.type(serverField(), SERVER);
    await user.click(save());

    expect(updates(invoke)).toEqual([{ crashReports: { upload: true, url: SERVER } }]);
    expect(await screen.findByText('Saved: crash reports will be sent to \u2068https://o1.ingest.sentry.io\u2069.')).toBeVisible();

    view.unmount();
    renderWithApp(<CrashReportsSection />, { api });
    expect(await sendBox()).toBeChecked();
    expect(serverField()).toHaveValue(SERVER);
  });

  it.each([
    ['plain http', 'http://crashes.example.com/submit'],
    ['a user name and password', 'https://ana:secret@crashes.example.com/submit'],
  ])('RD3 refuses %s beside the field, in one sentence, without calling main', async (_what, url) => {
    const { user, invoke } = setup();
    await sendBox();
    await user.type(serverField(), url);
    await user.click(save());

    expect(serverField()).toBeInvalid();
    expect(serverField()).toHaveFocus();
    expect(screen.getByText('Use an https address without a user name or password, such as \u2068https://crashes.example.com/submit\u2069.')).toBeVisible();
    expect(updates(invoke)).toEqual([]);
  });

  it('RD3 will not turn sending on with nowhere to send to', async () => {
    const { user, invoke } = setup();
    await user.click(await sendBox());
    await user.click(save());

    expect(serverField()).toBeInvalid();
    expect(screen.getByText('Enter the address to send crash reports to, or leave sending off.')).toBeVisible();
    expect(updates(invoke)).toEqual([]);
  });

  it('RD3 turns sending off and keeps the server for next time', async () => {
    const { user, invoke } = setup({ settings: { crashReports: { upload: true, url: SERVER } } });
    await user.click(await sendBox());
    await user.click(save());

    expect(updates(invoke)).toEqual([{ crashReports: { upload: false } }]);
    expect(await screen.findByText('Saved: crash reports stay on this computer.')).toBeVisible();
  });

  it("RD3 the policy's choice is shown read-only with the organization's note, and nothing is left to save", async () => {
    setup({ policy: { settings: { crashReports: { upload: true, url: SERVER } } } });
    const box = await sendBox();
    expect(box).toBeChecked();
    expect(box).toBeDisabled();
    expect(box).toHaveAccessibleDescription(expect.stringContaining(SET_BY_ORGANIZATION));
    expect(serverField()).toHaveValue(SERVER);
    expect(serverField()).toHaveAttribute('readonly');
    expect(serverField()).toHaveAccessibleDescription(`${SET_BY_ORGANIZATION} Crash reports go to this server when sending is on.`);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it("RD3 a policy that names the team's server leaves the member to decide, and sends only their choice", async () => {
    const { user, invoke } = setup({ policy: { settings: { crashReports: { url: SERVER } } } });
    await user.click(await sendBox());
    expect(serverField()).toHaveAttribute('readonly');
    await user.click(save());

    expect(updates(invoke)).toEqual([{ crashReports: { upload: true } }]);
    expect(await screen.findByText('Saved: crash reports will be sent to \u2068https://o1.ingest.sentry.io\u2069.')).toBeVisible();
  });
});

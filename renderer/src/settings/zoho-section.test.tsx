import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { err, type AppError } from '../../../shared/result';
import { createFakeMain, type FakeMainOptions } from '../testing/fake-main';
import { renderWithApp } from '../testing/render-with-app';
import { ZohoSection } from './zoho-section';

const CLIENT_ID = '1000.ABCDEFGHIJ0123456789KLMNOPQRST';
const CLIENT_SECRET = 'f3c1e0d2b4a59687c7d8e9f00112233445566778899';
const MAILBOX = 'ana.perez@crearack.example';
const CODE = { stage: 'code' as const, userCode: 'WXYZ-4821', verificationUrl: 'https://accounts.zoho.eu/oauth/v3/device', expiresAt: '' };
const CLIENT_READY: FakeMainOptions = { configured: ['zoho.clientId', 'zoho.clientSecret'] };

afterEach(() => {
  vi.useRealTimers();
});

function setup(options: FakeMainOptions = {}, systemLang: 'en' | 'es' = 'en') {
  const main = createFakeMain(options);
  const user = userEvent.setup();
  const view = renderWithApp(<ZohoSection />, { api: main.api, systemLang });
  return { ...main, user, view };
}

const button = (name: string) => screen.getByRole('button', { name });
const mailbox = () => screen.getByRole('group', { name: 'Mailbox' });
const calls = (invoke: ReturnType<typeof createFakeMain>['invoke'], channel: string) =>
  invoke.mock.calls.filter(([called]) => called === channel);
const codeExpiringIn = (ms: number) => ({ ...CODE, expiresAt: new Date(Date.now() + ms).toISOString() });
const failure = (code: AppError['code'], reason: string, extra: Partial<AppError> = {}): AppError => ({
  code,
  message: `Main's own words for ${reason}.`,
  reason,
  ...extra,
});

function expectNowhere(value: string) {
  expect(document.body.innerHTML).not.toContain(value);
  for (const field of document.querySelectorAll('input')) expect(field.value).not.toContain(value);
}

describe('Zoho OAuth client', () => {
  it('saves the client id and secret, forgets them at once, then says "Configured" and offers Connect', async () => {
    const { user, invoke } = setup();
    const client = await screen.findByRole('group', { name: 'OAuth client' });
    expect(await within(client).findByText('Not configured')).toBeVisible();
    expect(await within(mailbox()).findByText('Save the OAuth client first, then connect your mailbox.')).toBeVisible();
    expect(screen.getByLabelText('Client secret')).toHaveAttribute('type', 'password');

    await user.type(screen.getByLabelText('Client ID'), `  ${CLIENT_ID} `);
    await user.type(screen.getByLabelText('Client secret'), CLIENT_SECRET);
    await user.click(button('Save client'));

    expect(calls(invoke, 'secrets:set')).toEqual([
      ['secrets:set', { name: 'zoho.clientId', value: CLIENT_ID }],
      ['secrets:set', { name: 'zoho.clientSecret', value: CLIENT_SECRET }],
    ]);
    expect(await within(client).findByText('Configured')).toBeVisible();
    expect(within(client).getByText('The client is saved in your system keychain.')).toBeVisible();
    expect(within(client).getByRole('button', { name: 'Replace' })).toHaveFocus();
    expect(screen.queryByLabelText('Client secret')).not.toBeInTheDocument();
    expect(await within(mailbox()).findByRole('button', { name: 'Connect' })).toBeEnabled();
    expectNowhere(CLIENT_ID);
    expectNowhere(CLIENT_SECRET);
  });

  it('refuses a client with a field left empty, without calling main, and empties the other field too', async () => {
    const { user, invoke } = setup();
    await user.type(await screen.findByLabelText('Client ID'), CLIENT_ID);
    await user.click(button('Save client'));

    expect(screen.getByText('Enter both the client ID and the client secret.')).toBeVisible();
    expect(screen.getByLabelText('Client ID')).toHaveValue('');
    expect(screen.getByLabelText('Client ID')).toHaveFocus();
    expect(calls(invoke, 'secrets:set')).toEqual([]);
  });

  it('replaces a configured client, or keeps it when replacing is cancelled', async () => {
    const { user, invoke } = setup(CLIENT_READY);
    await user.click(await screen.findByRole('button', { name: 'Replace' }));
    expect(screen.getByLabelText('Client ID')).toHaveFocus();
    await user.click(button('Cancel'));
    expect(button('Replace')).toHaveFocus();
    expect(calls(invoke, 'secrets:set')).toEqual([]);

    await user.click(button('Replace'));
    await user.keyboard(CLIENT_ID);
    await user.type(screen.getByLabelText('Client secret'), `${CLIENT_SECRET}{Enter}`);
    expect(calls(invoke, 'secrets:set')).toHaveLength(2);
    expect(await screen.findByText('The client is saved in your system keychain.')).toBeVisible();
  });
});

describe('Data centre', () => {
  it('offers every Zoho data centre and saves the one chosen', async () => {
    const { user, invoke } = setup();
    const select = await screen.findByRole('combobox', { name: 'Data centre' });
    expect(select).toHaveDisplayValue('United States (zoho.com)');
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'United States (zoho.com)',
      'Europe (zoho.eu)',
      'India (zoho.in)',
      'Australia (zoho.com.au)',
      'Japan (zoho.jp)',
      'Canada (zohocloud.ca)',
      'Saudi Arabia (zoho.sa)',
      'United Kingdom (zoho.uk)',
    ]);

    await user.selectOptions(select, 'Europe (zoho.eu)');
    expect(invoke).toHaveBeenCalledWith('settings:update', { zoho: { dataCentre: 'eu' } });
    expect(await screen.findByText('The data centre is saved.')).toBeVisible();
    expect(select).toHaveDisplayValue('Europe (zoho.eu)');
  });

  it('cannot be changed while a mailbox is connected', async () => {
    setup({ zohoMailbox: MAILBOX, settings: { zoho: { dataCentre: 'eu' } } });
    await screen.findByText(`Connected as ${MAILBOX}`);
    expect(screen.getByRole('combobox', { name: 'Data centre' })).toBeDisabled();
    expect(screen.getByText('Disconnect the mailbox to change the data centre.')).toBeVisible();
  });
});

describe('Connecting with a code (device flow)', () => {
  it('shows the code large and copyable, opens the verification page, counts down, and ends connected', async () => {
    // Main reports the code before its answer with the requestId reaches the page: the page must not lose it.
    const { user, invoke, streams } = setup({ ...CLIENT_READY, streams: { 'zoho:connect': (stream) => stream.progress('zoho:progress', codeExpiringIn(10 * 60_000)) } });
    await user.click(await within(mailbox()).findByRole('button', { name: 'Connect' }));

    expect(calls(invoke, 'zoho:connect')).toEqual([['zoho:connect', { method: 'device' }]]);
    const code = await screen.findByRole('status', { name: 'Your code' });
    expect(code).toHaveTextContent('WXYZ-4821');
    expect(screen.getByText('The code expires in 10:00.')).toBeVisible();
    expect(button('Cancel')).toHaveFocus();

    await user.click(button('Copy code'));
    expect(invoke).toHaveBeenCalledWith('app:copyText', { text: 'WXYZ-4821' });
    expect(await screen.findByText('The code is copied.')).toBeVisible();

    await user.click(button('Open the verification page'));
    expect(invoke).toHaveBeenCalledWith('app:openExternal', { url: CODE.verificationUrl });

    const [stream] = streams('zoho:connect');
    act(() => {
      stream?.progress('zoho:progress', { stage: 'browser_opened' });
      stream?.progress('zoho:progress', { stage: 'waiting' });
    });
    expect(screen.getByText("Zoho's page is open in your browser.")).toBeVisible();
    expect(screen.getByText('Waiting for you to approve in Zoho…')).toBeVisible();

    act(() => stream?.finish({ email: MAILBOX, accountId: '1709876190693100009' }));
    expect(await screen.findByText(`Your mailbox ${MAILBOX} is connected.`)).toBeVisible();
    expect(await screen.findByText(`Connected as ${MAILBOX}`)).toBeVisible();
    expect(screen.queryByText('WXYZ-4821')).not.toBeInTheDocument();
    expect(button('Disconnect')).toHaveFocus();
  });

  it('counts the code down every second and says when it has expired', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const { user, streams } = setup(CLIENT_READY);
    await user.click(await within(mailbox()).findByRole('button', { name: 'Connect' }));
    expect(screen.getByText('Asking Zoho for a code…')).toBeVisible();
    act(() => streams('zoho:connect')[0]?.progress('zoho:progress', codeExpiringIn(90_000)));
    expect(screen.getByText('The code expires in 1:30.')).toBeVisible();

    act(() => vi.advanceTimersByTime(61_000));
    expect(screen.getByText('The code expires in 0:29.')).toBeVisible();
    act(() => vi.advanceTimersByTime(30_000));
    expect(screen.getByText('The code has expired.')).toBeVisible();
  });

  it('cancels: main is told with the requestId, the code goes, and Connect has the focus again', async () => {
    const { user, invoke, streams } = setup(CLIENT_READY);
    await user.click(await within(mailbox()).findByRole('button', { name: 'Connect' }));
    const [stream] = streams('zoho:connect');
    act(() => stream?.progress('zoho:progress', codeExpiringIn(60_000)));
    await user.click(button('Cancel'));

    expect(calls(invoke, 'zoho:cancel')).toEqual([['zoho:cancel', { requestId: stream?.requestId }]]);
    expect(stream?.cancelled).toBe(true);
    expect(screen.getByText('Connecting was cancelled. Nothing changed.')).toBeVisible();
    expect(screen.queryByText('WXYZ-4821')).not.toBeInTheDocument();
    expect(await within(mailbox()).findByRole('button', { name: 'Connect' })).toHaveFocus();
    expect(within(mailbox()).getByText('Not connected')).toBeVisible();
  });

  it('cancels the flow when the member leaves the page while connecting', async () => {
    const { user, invoke, streams, view } = setup(CLIENT_READY);
    await user.click(await within(mailbox()).findByRole('button', { name: 'Connect' }));
    view.unmount();
    expect(calls(invoke, 'zoho:cancel')).toEqual([['zoho:cancel', { requestId: streams('zoho:connect')[0]?.requestId }]]);
  });

  it.each<[string, AppError, string, string?]>([
    ['declined', failure('NOT_CONFIGURED', 'zoho_access_denied'), "Access was declined in Zoho's page, so the mailbox is not connected. Connect again and accept to go on."],
    ['expired', failure('NOT_CONFIGURED', 'zoho_connect_expired'), "The approval in Zoho's page did not arrive in time. Start connecting again."],
    ['unknown client', failure('NOT_CONFIGURED', 'zoho_invalid_client'), 'Zoho does not know this OAuth client in the chosen data centre. Check the data centre in Settings, then the client ID and secret.'],
    ['no client', failure('NOT_CONFIGURED', 'zoho_client_missing'), 'The Zoho OAuth client is not set up yet. Enter its client ID and secret in Settings, under Zoho Mail.'],
    ['unreachable', failure('UPSTREAM', 'zoho_unreachable'), 'Staff Desk could not reach Zoho in time. Check your internet connection and try again.'],
    ['rate limited', failure('UPSTREAM', 'zoho_rate_limited', { retryAfterMs: 45_000 }), 'Zoho is limiting how often Staff Desk may ask for now.', 'Try again in 45 seconds.'],
    ['Zoho error', failure('UPSTREAM', 'zoho_error'), 'Zoho answered with an error, or no longer has that message. Try again in a moment.'],
  ])('says why connecting failed: %s', async (_case, error, message, hint) => {
    const { user, streams } = setup(CLIENT_READY);
    await user.click(await within(mailbox()).findByRole('button', { name: 'Connect' }));
    act(() => streams('zoho:connect')[0]?.fail(error));

    expect(await within(mailbox()).findByText(message)).toBeVisible();
    if (hint) expect(within(mailbox()).getByText(hint)).toBeVisible();
    expect(mailbox()).not.toHaveTextContent("Main's own words");
    expect(within(mailbox()).getByRole('button', { name: 'Connect' })).toHaveFocus();
  });

  it('UQ9: a Zoho error while connecting speaks of connecting, not of reading mail', async () => {
    const { user, streams } = setup(CLIENT_READY);
    await user.click(await within(mailbox()).findByRole('button', { name: 'Connect' }));
    act(() => streams('zoho:connect')[0]?.fail(failure('UPSTREAM', 'zoho_connect_failed')));
    expect(
      await within(mailbox()).findByText('Zoho answered with an error while your mailbox was being connected. Nothing changed: try connecting again in a moment.'),
    ).toBeVisible();
    expect(mailbox()).not.toHaveTextContent('that message');
  });

  it('says it in Spanish for a Spanish-speaking member', async () => {
    const { user, streams } = setup(CLIENT_READY, 'es');
    await user.click(await screen.findByRole('button', { name: 'Conectar' }));
    act(() => streams('zoho:connect')[0]?.fail(failure('NOT_CONFIGURED', 'zoho_connect_expired')));
    expect(await screen.findByText('La aprobación en la página de Zoho no ha llegado a tiempo. Empieza a conectar de nuevo.')).toBeVisible();
  });
});

describe('Connecting in the browser (loopback)', () => {
  it('asks main for the loopback method and says where to finish', async () => {
    const { user, invoke, streams } = setup(CLIENT_READY);
    await user.click(await screen.findByRole('button', { name: 'Connect in the browser instead' }));
    expect(calls(invoke, 'zoho:connect')).toEqual([['zoho:connect', { method: 'loopback' }]]);
    expect(screen.getByText('Finish in your browser: sign in to Zoho there and accept. Staff Desk waits here.')).toBeVisible();
    expect(screen.queryByText('Asking Zoho for a code…')).not.toBeInTheDocument();

    act(() => streams('zoho:connect')[0]?.fail(failure('INTERNAL', 'zoho_loopback_unavailable')));
    expect(await screen.findByText("Staff Desk could not wait for Zoho's answer on this computer. Connect with a code instead.")).toBeVisible();
  });
});

describe('The two ways to connect', () => {
  it('says how Connect and Connect in the browser instead differ, as each button’s description', async () => {
    setup(CLIENT_READY);
    expect(await within(mailbox()).findByRole('button', { name: 'Connect' })).toHaveAccessibleDescription(
      "Shows a code here: you enter it on Zoho's page, in any browser, even on another device.",
    );
    expect(within(mailbox()).getByRole('button', { name: 'Connect in the browser instead' })).toHaveAccessibleDescription(
      "Opens Zoho's page in this computer's browser: once you accept there, Zoho sends you straight back to Staff Desk, with no code to type.",
    );
  });
});

describe('A mailbox whose grant Zoho refused', () => {
  const REVOKED_TEXT = "Zoho no longer accepts Staff Desk's access to your mailbox (it was revoked or has lapsed). Connect it again in Settings.";

  it('says so in the Secretary’s words and offers both ways to connect again, then Disconnect', async () => {
    const { user, invoke } = setup({ zohoMailbox: MAILBOX, zohoRevoked: true });
    expect(await within(mailbox()).findByText(REVOKED_TEXT)).toBeVisible();
    expect(within(mailbox()).queryByText('Not connected')).not.toBeInTheDocument();
    const buttons = within(mailbox()).getAllByRole('button').map((control) => control.textContent);
    expect(buttons).toEqual(['Connect', 'Connect in the browser instead', 'Disconnect']);

    await user.click(button('Connect'));
    expect(calls(invoke, 'zoho:connect')).toEqual([['zoho:connect', { method: 'device' }]]);
  });
});

describe('Connected mailbox', () => {
  it('says who is connected and disconnects only after confirmation', async () => {
    const { user, invoke } = setup({ zohoMailbox: MAILBOX });
    await user.click(await within(mailbox()).findByRole('button', { name: 'Disconnect' }));
    expect(screen.getByRole('group', { name: /Disconnect your Zoho mailbox\?/ })).toBeVisible();
    expect(button('Cancel')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByText(`Connected as ${MAILBOX}`)).toBeVisible();
    expect(calls(invoke, 'zoho:disconnect')).toEqual([]);

    await user.click(button('Disconnect'));
    await user.click(button('Disconnect mailbox'));
    expect(calls(invoke, 'zoho:disconnect')).toEqual([['zoho:disconnect', {}]]);
    expect(await screen.findByText('The mailbox is disconnected.')).toBeVisible();
    expect(within(mailbox()).getByText('Not connected')).toBeVisible();
    expect(within(mailbox()).getByRole('button', { name: 'Connect' })).toHaveFocus();
    expect(screen.getByRole('combobox', { name: 'Data centre' })).toBeEnabled();
  });

  it('says why the status could not be read, and asks again on request', async () => {
    let failing = true;
    const { user } = setup({
      zohoMailbox: MAILBOX,
      handlers: { 'zoho:status': () => (failing ? err('UPSTREAM', 'down', { reason: 'zoho_unreachable' }) : { ok: true, value: { state: 'connected', email: MAILBOX, dataCentre: 'com', canDraft: false } }) },
    });
    expect(await screen.findByText('Staff Desk could not reach Zoho in time. Check your internet connection and try again.')).toBeVisible();
    failing = false;
    await user.click(within(mailbox()).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(`Connected as ${MAILBOX}`)).toBeVisible();
  });
});

describe('Signed out', () => {
  it('keeps the client and data centre open, and asks for a sign-in before connecting', async () => {
    const { user, invoke } = setup({ auth: { state: 'signed_out' } });
    expect(await within(mailbox()).findByText('Sign in with your staff account to connect your mailbox.')).toBeVisible();
    expect(await screen.findByLabelText('Client ID')).toBeEnabled();
    expect(calls(invoke, 'zoho:status')).toEqual([]);

    await user.click(within(mailbox()).getByRole('button', { name: 'Sign in' }));
    expect(await within(mailbox()).findByText('Save the OAuth client first, then connect your mailbox.')).toBeVisible();
  });
});

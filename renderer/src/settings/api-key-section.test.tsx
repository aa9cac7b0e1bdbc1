import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { err, ok, type AppError, type Result } from '../../../shared/result';
import type { KeyCheck, SecretsStatus } from '../../../shared/secrets';
import { createFakeMain, type FakeHandlers } from '../testing/fake-main';
import { renderWithApp } from '../testing/render-with-app';
import { ApiKeySection } from './api-key-section';

const KEY = 'AIzaSy-test-0123456789abcdef';

const KEYCHAIN_LOCKED = err('NOT_CONFIGURED', 'The system keychain is not available, so keys cannot be stored safely.', {
  reason: 'keychain_unavailable',
  hint: 'Install and unlock GNOME Keyring or KWallet (a Secret Service provider), then try again.',
});
/** The advice the page gives in English on Linux (the fake main's platform), in place of main's. */
const LINUX_KEYCHAIN_HINT = 'Install and unlock GNOME Keyring or KWallet, sign in to a desktop session, then try again.';

function setup(options: Parameters<typeof createFakeMain>[0] = {}) {
  const main = createFakeMain(options);
  const user = userEvent.setup();
  renderWithApp(<ApiKeySection />, { api: main.api });
  return { ...main, user };
}

const keyField = () => screen.getByLabelText('API key');
const button = (name: string) => screen.getByRole('button', { name });
const secretCalls = (invoke: ReturnType<typeof createFakeMain>['invoke'], channel: string) =>
  invoke.mock.calls.filter(([called]) => called === channel);

function expectKeyNowhere(key: string) {
  expect(document.body.innerHTML).not.toContain(key);
  for (const field of document.querySelectorAll('input')) expect(field.value).not.toContain(key);
}

const NO_SECRETS = { 'gemini.apiKey': false, 'zoho.clientId': false, 'zoho.clientSecret': false, 'zoho.refreshToken': false };
const CHECKED_AT = Date.UTC(2026, 11, 1, 9, 30);
const REFUSED = {
  code: 'NOT_CONFIGURED',
  message: 'Google refused the Gemini API key. Check it in Settings.',
  reason: 'invalid_key',
} as const satisfies AppError;
const REFUSED_TEXT = 'Google did not accept the Gemini API key. Check it in Google AI Studio, then save it again.';

/** The key's state line: its words, and whether its dot is the green "works" one or the red "refused" one. */
function keyState(words: string) {
  const line = screen.getByText(words, { selector: '.key-state' });
  return { line, green: line.classList.contains('key-state-on'), red: line.classList.contains('key-state-off') };
}

describe('Gemini API key', () => {
  it('saves the trimmed key, forgets it at once and then only says that it works', async () => {
    const { user, invoke } = setup();
    await screen.findByText('Not configured');
    const field = keyField();
    expect(field).toHaveAttribute('type', 'password');
    expect(field).toHaveAttribute('autocomplete', 'off');
    expect(field).toHaveAttribute('spellcheck', 'false');

    await user.type(field, `  ${KEY}  `);
    await user.click(button('Save key'));

    expect(invoke).toHaveBeenCalledWith('secrets:set', { name: 'gemini.apiKey', value: KEY });
    expect(field).toHaveValue('');
    // Main tried the key before storing it: it works.
    expect(await screen.findByText('Working')).toBeVisible();
    expect(keyState('Working').green).toBe(true);
    expect(screen.getByText(/^Last checked /)).toBeVisible();
    expect(screen.getByText('The key is saved in your system keychain.')).toBeVisible();
    expect(screen.queryByLabelText('API key')).not.toBeInTheDocument();
    expect(button('Replace')).toHaveFocus();
    expectKeyNowhere(KEY);
  });

  it('refuses an empty or blank key without calling main', async () => {
    const { user, invoke } = setup();
    await screen.findByText('Not configured');
    await user.click(button('Save key'));
    expect(screen.getByRole('status')).toHaveTextContent('Type or paste your key before saving.');
    await user.type(keyField(), '    ');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('status')).toHaveTextContent('Type or paste your key before saving.');
    expect(secretCalls(invoke, 'secrets:set')).toEqual([]);
  });

  it('replaces a configured key', async () => {
    const { user, invoke } = setup({ configured: ['gemini.apiKey'] });
    await user.click(await screen.findByRole('button', { name: 'Replace' }));
    expect(keyField()).toHaveFocus();
    await user.keyboard(`${KEY}{Enter}`);
    expect(invoke).toHaveBeenCalledWith('secrets:set', { name: 'gemini.apiKey', value: KEY });
    expect(await screen.findByText('Working')).toBeVisible();
    expectKeyNowhere(KEY);
  });

  it('UQ5: keeps the form open when Google refuses the new key, with the key still in it to fix; the old key stays as it was', async () => {
    const works: KeyCheck = { outcome: 'works', checkedAt: CHECKED_AT };
    const { user } = setup({ configured: ['gemini.apiKey'], geminiCheck: works, handlers: { 'secrets:set': () => err(REFUSED.code, REFUSED.message, REFUSED) } });
    await user.click(await screen.findByRole('button', { name: 'Replace' }));
    await user.keyboard(`${KEY}{Enter}`);

    expect(await within(screen.getByRole('status')).findByText(REFUSED_TEXT)).toBeVisible();
    expect(screen.queryByText('The key is saved in your system keychain.')).not.toBeInTheDocument();
    // A typo is fixed where it was typed: the field holds the refused key again, never the page's markup.
    expect(keyField()).toHaveValue(KEY);
    expect(keyField()).toHaveFocus();
    expect(keyState('Working').green).toBe(true);
    expect(document.body.innerHTML).not.toContain(KEY);
  });

  it('saves a key it could not check offline, and says it is saved but not verified', async () => {
    const unverified: KeyCheck = {
      outcome: 'unverified',
      checkedAt: CHECKED_AT,
      error: { code: 'UPSTREAM', message: 'Could not reach Google Gemini.', reason: 'network' },
    };
    const { user } = setup({ handlers: { 'secrets:set': () => ok({ configured: { ...NO_SECRETS, 'gemini.apiKey': true }, geminiCheck: unverified }) } });
    await user.type(await screen.findByLabelText('API key'), `${KEY}{Enter}`);

    expect(
      await screen.findByText('The key is saved, but Staff Desk could not reach Google to check it. Use Check key once you are online.'),
    ).toBeVisible();
    const state = keyState('Not verified');
    expect(state.green || state.red).toBe(false);
  });

  it('cancels replacing without touching the stored key', async () => {
    const { user, invoke } = setup({ configured: ['gemini.apiKey'] });
    await user.click(await screen.findByRole('button', { name: 'Replace' }));
    await user.type(keyField(), KEY);
    await user.click(button('Cancel'));
    expect(screen.getByText('Configured')).toBeVisible();
    expect(button('Replace')).toHaveFocus();
    expect(secretCalls(invoke, 'secrets:set')).toEqual([]);
    expectKeyNowhere(KEY);
  });

  it('removes the key only after confirmation', async () => {
    const { user, invoke } = setup({ configured: ['gemini.apiKey'] });
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    const question = screen.getByRole('group', { name: /Remove the Gemini key from this computer\?/ });
    expect(question).toBeVisible();
    expect(button('Cancel')).toHaveFocus();
    expect(secretCalls(invoke, 'secrets:delete')).toEqual([]);

    await user.click(button('Remove key'));
    expect(invoke).toHaveBeenCalledWith('secrets:delete', { name: 'gemini.apiKey' });
    expect(await screen.findByText('Not configured')).toBeVisible();
    expect(screen.getByText('The key was removed from this computer.')).toBeVisible();
    expect(keyField()).toHaveFocus();
  });

  it('keeps the key when removal is cancelled', async () => {
    const { user, invoke } = setup({ configured: ['gemini.apiKey'] });
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    await user.keyboard('{Enter}');
    expect(screen.getByText('Configured')).toBeVisible();
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
    expect(secretCalls(invoke, 'secrets:delete')).toEqual([]);
  });

  it('shows a locked keychain as its message and hint, and checks again on request', async () => {
    let locked = true;
    const handlers: FakeHandlers = {
      'secrets:status': () => (locked ? KEYCHAIN_LOCKED : ok({ configured: { ...NO_SECRETS, 'gemini.apiKey': true }, geminiCheck: null })),
    };
    const { user } = setup({ handlers });
    const status = screen.getByRole('status');
    expect(await screen.findByText('The system keychain is not available, so keys cannot be stored safely.')).toBeVisible();
    expect(await screen.findByText(LINUX_KEYCHAIN_HINT)).toBeVisible();
    expect(screen.queryByLabelText('API key')).not.toBeInTheDocument();

    locked = false;
    await user.click(button('Try again'));
    expect(await screen.findByText('Configured')).toBeVisible();
    expect(status).toBeEmptyDOMElement();
  });

  it('UQ5: reports a failed save with its hint and gives the key back to its field to try again', async () => {
    const { user } = setup({ handlers: { 'secrets:set': () => KEYCHAIN_LOCKED } });
    await user.type(await screen.findByLabelText('API key'), KEY);
    await user.click(button('Save key'));
    expect(await screen.findByText(LINUX_KEYCHAIN_HINT)).toBeVisible();
    expect(screen.getByText('Not configured')).toBeVisible();
    expect(keyField()).toHaveValue(KEY);
    expect(keyField()).toHaveFocus();
    expect(document.body.innerHTML).not.toContain(KEY);
  });

  it('disables its buttons while main is working', async () => {
    let answer: (result: Result<SecretsStatus>) => void = () => {};
    const pending = new Promise<Result<SecretsStatus>>((resolve) => {
      answer = resolve;
    });
    const { user } = setup({ handlers: { 'secrets:set': () => pending } });
    await user.type(await screen.findByLabelText('API key'), KEY);
    await user.click(button('Save key'));
    expect(button('Save key')).toBeDisabled();
    expect(keyField()).toHaveValue('');

    answer(KEYCHAIN_LOCKED);
    await screen.findByText(LINUX_KEYCHAIN_HINT);
    expect(button('Save key')).toBeEnabled();
  });
});

type Check = Result<{ model: string; latencyMs: number }>;
/** Main's English words, which the page must not show when it knows the reason. */
const failure = (code: AppError['code'], reason: string, extra: Omit<AppError, 'code' | 'message' | 'reason'> = {}): Check =>
  err(code, `Main's own words for ${reason}.`, { reason, ...extra });

describe('Check key', () => {
  it('is offered only once a key is configured', async () => {
    setup();
    await screen.findByText('Not configured');
    expect(screen.queryByRole('button', { name: 'Check key' })).not.toBeInTheDocument();
  });

  it('tries the stored key with a real call and says it works, in words a member reads, and the dot turns green', async () => {
    const { user, invoke } = setup({ configured: ['gemini.apiKey'] });
    await screen.findByText('Configured');
    expect(keyState('Configured').green).toBe(false);
    expect(screen.getByText('Not checked yet')).toBeVisible();
    await user.click(button('Check key'));

    expect(invoke).toHaveBeenCalledWith('secrets:check', {});
    const status = screen.getByRole('status');
    expect(await within(status).findByText('The key works.')).toBeVisible();
    // No model id and no milliseconds: those are for the log.
    expect(status).not.toHaveTextContent(/gemini|ms\b/);
    expect(keyState('Working').green).toBe(true);
    expect(button('Check key')).toHaveFocus();
  });

  it('after a failed check the dot is not green, and after a reload the result and its reason are still there', async () => {
    let revoked = false;
    const main = createFakeMain({
      configured: ['gemini.apiKey'],
      geminiCheck: { outcome: 'works', checkedAt: CHECKED_AT },
      handlers: { 'secrets:check': () => (revoked ? err(REFUSED.code, REFUSED.message, REFUSED) : ok({ model: 'gemini-3.8-flash', latencyMs: 80 })) },
    });
    const user = userEvent.setup();
    const first = renderWithApp(<ApiKeySection />, { api: main.api });
    await screen.findByText('Working');
    expect(keyState('Working').green).toBe(true);
    // The key was revoked at Google since.
    revoked = true;
    await user.click(button('Check key'));

    expect(await within(screen.getByRole('status')).findByText(REFUSED_TEXT)).toBeVisible();
    expect(keyState('Not working')).toMatchObject({ green: false, red: true });
    expect(screen.queryByText('Working')).not.toBeInTheDocument();

    first.unmount();
    renderWithApp(<ApiKeySection />, { api: main.api });
    expect(await screen.findByText('Not working')).toBeVisible();
    expect(keyState('Not working').red).toBe(true);
    expect(within(screen.getByRole('status')).getByText(REFUSED_TEXT)).toBeVisible();
    expect(screen.getByText(/^Last checked /)).toBeVisible();
  });

  it('says "Checking…" and keeps every button disabled until main answers', async () => {
    let answer: (result: Check) => void = () => {};
    const pending = new Promise<Check>((resolve) => {
      answer = resolve;
    });
    const { user } = setup({ configured: ['gemini.apiKey'], handlers: { 'secrets:check': () => pending } });
    await user.click(await screen.findByRole('button', { name: 'Check key' }));

    expect(button('Checking…')).toBeDisabled();
    expect(button('Replace')).toBeDisabled();
    expect(button('Remove')).toBeDisabled();

    answer(ok({ model: 'gemini-3.8-flash', latencyMs: 80 }));
    expect(await screen.findByText('The key works.')).toBeVisible();
    expect(button('Check key')).toBeEnabled();
  });

  it.each<[string, Check, string, string?]>([
    ['missing_key', failure('NOT_CONFIGURED', 'missing_key'), 'No Gemini API key is saved on this computer. Add your key in Settings.'],
    ['invalid_key', failure('NOT_CONFIGURED', 'invalid_key'), 'Google did not accept the Gemini API key. Check it in Google AI Studio, then save it again.'],
    ['keychain_unavailable', KEYCHAIN_LOCKED, 'The system keychain is not available, so keys cannot be stored safely.', LINUX_KEYCHAIN_HINT],
    ['quota', failure('RATE_LIMITED', 'quota', { retryAfterMs: 41_200 }), 'The Gemini quota for this key is used up for now.', 'Try again in 42 seconds.'],
    ['overloaded', failure('UPSTREAM', 'overloaded'), 'Gemini is overloaded right now. Try again in a few moments.'],
    ['timeout', failure('UPSTREAM', 'timeout'), 'Gemini took too long to answer. Try again.'],
    ['network', failure('UPSTREAM', 'network'), 'Staff Desk could not reach Gemini. Check your internet connection and try again.'],
    ['safety', failure('UPSTREAM', 'safety'), "Gemini's safety filters blocked the answer. Rephrase and try again."],
    ['malformed', failure('UPSTREAM', 'malformed'), 'Gemini sent an answer Staff Desk could not read. Try again; if it keeps happening, check the model ids in Settings.'],
  ])('says why the key did not work: %s', async (_reason, result, message, hint) => {
    const { user } = setup({ configured: ['gemini.apiKey'], handlers: { 'secrets:check': () => result } });
    await user.click(await screen.findByRole('button', { name: 'Check key' }));

    const status = screen.getByRole('status');
    expect(await within(status).findByText(message)).toBeVisible();
    if (hint) expect(await within(status).findByText(hint)).toBeVisible();
    expect(status).not.toHaveTextContent("Main's own words");
    expect(button('Check key')).toHaveFocus();
  });

  it('says it in Spanish for a Spanish-speaking member', async () => {
    const main = createFakeMain({ configured: ['gemini.apiKey'], handlers: { 'secrets:check': () => failure('NOT_CONFIGURED', 'invalid_key') } });
    const user = userEvent.setup();
    renderWithApp(<ApiKeySection />, { api: main.api, systemLang: 'es' });
    await user.click(await screen.findByRole('button', { name: 'Comprobar clave' }));

    expect(
      await screen.findByText('Google no ha aceptado la clave de API de Gemini. Revísala en Google AI Studio y vuelve a guardarla.'),
    ).toBeVisible();
  });

  it('forgets the previous result once a new key is saved', async () => {
    const { user } = setup({ configured: ['gemini.apiKey'], handlers: { 'secrets:check': () => failure('NOT_CONFIGURED', 'invalid_key') } });
    await user.click(await screen.findByRole('button', { name: 'Check key' }));
    expect(await screen.findByText(/Google did not accept the Gemini API key/)).toBeVisible();

    await user.click(button('Replace'));
    await user.type(keyField(), KEY);
    await user.click(button('Save key'));

    expect(await screen.findByText('The key is saved in your system keychain.')).toBeVisible();
    expect(screen.queryByText(/Google did not accept the Gemini API key/)).not.toBeInTheDocument();
  });
});

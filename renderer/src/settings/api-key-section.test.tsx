import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { err, ok, type AppError, type Result } from '../../../shared/result';
import type { SecretsStatus } from '../../../shared/secrets';
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

describe('Gemini API key', () => {
  it('saves the trimmed key, forgets it at once and then only says "Configured"', async () => {
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
    expect(await screen.findByText('Configured')).toBeVisible();
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
    expect(await screen.findByText('Configured')).toBeVisible();
    expectKeyNowhere(KEY);
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
      'secrets:status': () => (locked ? KEYCHAIN_LOCKED : ok({ configured: { 'gemini.apiKey': true, 'zoho.clientId': false, 'zoho.clientSecret': false, 'zoho.refreshToken': false } })),
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

  it('reports a failed save with its hint, keeps the field empty and lets the member try again', async () => {
    const { user } = setup({ handlers: { 'secrets:set': () => KEYCHAIN_LOCKED } });
    await user.type(await screen.findByLabelText('API key'), KEY);
    await user.click(button('Save key'));
    expect(await screen.findByText(LINUX_KEYCHAIN_HINT)).toBeVisible();
    expect(screen.getByText('Not configured')).toBeVisible();
    expect(keyField()).toHaveValue('');
    expect(keyField()).toHaveFocus();
    expectKeyNowhere(KEY);
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

  it('tries the stored key with a real call and says it works, with the model and the time it took', async () => {
    const { user, invoke } = setup({ configured: ['gemini.apiKey'] });
    await user.click(await screen.findByRole('button', { name: 'Check key' }));

    expect(invoke).toHaveBeenCalledWith('secrets:check', {});
    expect(await within(screen.getByRole('status')).findByText('The key works (gemini-3.8-flash, 120 ms).')).toBeVisible();
    expect(button('Check key')).toHaveFocus();
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
    expect(await screen.findByText('The key works (gemini-3.8-flash, 80 ms).')).toBeVisible();
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

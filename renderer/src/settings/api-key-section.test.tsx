import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { err, ok, type Result } from '../../../shared/result';
import type { SecretsStatus } from '../../../shared/secrets';
import { createFakeMain, type FakeHandlers } from '../testing/fake-main';
import { renderWithApp } from '../testing/render-with-app';
import { ApiKeySection } from './api-key-section';

const KEY = 'AIzaSy-test-0123456789abcdef';

const KEYCHAIN_LOCKED = err('NOT_CONFIGURED', 'The system keychain is not available, so keys cannot be stored safely.', {
  hint: 'Unlock your login keyring (GNOME Keyring or KWallet) and try again.',
});

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
    expect(status).toHaveTextContent('Unlock your login keyring (GNOME Keyring or KWallet) and try again.');
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
    expect(await screen.findByText('Unlock your login keyring (GNOME Keyring or KWallet) and try again.')).toBeVisible();
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
    await screen.findByText('Unlock your login keyring (GNOME Keyring or KWallet) and try again.');
    expect(button('Save key')).toBeEnabled();
  });
});

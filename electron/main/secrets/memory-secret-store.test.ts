import { describe, expect, it } from 'vitest';
import { createLogger, createRedactor } from '../log/logger';
import { createMemorySecretStore } from './memory-secret-store';

describe('createMemorySecretStore', () => {
  it('starts with the values it is given, trimmed', async () => {
    const store = createMemorySecretStore({ 'gemini.apiKey': 'seeded-key\n' });
    expect(await store.get('gemini.apiKey')).toEqual({ ok: true, value: 'seeded-key' });
    expect(await store.status()).toMatchObject({ ok: true, value: { 'gemini.apiKey': true, 'zoho.clientId': false } });
  });

  it('masks seeded values in log lines', () => {
    const redactor = createRedactor();
    const lines: string[] = [];
    createMemorySecretStore({ 'zoho.clientSecret': 'seeded-client-secret' }, redactor);
    createLogger([{ write: (line) => lines.push(line) }], redactor).info('token exchange', { body: 'seeded-client-secret' });
    expect(lines.join('\n')).not.toContain('seeded-client-secret');
  });

  it('treats a blank seed as a bug in the caller', () => {
    expect(() => createMemorySecretStore({ 'gemini.apiKey': '   ' })).toThrow(/gemini\.apiKey.*empty/);
  });
});

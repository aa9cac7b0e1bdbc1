import { afterEach, describe, expect, it } from 'vitest';
import { contract } from '../../../shared/ipc/contract';
import type { SecretName } from '../../../shared/secrets';
import { startCfAccessDouble } from '../../../test/doubles/cf-access-double';
import { closedLoginPort } from '../../../test/support/auth-test-kit';
import { useGeminiDouble, VALID_KEY } from '../../../test/support/gateway-test-kit';
import { callToEnd } from '../../../test/support/stream-call';
import { createTestCore, type TestCore } from '../../../test/support/test-core';
import { createMemorySecretStore } from '../secrets/memory-secret-store';

const gemini = useGeminiDouble();
const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function coreWithAccess(
  secrets: Partial<Record<SecretName, string>> = {},
): Promise<{ test: TestCore; issue: (claims: Record<string, unknown>) => Promise<string> }> {
  const access = await startCfAccessDouble();
  const test = createTestCore({
    secrets: createMemorySecretStore({ 'gemini.apiKey': VALID_KEY, ...secrets }),
    gemini: { baseUrl: gemini.double.baseUrl },
    auth: {
      login: closedLoginPort(),
      notify: () => {},
      accessOverride: { teamUrl: access.teamUrl, appUrl: 'https://desk.example.com/', aud: access.aud },
    },
  });
  cleanups.push(() => test.dispose(), () => access.close());
  return { test, issue: (claims) => access.issue(claims) };
}

const QUESTION = { question: '¿Qué decía el último aviso de Hetzner?', history: [] };
const ask = async (test: TestCore) =>
  (await callToEnd(test.core.registry, 'secretary:ask', QUESTION, contract['secretary:ask'].terminal)).result;

describe('S14 only a signed-in staff member may ask', () => {
  it('S14 refuses a question without a staff session before any model or mailbox call', async () => {
    const { test } = await coreWithAccess();
    const result = await ask(test);
    expect(result).toMatchObject({ ok: false, error: { code: 'UNAUTHENTICATED' } });
    expect(gemini.double.requests).toEqual([]);
    expect(test.db.prepare('SELECT COUNT(*) AS n FROM correo_chat_queries').get()).toEqual({ n: 0 });
  });

  it('S14 has no service-token path: a Cloudflare service token signs nobody in', async () => {
    const { test, issue } = await coreWithAccess();
    const refused = await test.core.auth.acceptToken(await issue({ email: undefined, common_name: 'a1b2c3.access', sub: '' }));
    expect(refused).toMatchObject({ ok: false, error: { code: 'UNAUTHENTICATED', reason: 'service_token' } });
    const result = await ask(test);
    expect(result).toMatchObject({ ok: false, error: { code: 'UNAUTHENTICATED' } });
    expect(gemini.double.requests).toEqual([]);
  });

  it('S14 lets a verified staff member through the guard, to be told to connect the mailbox first', async () => {
    const { test, issue } = await coreWithAccess();
    const signedIn = await test.core.auth.acceptToken(await issue({ email: 'ana@example.com', name: 'Ana' }));
    expect(signedIn).toMatchObject({ ok: true, value: { state: 'signed_in', email: 'ana@example.com' } });
    const result = await ask(test);
    // Past the guard; with no mailbox connected nothing is spent on the model and nothing is counted.
    expect(result).toMatchObject({ ok: false, error: { code: 'NOT_CONFIGURED', reason: 'zoho_not_connected' } });
    expect(gemini.double.requests).toEqual([]);
  });

  it('S14 answers a verified member with a connected mailbox, their email on the telemetry row', async () => {
    const { test, issue } = await coreWithAccess({ 'zoho.refreshToken': 'refresh-token-of-ana' });
    await test.core.auth.acceptToken(await issue({ email: 'ana@example.com', name: 'Ana' }));
    // The double's plain reply is taken as the answer: no mailbox lookup is needed to prove the way through.
    const result = await ask(test);
    expect(result).toMatchObject({ ok: true, value: { tool_rounds: 0 } });
    expect(gemini.double.requestsFor('generateContent').length).toBeGreaterThan(0);
    expect(test.db.prepare('SELECT owner FROM correo_chat_queries').all()).toEqual([{ owner: 'ana@example.com' }]);
  });
});

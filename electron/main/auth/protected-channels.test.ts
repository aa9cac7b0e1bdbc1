import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contract } from '../../../shared/ipc/contract';
import { cancel, stream, unary } from '../../../shared/ipc/define';
import { ok } from '../../../shared/result';
import { startCfAccessDouble, type CfAccessDouble } from '../../../test/doubles/cf-access-double';
import { fakeLoginPort, manualClock } from '../../../test/support/auth-test-kit';
import { APP_ORIGIN, asMainWindowOnly, fakeSender } from '../../../test/support/fake-sender';
import { createGatewayKit, useGeminiDouble, VALID_KEY } from '../../../test/support/gateway-test-kit';
import { createTestCore } from '../../../test/support/test-core';
import { allowOrigins } from '../app/app-origin';
import { createRegistry, type Handlers } from '../ipc/registry';
import { createMemoryLogger } from '../log/logger';
import { createMemorySecretStore } from '../secrets/memory-secret-store';
import { createAuthSession } from './auth-session';

/*
 * The one guard (issue 4): a protected channel without a verified, unexpired session is refused before its
 * handler runs, so no upstream request leaves. The Gemini double's request log is the proof.
 */

const gemini = useGeminiDouble();
let access: CfAccessDouble;
beforeAll(async () => {
  access = await startCfAccessDouble({ now: () => clock.now() });
});
afterAll(() => access.close());

let clock = manualClock();
const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

describe('protected channels of the app contract', () => {
  it('each refuses a caller without a session with UNAUTHENTICATED, before reading its input, and reaches no upstream', async () => {
    const test = createTestCore({
      secrets: createMemorySecretStore({ 'gemini.apiKey': VALID_KEY }),
      gemini: { baseUrl: gemini.double.baseUrl },
    });
    cleanups.push(() => test.dispose());
    const protectedChannels = Object.entries(contract).filter(([, def]) => def.protected).map(([channel]) => channel);

    for (const channel of protectedChannels) {
      const result = await test.core.registry.call(channel, { not: 'this channel’s input' }, fakeSender().sender);
      expect(result, channel).toMatchObject({ ok: false, error: { code: 'UNAUTHENTICATED' } });
    }
    expect(gemini.double.requests).toEqual([]);
  });
});

describe('the guard over protected channels whose handlers call Gemini', () => {
  const deskContract = {
    'oracle:ask': unary({ input: z.strictObject({ question: z.string() }), output: z.object({ model: z.string() }), protected: true }),
    'assistant:chat': stream({
      input: z.strictObject({ question: z.string() }),
      events: { 'assistant:chunk': z.object({ text: z.string() }) },
      done: z.object({ model: z.string() }),
      terminal: { done: 'assistant:done', error: 'assistant:error' },
      protected: true,
    }),
    'assistant:cancel': cancel('assistant:chat'),
  };

  function setup() {
    clock = manualClock();
    const login = fakeLoginPort();
    const session = createAuthSession({
      access: () => ({ teamUrl: access.teamUrl, appUrl: 'https://desk.example.com/', aud: access.aud }),
      login: login.port,
      notify: () => {},
      lang: () => 'en',
      fetch: (url, init) => fetch(url, init),
      now: clock.now,
      timers: clock.timers,
      publish: () => {},
      log: createMemoryLogger(),
    });
    cleanups.push(() => session.close());
    const { gateway } = createGatewayKit(gemini.double);
    const handlers: Handlers<typeof deskContract> = {
      'oracle:ask': async (_input, ctx) => {
        const checked = await gateway.checkKey({ model: 'gemini-oracle', signal: ctx.signal });
        return checked.ok ? ok({ model: checked.value.model }) : { ok: false, error: checked.error };
      },
      'assistant:chat': async (_input, ctx) => {
        const checked = await gateway.checkKey({ model: 'gemini-assistant', signal: ctx.signal });
        return checked.ok ? ok({ model: checked.value.model }) : { ok: false, error: checked.error };
      },
    };
    const registry = createRegistry({
      contract: deskContract,
      handlers,
      isTrustedSender: allowOrigins([APP_ORIGIN]),
      ...asMainWindowOnly(deskContract),
      currentMember: session.currentMember,
      onUnauthenticated: session.protectedCallRefused,
      log: createMemoryLogger(),
    });
    const protectedChannels = Object.entries(deskContract).filter(([, def]) => def.protected).map(([channel]) => channel);
    const callAll = () => Promise.all(protectedChannels.map((channel) => registry.call(channel, { question: 'q' }, fakeSender().sender)));
    return { session, callAll, protectedChannels };
  }

  it('refuses every protected channel while signed out, and no request reaches Gemini', async () => {
    const { callAll, protectedChannels } = setup();
    expect(protectedChannels).toEqual(['oracle:ask', 'assistant:chat']);

    for (const result of await callAll()) expect(result).toMatchObject({ ok: false, error: { code: 'UNAUTHENTICATED' } });
    expect(gemini.double.requests).toEqual([]);
  });

  it('refuses them again once the session has expired, and serves them while it lasts', async () => {
    const { session, callAll } = setup();
    await session.acceptToken(await access.issue({ email: 'ana@example.com' }, { expiresInSec: 600 }));

    const served = await callAll();
    expect(served[0]).toEqual({ ok: true, value: { model: 'gemini-oracle' } });
    expect(served[1]).toMatchObject({ ok: true, value: { requestId: expect.any(String) } });
    await expect.poll(() => gemini.double.requests.length).toBe(2);

    clock.advance(600_000);
    gemini.double.reset();
    for (const result of await callAll()) expect(result).toMatchObject({ ok: false, error: { code: 'UNAUTHENTICATED' } });
    expect(gemini.double.requests).toEqual([]);
  });
});

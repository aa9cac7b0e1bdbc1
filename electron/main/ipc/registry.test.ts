import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { z } from 'zod';
import { cancel, requestIdSchema, unary, type AppWindow, type WindowChannels } from '../../../shared/ipc/define';
import { IPC } from '../../../shared/limits';
import type { Member } from '../../../shared/member';
import { err, ok, type Err } from '../../../shared/result';
import { COUNT_STREAM_CONTRACT } from '../../../test/support/count-stream-contract';
import { APP_ORIGIN, fakeSender } from '../../../test/support/fake-sender';
import { createSignedInTestCore } from '../../../test/support/signed-in-core';
import { createTestCore } from '../../../test/support/test-core';
import { allowOrigins } from '../app/app-origin';
import { createMemoryLogger } from '../log/logger';
import { createRegistry, type Handlers, type RegistryDeps } from './registry';

const testContract = {
  'echo:say': unary({
    input: z.strictObject({ text: z.string().min(1).max(10) }),
    output: z.object({ said: z.string() }),
  }),
  'echo:boom': unary({ input: z.strictObject({}), output: z.object({}) }),
  'echo:tags': unary({
    input: z.strictObject({ tags: z.record(z.string(), z.strictObject({ label: z.string() })) }),
    output: z.object({}),
  }),
  'echo:leaky': unary({ input: z.strictObject({}), output: z.object({ visible: z.string() }) }),
  'echo:refuse': unary({ input: z.strictObject({}), output: z.object({}) }),
  'echo:whoami': unary({ input: z.strictObject({}), output: z.object({ email: z.string() }), protected: true }),
  'echo:hideMe': unary({ input: z.strictObject({}), output: z.object({}) }),
  ...COUNT_STREAM_CONTRACT,
  'count:slow': unary({
    input: z.strictObject({ requestId: requestIdSchema.optional() }),
    output: z.object({ finished: z.boolean() }),
  }),
  'count:cancelSlow': cancel('count:slow'),
  'count:feed': unary({ input: z.strictObject({ requestId: requestIdSchema }), output: z.object({}), feeds: 'count:run' }),
};

type TestChannel = keyof typeof testContract;
const everyChannel = Object.keys(testContract) as TestChannel[];
const testWindowChannels: WindowChannels<typeof testContract> = {
  main: everyChannel.filter((channel) => channel !== 'echo:hideMe'),
  quickAsk: ['echo:say', 'echo:hideMe'],
  indicator: [],
  signIn: [],
};

function setup(options: { member?: Member | null; gate?: Promise<void>; windowOf?: RegistryDeps<typeof testContract>['windowOf'] } = {}) {
  const log = createMemoryLogger();
  const refused: string[] = [];
  const seenSignals: AbortSignal[] = [];
  const hidden: string[] = [];
  const fed: string[] = [];
  const handlers: Handlers<typeof testContract> = {
    'echo:say': ({ text }) => ok({ said: text.toUpperCase() }),
    'echo:boom': () => {
      throw new Error('database exploded at /secret/path');
    },
    'echo:tags': () => ok({}),
    // Declares only "visible": anything else a handler returns must not cross IPC.
    'echo:leaky': () => ok({ visible: 'yes', apiKey: 'AIza-should-not-leak' } as { visible: string }),
    // A failure from deep inside main may carry its cause: only the declared error fields may cross IPC.
    'echo:refuse': () => ({ ok: false, error: { code: 'UPSTREAM', message: 'No.', failure: { raw: 'model text' } } }) as never,
    'echo:whoami': (_input, ctx) => ok({ email: ctx.member.email }),
    'echo:hideMe': (_input, ctx) => {
      hidden.push(ctx.sender.id);
      return ok({});
    },
    'count:slow': async (_input, ctx) => {
      seenSignals.push(ctx.signal);
      if (options.gate) await options.gate;
      return ok({ finished: !ctx.signal.aborted });
    },
    'count:feed': ({ requestId }) => {
      fed.push(requestId);
      return ok({});
    },
    'count:run': async ({ to }, ctx) => {
      seenSignals.push(ctx.signal);
      for (let n = 1; n <= to; n++) {
        if (options.gate && n === 2) await options.gate;
        if (ctx.signal.aborted) return err('INTERNAL', 'stopped');
        ctx.emit('count:chunk', { n });
      }
      return ok({ total: to });
    },
  };
  const registry = createRegistry({
    contract: testContract,
    handlers,
    isTrustedSender: allowOrigins([APP_ORIGIN]),
    currentMember: () => options.member ?? null,
    onUnauthenticated: (channel) => refused.push(channel),
    log,
    windowChannels: testWindowChannels,
    windowOf: options.windowOf ?? (() => 'main'),
  });
  return { registry, log, seenSignals, refused, hidden, fed };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

describe('IPC registry', () => {
  it('LV1: a call that feeds a stream reaches its handler only for a call of that stream its own window has running', async () => {
    let open = () => {};
    const { registry, fed } = setup({ gate: new Promise<void>((resolve) => (open = resolve)) });
    const mine = fakeSender();
    const other = fakeSender({ id: 'window-2' });
    const started = await registry.call('count:run', { to: 3 }, mine.sender);
    const { requestId } = (started as { value: { requestId: string } }).value;
    const slow = registry.call('count:slow', { requestId: 'slow-1' }, mine.sender);

    expect(await registry.call('count:feed', { requestId }, mine.sender)).toEqual({ ok: true, value: {} });
    for (const [input, sender] of [
      [{ requestId }, other.sender],
      [{ requestId: 'not-running' }, mine.sender],
      // Running, but a call of another channel.
      [{ requestId: 'slow-1' }, mine.sender],
    ] as const) {
      expect(await registry.call('count:feed', input, sender)).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    }
    open();
    await slow;
    await vi.waitFor(() => expect(mine.events.some(({ event }) => event === 'count:done')).toBe(true));
    expect(await registry.call('count:feed', { requestId }, mine.sender)).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(fed).toEqual([requestId]);
  });

  it('validates, dispatches and returns the handler Result', async () => {
    const { registry } = setup();
    const { sender } = fakeSender();
    expect(await registry.call('echo:say', { text: 'hola' }, sender)).toEqual({ ok: true, value: { said: 'HOLA' } });
  });

  it('refuses a sender that is not the main frame of our own origin, before parsing', async () => {
    const { registry, log } = setup();
    for (const overrides of [
      { url: 'https://evil.example/index.html' },
      { isMainFrame: false },
      { url: 'not a url' },
      { url: 'file:///etc/passwd' },
    ]) {
      const { sender } = fakeSender(overrides);
      const result = await registry.call('echo:say', { text: 'hola' }, sender);
      expect(result).toMatchObject({ ok: false, error: { code: 'UNAUTHENTICATED' } });
    }
    expect(log.lines.some((line) => line.includes('untrusted sender'))).toBe(true);
  });

  it("SEC-6: each window's page may call only its own channels, refused before its input is read", async () => {
    const pages: Record<string, AppWindow | null> = { main: 'main', 'quick-ask': 'quickAsk', indicator: 'indicator', login: 'signIn' };
    const { registry, hidden, log } = setup({ windowOf: (sender) => pages[sender.id] ?? null });
    const page = (id: string) => fakeSender({ id, url: `${APP_ORIGIN}/${id}.html` }).sender;

    expect(await registry.call('echo:hideMe', {}, page('quick-ask'))).toEqual({ ok: true, value: {} });
    expect(await registry.call('echo:say', { text: 'hola' }, page('quick-ask'))).toMatchObject({ ok: true });
    expect(await registry.call('echo:hideMe', {}, page('main'))).toMatchObject({ ok: false, error: { code: 'UNAUTHENTICATED' } });
    expect(hidden).toEqual(['quick-ask']);
    // Not in the quick-ask list: refused as the window's, not as malformed input.
    expect(await registry.call('echo:tags', { nonsense: true }, page('quick-ask'))).toMatchObject({ ok: false, error: { code: 'UNAUTHENTICATED' } });
    // The windows with no channels, and a page of the app's origin that is no window the app knows.
    for (const id of ['indicator', 'login', 'stranger']) {
      expect(await registry.call('echo:say', { text: 'hola' }, page(id))).toMatchObject({ ok: false, error: { code: 'UNAUTHENTICATED' } });
    }
    expect(log.lines.some((line) => line.includes('not for this window'))).toBe(true);
  });

  it('answers INVALID_INPUT for unknown channels, including inherited property names', async () => {
    const { registry } = setup();
    const { sender } = fakeSender();
    for (const channel of ['nope:nothing', '__proto__', 'constructor', 'toString', 42, null]) {
      expect(await registry.call(channel, {}, sender)).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    }
  });

  it('maps schema failures to INVALID_INPUT and size-only failures to TOO_LARGE, naming the field', async () => {
    const { registry } = setup();
    const { sender } = fakeSender();
    expect(await registry.call('echo:say', { text: 7 }, sender)).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', field: 'text' },
    });
    expect(await registry.call('echo:say', { text: 'x'.repeat(11) }, sender)).toMatchObject({
      ok: false,
      error: { code: 'TOO_LARGE', field: 'text' },
    });
    expect(await registry.call('echo:say', { text: 'ok', extra: 1 }, sender)).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT' },
    });
  });

  it('repeats a bounded part of what was sent: 20,000 unknown keys name a few, and say how many more', async () => {
    const test = createTestCore();
    cleanups.push(test.dispose);
    const keys = Array.from({ length: 20_000 }, (_, n) => `unknown_key_${n}`);
    const result = await test.core.registry.call('app:info', Object.fromEntries(keys.map((key) => [key, 1])), fakeSender().sender);

    expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    const message = (result as Err).error.message;
    expect(message.length).toBeLessThanOrEqual(IPC.errorEchoMaxChars);
    expect(message).toContain('"unknown_key_0"');
    expect(message).toContain('19,997 more');
    expect(message).not.toContain('unknown_key_19999');
  });

  it('cuts a long key or path short, and shows control and direction characters as visible escapes', async () => {
    const { registry } = setup();
    const { sender } = fakeSender();
    const sneaky = 'exe\u202Etxt\u0007\u0085\u200F\u2066';
    const long = 'k'.repeat(10_000);

    const unknown = await registry.call('echo:say', { text: 'ok', [sneaky]: 1, [long]: 2 }, sender);
    const tagged = await registry.call('echo:tags', { tags: { [`${sneaky}${long}`]: { label: 7 } } }, sender);

    for (const result of [unknown, tagged]) {
      expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
      const { message, field = '' } = (result as Err).error;
      expect(message.length).toBeLessThanOrEqual(IPC.errorEchoMaxChars);
      expect(field.length).toBeLessThanOrEqual(IPC.errorEchoMaxChars);
      expect(`${message}${field}`).not.toMatch(/[\p{Cc}\u200E\u200F\u202A-\u202E\u2066-\u2069]/u);
      expect(`${message}${field}`).not.toContain('k'.repeat(IPC.errorEchoNameMaxChars + 1));
    }
    expect((unknown as Err).error.message).toContain('"exe\\u202Etxt\\u0007\\u0085\\u200F\\u2066"');
    expect((tagged as Err).error.field).toMatch(/^tags\.exe\\u202Etxt\\u0007\\u0085\\u200F\\u2066k+…\.label$/);
  });

  it('stops at the byte budget before walking a huge input', async () => {
    const { registry } = setup();
    const { sender } = fakeSender();
    const huge = { text: 'a', pad: new Array(5_000_000).fill(0) };
    expect(await registry.call('echo:say', huge, sender)).toMatchObject({ ok: false, error: { code: 'TOO_LARGE' } });
  });

  it('turns a throwing handler into INTERNAL with a safe message and a log line', async () => {
    const { registry, log } = setup();
    const { sender } = fakeSender();
    const result = await registry.call('echo:boom', {}, sender);
    expect(result).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
    expect(JSON.stringify(result)).not.toContain('/secret/path');
    expect(log.lines.some((line) => line.includes('echo:boom') && line.includes('database exploded'))).toBe(true);
  });

  it('strips output fields the contract does not declare', async () => {
    const { registry } = setup();
    const { sender } = fakeSender();
    const result = await registry.call('echo:leaky', {}, sender);
    expect(result).toEqual({ ok: true, value: { visible: 'yes' } });
  });

  it('strips undeclared fields from an error Result', async () => {
    const { registry } = setup();
    const result = await registry.call('echo:refuse', {}, fakeSender().sender);
    expect(result).toEqual({ ok: false, error: { code: 'UPSTREAM', message: 'No.' } });
  });

  it('refuses protected channels without a session, and serves them with one', async () => {
    const signedOut = setup({ member: null });
    const { sender } = fakeSender();
    expect(await signedOut.registry.call('echo:whoami', {}, sender)).toMatchObject({
      ok: false,
      error: { code: 'UNAUTHENTICATED' },
    });
    const signedIn = setup({ member: { email: 'ana@example.com' } });
    expect(await signedIn.registry.call('echo:whoami', {}, sender)).toEqual({
      ok: true,
      value: { email: 'ana@example.com' },
    });
  });

  it('tells the session about each protected call it refused for want of one, and about nothing else', async () => {
    const signedOut = setup({ member: null });
    await signedOut.registry.call('echo:whoami', {}, fakeSender().sender);
    await signedOut.registry.call('echo:say', { text: 'hola' }, fakeSender().sender);
    await signedOut.registry.call('echo:whoami', {}, fakeSender({ url: 'https://evil.example/' }).sender);
    expect(signedOut.refused).toEqual(['echo:whoami']);

    const signedIn = setup({ member: { email: 'ana@example.com' } });
    await signedIn.registry.call('echo:whoami', {}, fakeSender().sender);
    expect(signedIn.refused).toEqual([]);
  });

  it('streams events tagged with the requestId and ends with done', async () => {
    const { registry } = setup();
    const { sender, events } = fakeSender();
    const started = await registry.call('count:run', { to: 3 }, sender);
    expect(started.ok).toBe(true);
    const requestId = (started as { value: { requestId: string } }).value.requestId;
    await settle();
    expect(events).toEqual([
      { event: 'count:chunk', payload: { requestId, data: { n: 1 } } },
      { event: 'count:chunk', payload: { requestId, data: { n: 2 } } },
      { event: 'count:chunk', payload: { requestId, data: { n: 3 } } },
      { event: 'count:done', payload: { requestId, value: { total: 3 } } },
    ]);
  });

  it('cancels a stream: the abort reaches the handler and nothing more is sent', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const { registry, seenSignals } = setup({ gate });
    const { sender, events } = fakeSender();
    const started = await registry.call('count:run', { to: 5 }, sender);
    const requestId = (started as { value: { requestId: string } }).value.requestId;
    await settle();
    expect(await registry.call('count:cancel', { requestId }, sender)).toEqual({ ok: true, value: { cancelled: true } });
    expect(seenSignals[0]!.aborted).toBe(true);
    open();
    await settle();
    expect(events.map((e) => e.event)).toEqual(['count:chunk']);
    expect(await registry.call('count:cancel', { requestId }, sender)).toEqual({ ok: true, value: { cancelled: false } });
  });

  it('does not let another window cancel a stream it did not start', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const { registry, seenSignals } = setup({ gate });
    const { sender } = fakeSender();
    const { sender: other } = fakeSender({ id: 'window-2' });
    const started = await registry.call('count:run', { to: 2 }, sender);
    const requestId = (started as { value: { requestId: string } }).value.requestId;
    expect(await registry.call('count:cancel', { requestId }, other)).toEqual({ ok: true, value: { cancelled: false } });
    expect(seenSignals[0]!.aborted).toBe(false);
    open();
  });

  it('cancels a unary call by the requestId its caller chose, for that window only', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const { registry, seenSignals } = setup({ gate });
    const { sender } = fakeSender();
    const { sender: other } = fakeSender({ id: 'window-2' });
    const answer = registry.call('count:slow', { requestId: 'ask-1' }, sender);
    await settle();
    expect(await registry.call('count:cancelSlow', { requestId: 'ask-1' }, other)).toEqual({ ok: true, value: { cancelled: false } });
    expect(seenSignals[0]!.aborted).toBe(false);
    expect(await registry.call('count:cancelSlow', { requestId: 'ask-1' }, sender)).toEqual({ ok: true, value: { cancelled: true } });
    expect(seenSignals[0]!.aborted).toBe(true);
    open();
    expect(await answer).toEqual({ ok: true, value: { finished: false } });
    expect(await registry.call('count:cancelSlow', { requestId: 'ask-1' }, sender)).toEqual({ ok: true, value: { cancelled: false } });
  });

  it('cancels only through the cancel channel of the call\'s own channel: another channel\'s cancel leaves it running', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const { registry, seenSignals } = setup({ gate });
    const { sender } = fakeSender();
    const answer = registry.call('count:slow', { requestId: 'ask-2' }, sender);
    await settle();
    expect(await registry.call('count:cancel', { requestId: 'ask-2' }, sender)).toEqual({ ok: true, value: { cancelled: false } });
    expect(seenSignals[0]!.aborted).toBe(false);
    open();
    expect(await answer).toEqual({ ok: true, value: { finished: true } });
  });

  it('aborts what a window had running when it goes away', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const { registry, seenSignals } = setup({ gate });
    const { sender, events } = fakeSender();
    await registry.call('count:run', { to: 3 }, sender);
    await settle();
    registry.releaseSender(sender.id);
    expect(seenSignals[0]!.aborted).toBe(true);
    open();
    await settle();
    expect(events.map((e) => e.event)).toEqual(['count:chunk']);
  });
});

describe('IPC registry over the app contract: no input is not a null input', () => {
  it('refuses null for a channel that changes state, whatever its input: auth:logout leaves the member signed in', async () => {
    const test = await createSignedInTestCore();
    cleanups.push(test.dispose);
    const { sender } = fakeSender();

    expect(await test.core.registry.call('auth:logout', null, sender)).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(await test.core.registry.call('auth:status', {}, sender)).toMatchObject({ ok: true, value: { state: 'signed_in' } });
  });

  it('refuses a null or missing input where the channel takes one: settings:update changes nothing', async () => {
    const test = createTestCore();
    cleanups.push(test.dispose);
    const { sender } = fakeSender();
    const before = await test.core.registry.call('settings:get', {}, sender);

    for (const input of [null, undefined]) {
      expect(await test.core.registry.call('settings:update', input, sender)).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    }
    expect(await test.core.registry.call('settings:get', {}, sender)).toEqual(before);
  });

  it('serves a channel without input called with nothing or {}, and refuses null there too', async () => {
    const test = createTestCore();
    cleanups.push(test.dispose);
    const { sender } = fakeSender();

    expect(await test.core.registry.call('app:info', undefined, sender)).toMatchObject({ ok: true });
    expect(await test.core.registry.call('app:info', {}, sender)).toMatchObject({ ok: true });
    expect(await test.core.registry.call('app:info', null, sender)).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
  });
});

describe('IPC registry types', () => {
  it('gives a protected channel\'s handler the signed-in member, and other handlers a member that may be null', () => {
    type WhoAmI = Parameters<Handlers<typeof testContract>['echo:whoami']>[1]['member'];
    type Say = Parameters<Handlers<typeof testContract>['echo:say']>[1]['member'];
    expectTypeOf<WhoAmI>().toEqualTypeOf<Member>();
    expectTypeOf<Say>().toEqualTypeOf<Member | null>();
  });

  it('makes a contract channel without a handler a compile error', () => {
    const incomplete = {} as Omit<Handlers<typeof testContract>, 'echo:say'>;
    const build = () =>
      createRegistry({
        contract: testContract,
        // @ts-expect-error 'echo:say' has no handler: tsc (npm test's typecheck) fails if this ever compiles.
        handlers: incomplete,
        isTrustedSender: () => true,
        currentMember: () => null,
        log: createMemoryLogger(),
      });
    expect(build).toBeTypeOf('function');
  });
});

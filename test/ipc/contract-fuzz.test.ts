import fc from 'fast-check';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { contract, windowChannels } from '../../shared/ipc/contract';
import { APP_WINDOWS, type AppWindow, type ChannelName, type Contract } from '../../shared/ipc/define';
import { IPC } from '../../shared/limits';
import { fakeSender } from '../support/fake-sender';
import type { Sender } from '../../electron/main/ipc/sender';
import { createSignedInTestCore } from '../support/signed-in-core';

/**
 * Malformed input thrown at EVERY channel of the contract through the real core: each call must be refused as
 * INVALID_INPUT or TOO_LARGE, nothing may throw, and nothing may change in the database or the keychain. The
 * member is signed in, so protected channels too get as far as reading their input. Then each window's page
 * against every channel its window may not call: refused as UNAUTHENTICATED before the input is read.
 */
const channels = Object.keys(contract) as ChannelName[];
const pages = Object.fromEntries(APP_WINDOWS.map((window) => [window, fakeSender({ id: window }).sender])) as Record<AppWindow, Sender>;
const quickAsk = { toggle: vi.fn(), hide: vi.fn() };
const harness = await createSignedInTestCore({
  desktop: { quickAsk },
  windowOf: (sender) => (APP_WINDOWS as readonly string[]).includes(sender.id) ? (sender.id as AppWindow) : null,
});
afterAll(() => harness.dispose());

function snapshotDatabase(): string {
  const tables = harness.db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .all() as Array<{ name: string }>;
  return JSON.stringify(tables.map(({ name }) => [name, harness.db.prepare(`SELECT * FROM "${name}"`).all()]));
}

const poisonKeys = fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty');
const scalar = fc.oneof(fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null));

const malformed = fc.oneof(
  // Not an object at all.
  scalar,
  fc.array(fc.anything(), { maxLength: 5 }),
  // Objects with the wrong fields or the wrong types.
  fc.dictionary(fc.string({ maxLength: 12 }), fc.anything({ maxDepth: 2 }), { minKeys: 1, maxKeys: 4 }),
  fc.record({ name: fc.anything(), value: fc.anything() }),
  fc.record({ language: fc.anything() }),
  fc.record({ url: scalar }),
  // Keys that attack prototypes, as JSON.parse would produce them.
  fc
    .tuple(poisonKeys, fc.jsonValue({ maxDepth: 2 }))
    .map(([key, value]) => JSON.parse(`{${JSON.stringify(key)}: ${JSON.stringify(value)}}`) as unknown),
  fc
    .tuple(poisonKeys, fc.constantFrom('gemini.apiKey', 'zoho.clientId'))
    .map(([key, name]) => JSON.parse(`{"name": ${JSON.stringify(name)}, "value": "k", ${JSON.stringify(key)}: {"polluted": true}}`) as unknown),
  // Oversize strings, in every field any channel reads.
  fc
    .constantFrom('name', 'value', 'url', 'language')
    .map((field) => ({ [field]: 'x'.repeat(IPC.secretValueMaxChars * 2) })),
  fc.constant({ name: 'gemini.apiKey', value: 'k'.repeat(IPC.secretValueMaxChars + 1) }),
  fc.constant({ url: `https://example.com/${'a'.repeat(IPC.knowledgePathMaxChars)}` }),
  // Huge arrays and deep nesting.
  fc.constant({ name: new Array(200_000).fill('gemini.apiKey'), value: 'k' }),
  fc.constant(new Array(300_000).fill({})),
  fc.integer({ min: IPC.maxInputDepth + 1, max: IPC.maxInputDepth + 40 }).map((depth) => {
    let node: unknown = 'deep';
    for (let i = 0; i < depth; i++) node = { language: node };
    return node;
  }),
);

const mayCall = (window: AppWindow, channel: ChannelName) => (windowChannels[window] as readonly string[]).includes(channel);

/** Nothing a refused call could have touched has changed. */
async function expectUnchanged(database: string, secrets: unknown) {
  expect(snapshotDatabase()).toBe(database);
  expect(await harness.core.registry.call('secrets:status', {}, pages.main)).toEqual(secrets);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(harness.opens).toEqual([]);
  expect(harness.copies).toEqual([]);
  expect(quickAsk.hide).not.toHaveBeenCalled();
}

describe('every contract channel against malformed input', () => {
  it.each(channels)('%s refuses it with INVALID_INPUT or TOO_LARGE and changes nothing', async (channel) => {
    // From a window that may call it: the main window's page for all but the quick-ask page's own.
    const sender = pages[mayCall('main', channel) ? 'main' : 'quickAsk'];
    const before = snapshotDatabase();
    const secretsBefore = await harness.core.registry.call('secrets:status', {}, pages.main);
    await fc.assert(
      fc.asyncProperty(malformed, async (input) => {
        fc.pre(!(contract as Contract)[channel]!.input.safeParse(input ?? {}).success);
        const result = await harness.core.registry.call(channel, input, sender);
        expect(result.ok).toBe(false);
        if (!result.ok) expect(['INVALID_INPUT', 'TOO_LARGE']).toContain(result.error.code);
      }),
      { numRuns: 150 },
    );
    await expectUnchanged(before, secretsBefore);
  });
});

describe('SEC-6: each window against the channels it may not call', () => {
  it('every channel is some window\'s, and the windows without a preload have none', () => {
    expect(channels.filter((channel) => !APP_WINDOWS.some((window) => mayCall(window, channel)))).toEqual([]);
    expect(windowChannels.indicator).toEqual([]);
    expect(windowChannels.signIn).toEqual([]);
  });

  const refusals = APP_WINDOWS.flatMap((window) =>
    channels.filter((channel) => !mayCall(window, channel)).map((channel) => [window, channel] as const),
  );
  it.each(refusals)('the %s page is refused %s, whatever it sends, and nothing changes', async (window, channel) => {
    const before = snapshotDatabase();
    const secretsBefore = await harness.core.registry.call('secrets:status', {}, pages.main);
    // Malformed input, and the empty input a channel without one takes: refused for the window, not the input.
    const anyInput = fc.oneof(malformed, fc.constant({}), fc.constant(undefined));
    await fc.assert(
      fc.asyncProperty(anyInput, async (input) => {
        const result = await harness.core.registry.call(channel, input, pages[window]);
        expect(result).toMatchObject({ ok: false, error: { code: 'UNAUTHENTICATED' } });
      }),
      { numRuns: 20 },
    );
    await expectUnchanged(before, secretsBefore);
  });
});

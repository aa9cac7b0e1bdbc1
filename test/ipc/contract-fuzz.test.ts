import fc from 'fast-check';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { contract } from '../../shared/ipc/contract';
import type { ChannelName, Contract } from '../../shared/ipc/define';
import { IPC } from '../../shared/limits';
import { fakeSender } from '../support/fake-sender';
import { createSignedInTestCore } from '../support/signed-in-core';

/**
 * Malformed input thrown at EVERY channel of the contract through the real core: each call must be refused as
 * INVALID_INPUT or TOO_LARGE, nothing may throw, and nothing may change in the database or the keychain.
 * The member is signed in, and the caller is also the quick-ask window's page: a protected channel, or one kept for
 * that window, must validate its input just as strictly.
 */
const channels = Object.keys(contract) as ChannelName[];
const { sender: caller } = fakeSender();
const quickAsk = { toggle: vi.fn(), hide: vi.fn(), isQuickAsk: (sender: { id: string }) => sender.id === caller.id };
// Signed in, so that protected channels too get as far as reading their input.
const harness = await createSignedInTestCore({ desktop: { quickAsk } });
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

describe('every contract channel against malformed input', () => {
  it.each(channels)('%s refuses it with INVALID_INPUT or TOO_LARGE and changes nothing', async (channel) => {
    const sender = caller;
    const before = snapshotDatabase();
    const secretsBefore = await harness.core.registry.call('secrets:status', {}, sender);
    await fc.assert(
      fc.asyncProperty(malformed, async (input) => {
        fc.pre(!(contract as Contract)[channel]!.input.safeParse(input ?? {}).success);
        const result = await harness.core.registry.call(channel, input, sender);
        expect(result.ok).toBe(false);
        if (!result.ok) expect(['INVALID_INPUT', 'TOO_LARGE']).toContain(result.error.code);
      }),
      { numRuns: 150 },
    );
    expect(snapshotDatabase()).toBe(before);
    expect(await harness.core.registry.call('secrets:status', {}, sender)).toEqual(secretsBefore);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(harness.opens).toEqual([]);
    expect(harness.copies).toEqual([]);
    expect(quickAsk.hide).not.toHaveBeenCalled();
  });
});

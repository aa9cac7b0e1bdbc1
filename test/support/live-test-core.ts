import type { CoreDeps } from '../../electron/main/core';
import { createMemorySecretStore } from '../../electron/main/secrets/memory-secret-store';
import type { GeminiDouble } from '../doubles/gemini-double';
import { fakeSender } from './fake-sender';
import { VALID_KEY } from './gateway-test-kit';
import { createSignedInTestCore } from './signed-in-core';

/**
 * A signed-in core against the Gemini double, with one window's sender, for the Live channels (voice questions,
 * live captions): the registry bounds frames a second on the core's clock, which stands still until `tick` moves it,
 * as speech does a frame's length at a time. Dispose `test` after the test.
 */
export async function startLiveTestCore(gemini: GeminiDouble, options: { key?: string; policy?: CoreDeps['policy'] } = {}) {
  let clock = Date.now();
  const test = await createSignedInTestCore({
    gemini: { baseUrl: gemini.baseUrl },
    now: () => clock,
    // Stored as an earlier run left it: secrets:set would refuse a key Google refuses.
    secrets: createMemorySecretStore({ 'gemini.apiKey': options.key ?? VALID_KEY }),
    ...(options.policy ? { policy: options.policy } : {}),
  });
  const window = fakeSender();
  const call = (channel: string, input: unknown = {}, sender = window.sender) => test.core.registry.call(channel, input, sender);
  const tick = (ms: number) => (clock += ms);
  return { test, window, call, tick };
}

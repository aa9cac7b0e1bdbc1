import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { createGeminiGateway, type GeminiGateway, type GeminiGatewayDeps } from '../../electron/main/gemini/gateway';
import { createMemoryLogger } from '../../electron/main/log/logger';
import { createMemorySecretStore } from '../../electron/main/secrets/memory-secret-store';
import type { SecretStore } from '../../electron/main/secrets/secret-store';
import { startGeminiDouble, type GeminiDouble } from '../doubles/gemini-double';

/** The key the double accepts. */
export const VALID_KEY = 'test-key';

export interface GatewayKit {
  double: GeminiDouble;
  gateway: GeminiGateway;
  log: ReturnType<typeof createMemoryLogger>;
  /** Every wait the retry policy asked for, in order; nothing really sleeps. */
  delays: number[];
}

/** A gateway over the Gemini double, with a recorded sleep and a fixed "random". */
export function createGatewayKit(
  double: GeminiDouble,
  options: { secrets?: SecretStore } & Pick<GeminiGatewayDeps, 'capabilities'> = {},
): GatewayKit {
  const log = createMemoryLogger();
  const delays: number[] = [];
  const secrets = options.secrets ?? createMemorySecretStore({ 'gemini.apiKey': VALID_KEY });
  const gateway = createGeminiGateway({
    readKey: () => secrets.get('gemini.apiKey'),
    baseUrl: double.baseUrl,
    log,
    sleep: async (ms) => {
      delays.push(ms);
    },
    random: () => 0.5,
    ...(options.capabilities ? { capabilities: options.capabilities } : {}),
  });
  return { double, gateway, log, delays };
}

/**
 * Starts one double for the file (its script and record cleared before each test), and fails the file if any
 * promise was rejected without a handler meanwhile.
 */
export function useGeminiDouble(): { readonly double: GeminiDouble } {
  const state = {} as { double: GeminiDouble };
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  beforeAll(async () => {
    process.on('unhandledRejection', onUnhandled);
    state.double = await startGeminiDouble({ validKeys: [VALID_KEY] });
  });
  beforeEach(() => state.double.reset());
  afterAll(async () => {
    // A rejection is reported on a later turn of the event loop than the one that dropped it.
    await new Promise((resolve) => setImmediate(resolve));
    await state.double.close();
    process.off('unhandledRejection', onUnhandled);
    expect(unhandled).toEqual([]);
  });
  return state;
}

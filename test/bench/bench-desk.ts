import { ASSISTANT } from '../../shared/limits';
import type { AppApi } from '../../shared/ipc/app-api';
import { startGeminiDouble, type GeminiDouble } from '../doubles/gemini-double';
import { VALID_KEY } from '../support/gateway-test-kit';
import { inProcessApi } from '../support/in-process-api';
import { createSignedInTestCore } from '../support/signed-in-core';

export interface BenchDesk {
  double: GeminiDouble;
  /** The page's side of the registry, signed in, with the double's key stored. */
  api: AppApi;
  /** Moves the core's clock on by one question's share of a minute, so the AI channel's limit never refuses one. */
  nextQuestion(): void;
  close(): Promise<void>;
}

/** The real core, signed in, behind the Gemini double, driven from the page's side as the renderer drives it. */
export async function openBenchDesk(): Promise<BenchDesk> {
  const double = await startGeminiDouble({ validKeys: [VALID_KEY] });
  let offsetMs = 0;
  const test = await createSignedInTestCore({ gemini: { baseUrl: double.baseUrl }, now: () => Date.now() + offsetMs });
  const api = inProcessApi(test.core);
  await api.secrets.set({ name: 'gemini.apiKey', value: VALID_KEY });
  return {
    double,
    api,
    nextQuestion: () => {
      offsetMs += ASSISTANT.rateLimitWindowMs / ASSISTANT.rateLimitPerMinute + 1;
    },
    close: async () => {
      test.dispose();
      await double.close();
    },
  };
}

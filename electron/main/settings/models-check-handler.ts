import type { AppContract } from '../../../shared/ipc/contract';
import { ok } from '../../../shared/result';
import type { GeminiGateway } from '../gemini/gateway';
import type { Handlers } from '../ipc/registry';

/**
 * `settings:checkModels`: each id looked up with the stored key before Settings saves it, so a made-up or retired
 * id is refused by name there, not met later as a failed question. An id that could not be looked up (no key, a
 * refused key, Google out of reach) is neither: the reason comes back, and Settings saves it as not verified.
 */
export function modelsCheckHandler(deps: {
  gateway: Pick<GeminiGateway, 'lookUpModel'>;
}): Pick<Handlers<AppContract>, 'settings:checkModels'> {
  return {
    'settings:checkModels': async ({ ids }, ctx) => {
      const unique = [...new Set(ids)];
      const looked = await Promise.all(unique.map((model) => deps.gateway.lookUpModel({ model, signal: ctx.signal })));
      const failures = looked.flatMap((result, index) => (result.ok ? [] : [{ id: unique[index]!, result }]));
      const cancelled = failures.find(({ result }) => result.failure.kind === 'cancelled');
      if (cancelled) return { ok: false, error: cancelled.result.error };
      const unknown = failures.filter(({ result }) => result.failure.kind === 'unknown_model');
      const other = failures.find(({ result }) => result.failure.kind !== 'unknown_model');
      return ok({ unavailable: unknown.map(({ id }) => id), unverified: other?.result.error ?? null });
    },
  };
}

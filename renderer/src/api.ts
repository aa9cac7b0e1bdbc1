import { createContext, use, useEffect, useState } from 'react';
import type { EventPayloads } from '../../shared/ipc/api';
import type { AppApi } from '../../shared/ipc/app-api';
import type { AppBroadcasts, AppContract } from '../../shared/ipc/contract';
import type { Result } from '../../shared/result';

/**
 * The page's only way to main. Components take the api from this context, never from `window`, so tests can
 * hand them a fake built from the same contract.
 */
export const ApiContext = createContext<AppApi | null>(null);

export function useApi(): AppApi {
  const api = use(ApiContext);
  if (!api) throw new Error('useApi() needs an <ApiContext> provider above it.');
  return api;
}

/** The one place that reads the preload's bridge. */
export function windowApi(): AppApi {
  return window.api;
}

type AppEventPayloads = EventPayloads<AppContract, AppBroadcasts>;

/**
 * A value main keeps and announces (the settings, the global shortcuts' states): read once with `read`, then
 * followed through `event`; null until main has answered, and for as long as it could not. An announcement that
 * arrives while the first read is on its way is the newer word. `read` must not change from render to render.
 */
export function useFollowedValue<N extends keyof AppEventPayloads & string>(
  event: N,
  read: (api: AppApi) => Promise<Result<AppEventPayloads[N]>>,
): AppEventPayloads[N] | null {
  const api = useApi();
  const [value, setValue] = useState<AppEventPayloads[N] | null>(null);
  useEffect(() => {
    let live = true;
    const stopListening = api.on(event, setValue);
    void read(api).then((result) => {
      if (live && result.ok) setValue((current) => current ?? result.value);
    });
    return () => {
      live = false;
      stopListening();
    };
  }, [api, event, read]);
  return value;
}

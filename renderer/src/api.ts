import { createContext, use } from 'react';
import type { AppApi } from '../../shared/ipc/app-api';

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

import { buildApiFromManifest, manifestOf, type Api, type ApiTransport } from './api';
import { broadcasts, contract, type AppBroadcasts, type AppContract } from './contract';

/** The type of `window.api` in the renderer. */
export type AppApi = Api<AppContract, AppBroadcasts>;

/** The app's channel and event names, for transports (the preload gets them written in at build time). */
export function appManifest() {
  return manifestOf(contract, broadcasts);
}

export function buildAppApi(transport: ApiTransport): AppApi {
  return buildApiFromManifest<AppContract, AppBroadcasts>(appManifest(), transport);
}

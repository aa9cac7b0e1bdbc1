/** Set by the preload through contextBridge; read only in api.ts. */
interface Window {
  readonly api: import('../../shared/ipc/app-api').AppApi;
}

import type { AppApi } from '../../../shared/ipc/app-api';

type Call<A extends unknown[], R> = (...args: A) => Promise<R>;

/**
 * The api with every call that can finish a first-run step (a key saved or removed, a folder chosen, a mailbox
 * disconnected, a setting changed, start at login set) telling `changed` once main has answered. Settings' sections are handed this
 * api, so the checklist above them follows what the member does below it without each section knowing of it.
 */
export function watchSetupChanges(api: AppApi, changed: () => void): AppApi {
  const thenTell =
    <A extends unknown[], R>(call: Call<A, R>): Call<A, R> =>
    async (...args) => {
      const result = await call(...args);
      changed();
      return result;
    };
  return {
    ...api,
    settings: { ...api.settings, update: thenTell(api.settings.update) },
    secrets: { ...api.secrets, set: thenTell(api.secrets.set), delete: thenTell(api.secrets.delete) },
    oracle: { ...api.oracle, chooseFolder: thenTell(api.oracle.chooseFolder) },
    zoho: { ...api.zoho, disconnect: thenTell(api.zoho.disconnect) },
    desktop: { ...api.desktop, setLoginItem: thenTell(api.desktop.setLoginItem) },
  };
}

import { quickAskPageUrl } from '../../../electron/main/platform/quick-ask-window-options';

/** The quick-ask page as the harness serves it: beside the app's page, as the window loads it, with the token. */
export function quickAskUrl(harnessUrl: string): string {
  const url = new URL(quickAskPageUrl(harnessUrl));
  url.search = new URL(harnessUrl).search;
  return url.href;
}

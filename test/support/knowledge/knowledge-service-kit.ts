import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { WatchFolder } from '../../../electron/main/knowledge/watch-folder';
import type { GeminiDouble } from '../../doubles/gemini-double';

/** Test-only: writes one note (and its folders) under `root`. */
export function writeNote(root: string, path: string, text: string): void {
  const file = join(root, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}

export interface FakeWatch {
  readonly watch: WatchFolder;
  /** The folders watched right now, in the order their watches began. */
  watched(): string[];
  /** Every open watch reports a change, as the real one does once a burst of saves has settled. */
  change(): void;
}

/** Test-only: a WatchFolder the test drives by hand. */
export function fakeWatch(): FakeWatch {
  const open: Array<{ folder: string; onChange: () => void }> = [];
  return {
    watch(folder, onChange) {
      const entry = { folder, onChange };
      open.push(entry);
      return {
        close() {
          const at = open.indexOf(entry);
          if (at >= 0) open.splice(at, 1);
        },
      };
    },
    watched: () => open.map((entry) => entry.folder),
    change: () => {
      for (const entry of [...open]) entry.onChange();
    },
  };
}

interface EmbedBody {
  requests: Array<{ title?: string }>;
}

/** Test-only: one entry per text sent to the double's batchEmbedContents so far: the title of its note. */
export function embeddedTitles(double: GeminiDouble): string[] {
  return double.requestsFor('batchEmbedContents').flatMap((request) => (request.body as EmbedBody).requests.map((item) => item.title ?? ''));
}

/** Test-only: a promise the test settles by hand, to hold a pass at a known point. */
export function gate(): { readonly promise: Promise<void>; open(): void } {
  let open = () => {};
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

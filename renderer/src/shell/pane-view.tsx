import { use, type ComponentType, type ReactPromise } from 'react';
import { PANE_IDS, type PaneId, type PaneProps } from '../navigation/pane-id';
import { PANE_MODULES } from './panes';

type PaneComponent = ComponentType<PaneProps>;

const loads = new Map<PaneId, ReactPromise<PaneComponent>>();

/**
 * One load per pane for the page's life, marked when it resolves with the fields React's use() reads: a pane loaded
 * before (or preloaded) renders at once instead of suspending.
 */
function loadPane(id: PaneId): ReactPromise<PaneComponent> {
  let load = loads.get(id);
  if (!load) {
    const started = PANE_MODULES[id]();
    started.then(
      (component) => Object.assign(started, { status: 'fulfilled', value: component }),
      // A chunk of the app's own that fails to load is a broken install: use() throws it, and React reports it.
      () => {},
    );
    loads.set(id, started);
    load = started;
  }
  return load;
}

/** Loads every pane's chunk now: what a test does first, so that switching panes renders them at once. */
export async function preloadPanes(): Promise<void> {
  await Promise.all(PANE_IDS.map(loadPane));
}

/** Pane `id`, loading its chunk on the first visit (suspends meanwhile: put it under a Suspense boundary). */
export function PaneView({ id, ...props }: PaneProps & { id: PaneId }) {
  const Pane = use(loadPane(id));
  return <Pane {...props} />;
}

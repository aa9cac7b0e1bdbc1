import type Database from 'better-sqlite3';
import { settingsRow } from '../settings/settings-row';
import { placementsSchema, remember, type Placement } from './window-placement';

export interface WindowPlacementStore {
  /** The latest first, one per display; none when never saved or unreadable (the system then places the window). */
  all(): Placement[];
  save(placement: Placement): void;
}

/** Where the app's window was, per display (D4): kept in the database beside the settings, never sent to the page. */
export function createWindowPlacementStore(db: Database.Database): WindowPlacementStore {
  const row = settingsRow(db, 'window.placements', placementsSchema);
  return {
    all: () => row.get() ?? [],
    save: (placement) => row.set(remember(row.get() ?? [], placement)),
  };
}

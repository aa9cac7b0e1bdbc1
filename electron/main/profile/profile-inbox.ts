/**
 * The profile files the app is given from outside the window (`--profile FILE` at start or in a second start):
 * the platform hands them in through the core, and the profile capability reads them.
 */
export interface ProfileInbox {
  /** Resolves once the file was read and offered to the window, or refused. */
  give(file: string): Promise<void>;
  receive(reader: (file: string) => Promise<void>): void;
}

export function createProfileInbox(): ProfileInbox {
  let reader: ((file: string) => Promise<void>) | null = null;
  return {
    give: async (file) => reader?.(file),
    receive(next) {
      reader = next;
    },
  };
}

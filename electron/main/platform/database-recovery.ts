import type { Lang } from '../../../shared/lang';
import type { Logger } from '../log/logger';
import type { StoreOpenError } from '../store/open-database';
import { STORE_TEXTS } from '../store/store-texts';

export type RecoveryChoice = 'start-fresh' | 'quit';

/** A message box: `choices[i]` is what clicking `buttons[i]` means. */
export interface RecoveryPrompt {
  message: string;
  detail: string;
  buttons: string[];
  choices: RecoveryChoice[];
}

export interface DatabaseRecoveryDeps<Db> {
  open(): { ok: true; db: Db } | { ok: false; error: StoreOpenError };
  /** Moves the damaged file aside and returns where it went; throws if it could not. */
  quarantine(file: string): string;
  /** Shows the prompt and resolves with the index of the button clicked. */
  ask(prompt: RecoveryPrompt): Promise<number>;
  /** The settings live in the database being opened: the prompts speak the system's language. */
  lang: Lang;
  log: Logger;
}

export function openFailurePrompt(error: StoreOpenError, lang: Lang): RecoveryPrompt {
  const texts = STORE_TEXTS[lang];
  const detail = texts.openFailure[error.kind](error.file);
  return error.kind === 'corrupt'
    ? { message: texts.cannotOpen, detail, buttons: [texts.startFresh, texts.quit], choices: ['start-fresh', 'quit'] }
    : { message: texts.cannotOpen, detail, buttons: [texts.quit], choices: ['quit'] };
}

function quarantineFailedPrompt(file: string, lang: Lang): RecoveryPrompt {
  const texts = STORE_TEXTS[lang];
  return { message: texts.cannotOpen, detail: texts.notMovedAside(file), buttons: [texts.quit], choices: ['quit'] };
}

/**
 * Opens the database, asking the member what to do when it cannot be opened. Resolves with the database, or
 * null when the member chose to quit (or there is nothing else to offer).
 */
export async function openDatabaseWithRecovery<Db>(deps: DatabaseRecoveryDeps<Db>): Promise<Db | null> {
  for (;;) {
    const opened = deps.open();
    if (opened.ok) return opened.db;
    const { kind, file, code } = opened.error;
    deps.log.error('database could not be opened', { kind, file, code });
    const prompt = openFailurePrompt(opened.error, deps.lang);
    if (prompt.choices[await deps.ask(prompt)] !== 'start-fresh') return null;
    try {
      deps.log.warn('damaged database moved aside', { keptAt: deps.quarantine(file) });
    } catch (error) {
      deps.log.error('damaged database could not be moved aside', { file, error });
      await deps.ask(quarantineFailedPrompt(file, deps.lang));
      return null;
    }
  }
}

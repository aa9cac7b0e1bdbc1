import type { KnowledgeIssue } from '../../../shared/oracle';
import type { GeminiErr } from '../gemini/failure';

/**
 * Why the base answers by words only, or why a pass stopped: English sentences the member can act on, which the
 * pane says in the member's language by `reason`.
 */
export const KNOWLEDGE_ISSUES = {
  folder_missing: {
    reason: 'folder_missing',
    message:
      'The knowledge base folder was not found. Check that it still exists and that its drive is connected, or choose another folder in Settings.',
  },
  folder_unreadable: {
    reason: 'folder_unreadable',
    message: 'The app cannot read the knowledge base folder. Check its permissions, or choose another folder in Settings.',
  },
  no_key: {
    reason: 'no_key',
    message: 'Add your Gemini API key in Settings to search the notes by meaning; until then they are found by their words.',
  },
  index_failed: {
    reason: 'index_failed',
    message: "The notes could not be saved in the app's database. Check that the disk has free space, then choose Re-index.",
  },
} as const satisfies Record<string, KnowledgeIssue>;

/** `changed`: a folder under the root vanished while it was being read; reading again sees the folder as it is now. */
export function listingIssue(error: unknown, folder: string): KnowledgeIssue | 'changed' {
  const { code, path } = error as NodeJS.ErrnoException;
  if (code === 'ENOENT') return path === folder ? KNOWLEDGE_ISSUES.folder_missing : 'changed';
  return KNOWLEDGE_ISSUES.folder_unreadable;
}

export function embeddingIssue(result: GeminiErr): KnowledgeIssue {
  if (result.failure.kind === 'missing_key') return KNOWLEDGE_ISSUES.no_key;
  return {
    reason: result.failure.kind === 'quota' ? 'rate_limited' : 'embedding_failed',
    message: `${result.error.message} Until then, the notes not embedded yet are found only by their words.`,
  };
}

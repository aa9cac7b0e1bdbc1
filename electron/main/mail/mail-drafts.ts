import type { Result } from '../../../shared/result';
export interface MailDraft { readonly subject: string; readonly text: string; readonly to: readonly string[] }
export interface MailDrafts {
  /** Saves a new draft in the member's mailbox; never sends. NOT_CONFIGURED reason 'zoho_compose_scope' without the scope; 'zoho_not_connected' without a mailbox. */
  create(draft: MailDraft, signal: AbortSignal): Promise<Result<{ readonly created: true }>>;
}

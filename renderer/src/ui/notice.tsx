import type { AppError } from '../../../shared/result';
import { CopyDiagnostics } from './copy-diagnostics';
import { offersDiagnostics } from './error-text';
import { useErrorText } from './use-error-text';
import './notice.css';

/**
 * Something to tell the member: a sentence already in their language, or an error from main, which is put into
 * words only when shown, so that it follows a change of language and knows the platform by then. `success` is
 * for what the member asked for and got ("Saved."); `info` is neutral ("Nothing changed.", "Cancelled.") and
 * must not look like a success.
 */
export type Notice =
  | { readonly tone: 'error' | 'success' | 'info'; readonly message: string }
  | { readonly tone: 'error'; readonly error: AppError };

export function errorNotice(error: AppError): Notice {
  return { tone: 'error', error };
}

/**
 * A live region that is always in the page, so assistive technology announces what appears in it later. An error
 * that names a failing part is followed by Copy diagnostics (outside the region, so that it is not read out with
 * every notice), unless the place has its own (`diagnostics={false}`: Settings > About).
 */
export function NoticeRegion({ notice, diagnostics = true }: { notice: Notice | null; diagnostics?: boolean }) {
  const describe = useErrorText();
  const shown = notice && { tone: notice.tone, ...('error' in notice ? describe(notice.error) : { message: notice.message, hint: undefined }) };
  const failing = notice && 'error' in notice && diagnostics && offersDiagnostics(notice.error);
  return (
    <>
      <div className="notice-region" role="status" aria-live="polite" aria-atomic="true">
        {shown && (
          <div className={`notice notice-${shown.tone}`}>
            <p>{shown.message}</p>
            {shown.hint && <p className="notice-hint">{shown.hint}</p>}
          </div>
        )}
      </div>
      {failing && <CopyDiagnostics />}
    </>
  );
}

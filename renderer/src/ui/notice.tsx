import type { AppError } from '../../../shared/result';
import './notice.css';

/** Something to tell the member: what happened, and what to do about it when there is something concrete. */
export interface Notice {
  readonly tone: 'error' | 'info';
  readonly message: string;
  readonly hint?: string;
}

export function errorNotice(error: AppError): Notice {
  return { tone: 'error', message: error.message, ...(error.hint ? { hint: error.hint } : {}) };
}

/**
 * A live region that is always in the page, so assistive technology announces what appears in it later.
 */
export function NoticeRegion({ notice }: { notice: Notice | null }) {
  return (
    <div className="notice-region" role="status" aria-live="polite" aria-atomic="true">
      {notice && (
        <div className={`notice notice-${notice.tone}`}>
          <p>{notice.message}</p>
          {notice.hint && <p className="notice-hint">{notice.hint}</p>}
        </div>
      )}
    </div>
  );
}

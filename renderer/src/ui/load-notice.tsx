import { useTranslation } from 'react-i18next';
import type { AppError } from '../../../shared/result';
import { errorNotice, NoticeRegion, type Notice } from './notice';

interface LoadNoticeProps {
  /** What the section has to say now, if anything; otherwise why loading failed, if it did. */
  readonly notice: Notice | null;
  /** Why the section's data could not be loaded: said, with a way to try again. */
  readonly failure: AppError | null;
  readonly onRetry: () => void;
}

/** A section's live notice, and Try again when its data could not be loaded. */
export function LoadNotice({ notice, failure, onRetry }: LoadNoticeProps) {
  const { t } = useTranslation();
  return (
    <>
      <NoticeRegion notice={notice ?? (failure ? errorNotice(failure) : null)} />
      {failure && (
        <button type="button" onClick={onRetry}>
          {t('common.retry')}
        </button>
      )}
    </>
  );
}

import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError } from '../../../shared/result';
import { errorText, type ErrorText } from './error-text';
import { usePlatform } from './platform-context';

/** Says an error from main in the member's current language, with advice for their platform. */
export function useErrorText(): (error: AppError) => ErrorText {
  const { t } = useTranslation();
  const platform = usePlatform();
  return useCallback((error: AppError) => errorText(error, t, platform), [t, platform]);
}

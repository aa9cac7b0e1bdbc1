import { useTranslation } from 'react-i18next';
import { shortcutText, type KeyWords } from '../../../shared/accelerator';
import { usePlatform } from './platform-context';

export function useKeyWords(): KeyWords {
  const { t } = useTranslation();
  const platform = usePlatform();
  return { mac: platform === 'darwin', windows: platform === 'win32', space: t('settings.shortcuts.field.space') };
}

/** Writes shortcuts the way the member's platform and language do. */
export function useShortcutText(): (accelerator: string) => string {
  const words = useKeyWords();
  return (accelerator) => shortcutText(accelerator, words);
}

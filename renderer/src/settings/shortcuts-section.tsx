import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError } from '../../../shared/result';
import {
  DEFAULT_SHORTCUT_SETTINGS,
  DEFAULT_SHORTCUTS,
  SHORTCUT_NAMES,
  shortcutClash,
  type ShortcutName,
  type ShortcutSettings,
} from '../../../shared/shortcuts';
import { useApi } from '../api';
import { LoadNotice } from '../ui/load-notice';
import { errorNotice, type Notice } from '../ui/notice';
import { useShortcutText } from '../ui/shortcut-text';
import { useShortcutStates } from '../ui/use-shortcut-states';
import { ShortcutField } from './shortcut-field';

type Load = { kind: 'loading' } | { kind: 'failed'; error: AppError } | { kind: 'ready' };

/**
 * The global shortcuts (quick ask, push-to-talk, live captions), each set, reset or turned off on its own and saved
 * as it is chosen. Each says whether it works from anywhere, or that another app holds it; keys another of them
 * has are refused.
 */
export function ShortcutsSection() {
  const api = useApi();
  const { t } = useTranslation();
  const keysText = useShortcutText();
  const headingId = useId();
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [shortcuts, setShortcuts] = useState<ShortcutSettings>(DEFAULT_SHORTCUT_SETTINGS);
  const stored = useRef<ShortcutSettings>(DEFAULT_SHORTCUT_SETTINGS);
  const [saving, setSaving] = useState(0);
  const [notice, setNotice] = useState<Notice | null>(null);
  const states = useShortcutStates();

  const fetchShortcuts = useCallback(async () => {
    setLoad({ kind: 'loading' });
    const result = await api.settings.get();
    if (result.ok) {
      stored.current = result.value.shortcuts;
      setShortcuts(result.value.shortcuts);
      setLoad({ kind: 'ready' });
    } else {
      setLoad({ kind: 'failed', error: result.error });
    }
  }, [api]);

  useEffect(() => {
    void fetchShortcuts();
  }, [fetchShortcuts]);

  const nameOf = (name: ShortcutName) => t(`settings.shortcuts.${name}.label`);

  function refuseFor(name: ShortcutName) {
    return (accelerator: string) => {
      const clash = shortcutClash({ ...shortcuts, [name]: accelerator });
      if (!clash) return null;
      return t('settings.shortcuts.clash', { name: nameOf(clash[0] === name ? clash[1] : clash[0]) });
    };
  }

  /** Saves one shortcut as it is chosen; main refusing it puts the stored one back and says why. */
  async function save(name: ShortcutName, accelerator: string | null) {
    if (shortcuts[name] === accelerator) return;
    setShortcuts((current) => ({ ...current, [name]: accelerator }));
    setNotice(null);
    setSaving((count) => count + 1);
    const result = await api.settings.update({ shortcuts: { [name]: accelerator } });
    setSaving((count) => count - 1);
    if (result.ok) {
      stored.current = result.value.shortcuts;
      setShortcuts(result.value.shortcuts);
      const saved = result.value.shortcuts[name];
      setNotice({
        tone: 'success',
        message:
          saved === null
            ? t('settings.shortcuts.savedOff', { name: nameOf(name) })
            : t('settings.shortcuts.saved', { name: nameOf(name), keys: keysText(saved) }),
      });
    } else {
      setShortcuts((current) => ({ ...current, [name]: stored.current[name] }));
      setNotice(errorNotice(result.error));
    }
  }

  return (
    <section className="settings-section" aria-labelledby={headingId} aria-busy={saving > 0 || load.kind === 'loading'}>
      <h2 id={headingId}>{t('settings.shortcuts.heading')}</h2>
      <p className="muted">{t('settings.shortcuts.intro')}</p>

      {load.kind === 'loading' && <p className="muted">{t('common.loading')}</p>}

      {load.kind === 'ready' && (
        <div className="settings-form">
          {SHORTCUT_NAMES.map((name) => (
            <ShortcutField
              key={name}
              label={nameOf(name)}
              help={t(`settings.shortcuts.${name}.help`)}
              offText={t(`settings.shortcuts.${name}.off`)}
              value={shortcuts[name]}
              defaultValue={DEFAULT_SHORTCUTS[name]}
              state={states?.[name] ?? null}
              refuse={refuseFor(name)}
              onChange={(accelerator) => void save(name, accelerator)}
            />
          ))}
        </div>
      )}

      <LoadNotice notice={notice} failure={load.kind === 'failed' ? load.error : null} onRetry={() => void fetchShortcuts()} />
    </section>
  );
}

import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError } from '../../../shared/result';
import { DEFAULT_VOICE_SETTINGS, PREBUILT_VOICES, type PrebuiltVoice, type VoiceSettings } from '../../../shared/voice';
import { useApi } from '../api';
import { useMicrophones } from '../audio/use-microphones';
import { useSpokenText } from '../audio/use-spoken-text';
import { usePolicy } from '../settings-provider';
import { LoadNotice } from '../ui/load-notice';
import { ManagedNote } from '../ui/managed-note';
import { errorNotice, type Notice } from '../ui/notice';
import { useErrorText } from '../ui/use-error-text';
import { CaptionsDefaults } from './captions-defaults';

type Load = { kind: 'loading' } | { kind: 'failed'; error: AppError } | { kind: 'ready' };

/** The select's value for the system's default microphone (the stored setting is null). */
const SYSTEM_DEFAULT = '';

type Field = keyof VoiceSettings;

/**
 * Voice questions (V1 to V5): whether answers are spoken and in which of Gemini's voices, and which microphone
 * records (the push-to-talk shortcut is in Shortcuts). Each choice is saved as it is made.
 */
export function VoiceSection() {
  const api = useApi();
  const { t } = useTranslation();
  const describe = useErrorText();
  const headingId = useId();
  const spokenHelpId = useId();
  const spokenManagedId = useId();
  const policy = usePolicy();
  const spokenLocked = policy?.locked.includes('voice.spokenAnswers') ?? false;
  const voiceId = useId();
  const voiceHelpId = useId();
  const sampleErrorId = useId();
  const microphoneId = useId();
  const microphoneHelpId = useId();
  const microphoneHintId = useId();
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [voice, setVoice] = useState<VoiceSettings>(DEFAULT_VOICE_SETTINGS);
  const stored = useRef<VoiceSettings>(DEFAULT_VOICE_SETTINGS);
  const [saving, setSaving] = useState(0);
  const [notice, setNotice] = useState<Notice | null>(null);
  const { devices, labelsHidden } = useMicrophones();
  const { state: sample, play, stop } = useSpokenText();

  const fetchVoice = useCallback(async () => {
    setLoad({ kind: 'loading' });
    const result = await api.settings.get();
    if (result.ok) {
      stored.current = result.value.voice;
      setVoice(result.value.voice);
      setLoad({ kind: 'ready' });
    } else {
      setLoad({ kind: 'failed', error: result.error });
    }
  }, [api]);

  useEffect(() => {
    void fetchVoice();
  }, [fetchVoice]);

  const microphoneName = (id: string | null): string => {
    if (id === null) return t('settings.voice.systemDefault');
    const index = devices.findIndex((device) => device.deviceId === id);
    const device = devices[index];
    if (!device) return t('settings.voice.microphoneMissing');
    return device.label || t('settings.voice.microphoneNumbered', { number: index + 1 });
  };

  function savedText(field: Field, settings: VoiceSettings): string {
    switch (field) {
      case 'spokenAnswers':
        return t(settings.spokenAnswers ? 'settings.voice.spokenOn' : 'settings.voice.spokenOff');
      case 'voiceName':
        return t('settings.voice.voiceSaved', { voice: settings.voiceName });
      case 'microphoneId':
        return t('settings.voice.microphoneSaved', { microphone: microphoneName(settings.microphoneId) });
    }
  }

  /** Saves one choice as it is made; main refusing it puts the stored one back and says why. */
  async function save<K extends Field>(field: K, value: VoiceSettings[K]) {
    if (voice[field] === value) return;
    setVoice((current) => ({ ...current, [field]: value }));
    setNotice(null);
    setSaving((count) => count + 1);
    const result = await api.settings.update({ voice: { [field]: value } });
    setSaving((count) => count - 1);
    if (result.ok) {
      stored.current = result.value.voice;
      setVoice(result.value.voice);
      setNotice({ tone: 'success', message: savedText(field, result.value.voice) });
    } else {
      setVoice((current) => ({ ...current, [field]: stored.current[field] }));
      setNotice(errorNotice(result.error));
    }
  }

  const sampleError = sample.kind === 'failed' ? (sample.error ? describe(sample.error) : { message: t('settings.voice.sampleUnplayable') }) : null;
  // The stored microphone may be unplugged, or not nameable yet: it stays chosen, and says so.
  const missingMicrophone = voice.microphoneId !== null && !devices.some((device) => device.deviceId === voice.microphoneId);

  return (
    <section className="settings-section" aria-labelledby={headingId} aria-busy={saving > 0 || load.kind === 'loading'}>
      <h2 id={headingId}>{t('settings.voice.heading')}</h2>
      <p className="muted">{t('settings.voice.intro')}</p>

      {load.kind === 'loading' && <p className="muted">{t('common.loading')}</p>}

      {load.kind === 'ready' && (
        <div className="settings-form">
          <div className="field">
            <label className="check-field">
              <input
                type="checkbox"
                checked={voice.spokenAnswers}
                disabled={spokenLocked}
                aria-describedby={spokenLocked ? `${spokenManagedId} ${spokenHelpId}` : spokenHelpId}
                onChange={(event) => void save('spokenAnswers', event.target.checked)}
              />
              {t('settings.voice.spokenAnswers')}
            </label>
            {spokenLocked && (
              <ManagedNote id={spokenManagedId} text={policy?.features.spokenAnswers === false ? t('managed.spokenAnswersOff') : undefined} />
            )}
            <p id={spokenHelpId} className="muted">
              {t('settings.voice.spokenAnswersHelp')}
            </p>
          </div>

          <div className="field">
            <label htmlFor={voiceId}>{t('settings.voice.voice')}</label>
            <div className="actions">
              <select
                id={voiceId}
                value={voice.voiceName}
                aria-describedby={voiceHelpId}
                onChange={(event) => {
                  stop();
                  void save('voiceName', event.target.value as PrebuiltVoice);
                }}
              >
                {PREBUILT_VOICES.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
              <button
                type="button"
                aria-disabled={sample.kind === 'preparing' || saving > 0}
                aria-describedby={sampleError ? sampleErrorId : undefined}
                onClick={() => {
                  if (sample.kind === 'playing') stop();
                  else if (sample.kind !== 'preparing' && saving === 0) void play(t('settings.voice.sample'));
                }}
              >
                {t(sample.kind === 'playing' ? 'settings.voice.stopSample' : sample.kind === 'preparing' ? 'settings.voice.preparingSample' : 'settings.voice.playSample')}
              </button>
            </div>
            {sampleError && (
              <p id={sampleErrorId} className="field-error" role="alert">
                {sampleError.message}
                {sampleError.hint && ` ${sampleError.hint}`}
              </p>
            )}
            <p id={voiceHelpId} className="muted">
              {t('settings.voice.voiceHelp')}
            </p>
          </div>

          <div className="field">
            <label htmlFor={microphoneId}>{t('settings.voice.microphone')}</label>
            <select
              id={microphoneId}
              value={voice.microphoneId ?? SYSTEM_DEFAULT}
              aria-describedby={labelsHidden ? `${microphoneHelpId} ${microphoneHintId}` : microphoneHelpId}
              onChange={(event) => void save('microphoneId', event.target.value === SYSTEM_DEFAULT ? null : event.target.value)}
            >
              <option value={SYSTEM_DEFAULT}>{t('settings.voice.systemDefault')}</option>
              {devices.map((device) => (
                <option key={device.deviceId} value={device.deviceId}>
                  {microphoneName(device.deviceId)}
                </option>
              ))}
              {missingMicrophone && <option value={voice.microphoneId ?? SYSTEM_DEFAULT}>{t('settings.voice.microphoneMissing')}</option>}
            </select>
            <p id={microphoneHelpId} className="muted">
              {t('settings.voice.microphoneHelp')}
            </p>
            {labelsHidden && (
              <p id={microphoneHintId} className="muted">
                {t('settings.voice.microphoneNamesHint')}
              </p>
            )}
          </div>

          <CaptionsDefaults />
        </div>
      )}

      <LoadNotice notice={notice} failure={load.kind === 'failed' ? load.error : null} onRetry={() => void fetchVoice()} />
    </section>
  );
}

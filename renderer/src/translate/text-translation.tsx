import { ArrowLeftRight } from 'lucide-react';
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TRANSLATE, VOICE } from '../../../shared/limits';
import { useSpokenText } from '../audio/use-spoken-text';
import { useLanguage } from '../i18n/language-context';
import type { OpenPane } from '../navigation/pane-id';
import { settingsSectionFor } from '../navigation/settings-sections';
import { CharCounter } from '../ui/char-counter';
import { CopyDiagnostics } from '../ui/copy-diagnostics';
import { waitEnd } from '../ui/countdown';
import { offersDiagnostics } from '../ui/error-text';
import { LiveWait } from '../ui/live-wait';
import { NoticeRegion } from '../ui/notice';
import { usePlatform } from '../ui/platform-context';
import { useShortcutText } from '../ui/shortcut-text';
import { useCopyText } from '../ui/use-copy-text';
import { useErrorText } from '../ui/use-error-text';
import { chooseSource, chooseTarget, languagePair, swapLanguages, type LanguageChoice } from './language-choice';
import { languageNamer } from '../ui/language-names';
import { LanguagePicker } from '../ui/language-picker';
import { useTextTranslationSession } from './text-translation-context';

/**
 * T1: a text into another language. Pick the languages (the source may be detected), write or paste, then
 * Translate or Ctrl+Enter (⌘Enter on a Mac); copy the translation or hear it read aloud. Swap turns the languages
 * around and takes the translation as the next text, to answer in the other language.
 */
export function TextTranslation({ openPane }: { openPane: OpenPane }) {
  const { t } = useTranslation();
  const { lang: uiLang } = useLanguage();
  const mac = usePlatform() === 'darwin';
  const keysText = useShortcutText();
  const describe = useErrorText();
  const { choice, choose, text, setText, translation: session } = useTextTranslationSession();
  const pair = languagePair(choice, uiLang);
  const { state, translate, cancel, clear } = session;
  const spoken = useSpokenText();
  const { copy, notice } = useCopyText(t('translate.copied'));
  const [emptyRefused, setEmptyRefused] = useState(false);
  const source = useRef<HTMLTextAreaElement>(null);
  const sourceId = useId();
  const helpId = useId();
  const counterId = useId();
  const problemId = useId();
  const resultId = useId();
  const swapHelpId = useId();
  const speakHelpId = useId();

  const over = text.length - TRANSLATE.textMaxChars;
  const problem = over > 0 ? t('translate.tooLong', { count: over, max: TRANSLATE.textMaxChars }) : emptyRefused ? t('translate.empty') : null;
  const translated = state.kind === 'done' ? state : null;
  const translation = translated?.translation ?? '';
  const swapped = swapLanguages(choice, uiLang, translated);
  // Left to the model, the text's language is said once it is known: the member can check it, and swap.
  const detected = pair.from === null && translated?.detected !== undefined ? languageNamer(uiLang)(translated.detected) : null;
  const failure = state.kind === 'failed' ? { error: state.error, said: describe(state.error), waitUntil: waitEnd(state.error, state.at) } : null;
  const tooLongToSpeak = translation.trim().length > VOICE.ttsTextMaxChars;

  /**
   * The languages changed: a translation shown (or on its way) is no longer into the chosen pair, so it goes, and
   * Translate makes the one asked for. Nothing is sent by itself: a language list walked with the arrow keys would
   * send one request per step.
   */
  function chooseLanguages(next: LanguageChoice) {
    const after = languagePair(next, uiLang);
    choose(next);
    if (after.from === pair.from && after.to === pair.to) return;
    spoken.stop();
    clear();
  }

  /** Once the member works on a text, the target shown is theirs: a later change of UI language leaves it be. */
  function keepTarget() {
    if (choice.to === null) choose({ ...choice, to: pair.to });
  }

  function submit() {
    if (over > 0) return;
    if (text.trim() === '') {
      setEmptyRefused(true);
      return;
    }
    keepTarget();
    spoken.stop();
    void translate({ text, to: pair.to, from: pair.from });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    submit();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Either key with Enter, as the pane shortcuts take either: only the platform's own is announced.
    if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey) || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  }

  function swap() {
    if (swapped === null) return;
    choose(swapped);
    if (translated) setText(translated.translation);
    spoken.stop();
    clear();
  }

  function onCancel() {
    cancel();
    source.current?.focus();
  }

  const status = {
    idle: '',
    translating: t('translate.translating'),
    done: t('translate.done'),
    cancelled: t('translate.cancelled'),
    failed: failure?.said.message ?? '',
  }[state.kind];

  const speechError =
    spoken.state.kind === 'failed' ? (spoken.state.error ? describe(spoken.state.error) : { message: t('translate.speechUnplayable') }) : null;

  return (
    <form className="translate-form" onSubmit={onSubmit} noValidate>
      <div className="translate-languages">
        <LanguagePicker className="translate-picker" label={t('translate.from')} open="detect" value={pair.from} onChange={(from) => chooseLanguages(chooseSource(choice, uiLang, from))} />
        <button
          type="button"
          className="icon-button translate-swap"
          aria-label={t('translate.swap')}
          title={t('translate.swap')}
          aria-disabled={swapped === null}
          aria-describedby={swapped === null ? swapHelpId : undefined}
          onClick={swap}
        >
          <ArrowLeftRight aria-hidden="true" className="button-icon" />
        </button>
        <LanguagePicker className="translate-picker" label={t('translate.to')} value={pair.to} onChange={(to) => chooseLanguages(chooseTarget(choice, uiLang, to))} />
        {detected !== null && <p className="translate-swap-help muted">{t('translate.detected', { language: detected })}</p>}
        {swapped === null && (
          <p id={swapHelpId} className="translate-swap-help muted">
            {t('translate.swapNeedsSource')}
          </p>
        )}
      </div>

      <div className="translate-boxes">
        <div className="translate-box">
          <label htmlFor={sourceId}>{t('translate.source')}</label>
          <textarea
            ref={source}
            id={sourceId}
            // The text may be in any script, whatever the UI's: each line takes its own direction.
            dir="auto"
            lang={pair.from ?? translated?.detected}
            rows={8}
            value={text}
            onChange={(event) => {
              keepTarget();
              setText(event.target.value);
              setEmptyRefused(false);
            }}
            onKeyDown={onKeyDown}
            aria-invalid={over > 0}
            aria-describedby={`${problem === null ? '' : `${problemId} `}${counterId} ${helpId}`}
          />
          <p id={problemId} className="translate-problem" role="status">
            {problem}
          </p>
          <div className="translate-meta">
            <p id={helpId}>{t('translate.help', { keys: keysText('CommandOrControl+Enter') })}</p>
            <CharCounter id={counterId} count={text.length} max={TRANSLATE.textMaxChars} />
          </div>
          <div className="actions">
            <button type="submit" className="button-primary" aria-keyshortcuts={mac ? 'Meta+Enter' : 'Control+Enter'}>
              {t('translate.translate')}
            </button>
            {state.kind === 'translating' && (
              <button type="button" onClick={onCancel}>
                {t('common.cancel')}
              </button>
            )}
          </div>
        </div>

        <div className="translate-box">
          <label htmlFor={resultId}>{t('translate.result')}</label>
          <textarea
            id={resultId}
            readOnly
            dir="auto"
            lang={state.kind === 'done' ? state.lang : undefined}
            rows={8}
            value={translation}
            aria-busy={state.kind === 'translating'}
          />
          <p className={failure ? 'translate-status translate-problem' : 'translate-status muted'} role="status">
            {status}
          </p>
          {failure && (
            <div className="translate-failure">
              {failure.waitUntil !== null ? (
                <LiveWait until={failure.waitUntil} />
              ) : (
                failure.said.hint && <p className="muted">{failure.said.hint}</p>
              )}
              {/* Every "set this up first" is done in Settings: the Gemini key, here. */}
              {failure.error.code === 'NOT_CONFIGURED' && (
                <button type="button" onClick={() => openPane('settings', { section: settingsSectionFor(failure.error) })}>
                  {t('chat.openSettings')}
                </button>
              )}
              {offersDiagnostics(failure.error) && <CopyDiagnostics />}
            </div>
          )}
          {translation.trim() !== '' && (
            <div className="actions">
              <button type="button" onClick={() => copy(translation)}>
                {t('translate.copy')}
              </button>
              <button
                type="button"
                aria-disabled={tooLongToSpeak || spoken.state.kind === 'preparing'}
                aria-describedby={tooLongToSpeak ? speakHelpId : undefined}
                onClick={() => {
                  if (spoken.state.kind === 'playing') spoken.stop();
                  else if (!tooLongToSpeak && spoken.state.kind !== 'preparing') void spoken.play(translation);
                }}
              >
                {t(spoken.state.kind === 'playing' ? 'translate.stopSpeaking' : spoken.state.kind === 'preparing' ? 'translate.preparingSpeech' : 'translate.speak')}
              </button>
            </div>
          )}
          {tooLongToSpeak && (
            <p id={speakHelpId} className="muted">
              {t('translate.tooLongToSpeak', { count: VOICE.ttsTextMaxChars })}
            </p>
          )}
          {speechError && (
            <p className="translate-problem" role="alert">
              {speechError.message}
              {speechError.hint && ` ${speechError.hint}`}
            </p>
          )}
          {spoken.state.kind === 'failed' && spoken.state.error && offersDiagnostics(spoken.state.error) && <CopyDiagnostics />}
          <NoticeRegion notice={notice} />
        </div>
      </div>
    </form>
  );
}

import { useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { CaptionLine } from '../../../../shared/captions';
import { captionsToSrt, captionsToText, clockTime, type CaptionExportOptions } from '../../../../shared/caption-export';
import { CAPTION_SOURCES, type CaptionSource } from '../../../../shared/live-captions';
import { TRANSLATE, VOICE } from '../../../../shared/limits';
import type { AppError } from '../../../../shared/result';
import { useApi } from '../../api';
import { microphoneProblemText } from '../../audio/microphone-problem';
import { useMicrophones } from '../../audio/use-microphones';
import { useLanguage } from '../../i18n/language-context';
import { useSettings } from '../../settings-provider';
import { CopyDiagnostics } from '../../ui/copy-diagnostics';
import { useRemainingMs } from '../../ui/countdown';
import { offersDiagnostics } from '../../ui/error-text';
import { ManagedNote } from '../../ui/managed-note';
import { errorNotice, NoticeRegion, type Notice } from '../../ui/notice';
import { usePlatform } from '../../ui/platform-context';
import { useCopyText } from '../../ui/use-copy-text';
import { useErrorText } from '../../ui/use-error-text';
import { languagePair, type LanguageChoice } from '../language-choice';
import { LanguagePicker } from '../../ui/language-picker';
import { SaveMeetingNotes } from '../meeting-notes/save-meeting-notes';
import { captionInputs, DEFAULT_MICROPHONE, inputValue, type InputOption } from './caption-inputs';
import { CaptionList } from './caption-list';
import { CompactCaptions } from './compact-captions';
import { sessionActive, type CaptionInputs, type CaptionProblem, type CaptionRun, type CaptionWait, type SourceState } from './caption-runner';
import { useLiveCaptionsSession } from './live-captions-context';
import './live-captions.css';

const MS_PER_SECOND = 1000;
/** The value of an input list that leaves its side of the meeting uncaptioned. */
const NONE = 'none';

/**
 * Live captions (T2, issue 13): what is said in a meeting, by the member's microphone or the computer's audio (the
 * other participants), shown line by line with its translation, optionally read aloud, and kept only if the member
 * exports or copies it. The session lives in memory above the panes (it goes on in another pane); nothing of it is stored.
 */
export function LiveCaptions() {
  const { t } = useTranslation();
  const api = useApi();
  const { lang: uiLang } = useLanguage();
  const platform = usePlatform();
  const microphones = useMicrophones();
  const { captions, spoken } = useLiveCaptionsSession();
  const describe = useErrorText();
  const { copy, notice: copyNotice } = useCopyText(t('translate.live.copied'));
  const [exportNotice, setExportNotice] = useState<Notice | null>(null);
  const settings = useSettings();
  // Back in the pane after a session started, its languages and input are the ones chosen; until the member picks,
  // the defaults Settings keeps (issue 28).
  const [picked, setChoice] = useState<LanguageChoice | null>(() => captions.languages ?? null);
  const choice: LanguageChoice = picked ?? { from: settings?.captions.from ?? null, to: settings?.captions.to ?? null };
  const speechOff = settings?.features.spokenAnswers === false;
  const liveOff = settings?.features.liveModes === false;
  // "none" leaves that side of the meeting uncaptioned; the microphone alone, as before, by default.
  const [values, setValues] = useState<Record<CaptionSource, string>>(() => ({
    you: captions.inputs ? (captions.inputs.you ? inputValue(captions.inputs.you) : NONE) : DEFAULT_MICROPHONE,
    others: captions.inputs?.others ? inputValue(captions.inputs.others) : NONE,
  }));
  const [compact, setCompact] = useState(false);
  const startButton = useRef<HTMLButtonElement>(null);
  const compactButton = useRef<HTMLButtonElement>(null);
  const youId = useId();
  const othersId = useId();
  const gapId = useId();
  const chooseId = useId();
  const againId = useId();
  const speakHelpId = useId();
  const speakOffId = useId();

  const { status, lines } = captions;
  const active = sessionActive(status);
  // A session translates between the languages it started with, whatever the UI language has become since.
  const pair = active && captions.languages ? captions.languages : languagePair(choice, uiLang);
  const inputs = captionInputs(microphones, platform);
  // How to caption the computer's audio matters when choosing the input, not while a meeting is being captioned.
  const gap = active ? null : inputs.computerGap;
  // A device unplugged since it was chosen: the default microphone (or nothing, for the computer) stands in.
  const you = values.you === NONE ? undefined : (inputs.microphones.find((option) => option.value === values.you) ?? inputs.microphones[0]);
  const others = inputs.computer.find((option) => option.value === values.others);
  const chosen: CaptionInputs = { ...(you ? { you: you.input } : {}), ...(others ? { others: others.input } : {}) };
  const nothingChosen = !chosen.you && !chosen.others;
  const twoSides = Boolean(captions.inputs?.you && captions.inputs.others);
  const speakerName = (source: CaptionSource) => t(`translate.live.speaker.${source}`);
  const exportOptions: CaptionExportOptions = { original: true, translation: true, ...(twoSides ? { speaker: speakerName } : {}) };
  const kept = lines.some((line) => line.status === 'done');
  const againHelp = !active && lines.length > 0;

  const optionName = (option: InputOption, index: number): string => {
    if (option.input.kind === 'system') return t('translate.live.input.system');
    if (option.input.deviceId === null) return t('translate.live.input.defaultMicrophone');
    const name = option.label ?? t('settings.voice.microphoneNumbered', { number: index });
    return inputs.computer.includes(option) ? t('translate.live.input.monitor', { device: name }) : name;
  };

  function startOrStop() {
    if (status === 'listening' || status === 'paused') captions.stop();
    else if (status !== 'starting' && !nothingChosen) void captions.start(chosen, pair);
  }

  /** Back from the shared screen to the button that opened it, wherever the view was left from. */
  function leaveCompact() {
    flushSync(() => setCompact(false));
    compactButton.current?.focus();
  }

  function clear() {
    captions.clear();
    setExportNotice(null);
    startButton.current?.focus();
  }

  async function exportAs(format: 'txt' | 'srt') {
    setExportNotice(null);
    const content = format === 'srt' ? captionsToSrt(lines, exportOptions) : captionsToText(lines, exportOptions);
    const fileName = t('translate.live.fileName', { when: fileStamp(captions.startedAt ?? Date.now()) });
    const result = await api.translate.saveTranscript({ format, content, fileName });
    if (!result.ok) setExportNotice(errorNotice(result.error));
    else if (result.value.saved) setExportNotice({ tone: 'success', message: t('translate.live.saved') });
  }

  const statusText = {
    idle: '',
    starting: t('translate.live.status.starting'),
    listening: t('translate.live.status.listening'),
    paused: t('translate.live.status.paused'),
    stopped: t('translate.live.status.stopped'),
  }[status];

  return (
    <div className="live-captions">
      <fieldset className="live-setup" disabled={active}>
        <legend className="visually-hidden">{t('translate.live.setup')}</legend>
        <div className="live-sources">
          {/* Either may be the other's language: a meeting captioned in the language it is held in. Each pick keeps the
              other side as shown, so a later change of UI language leaves it be. */}
          <LanguagePicker
            className="translate-picker"
            label={t('translate.live.from')}
            open="detect"
            value={pair.from}
            onChange={(from) => setChoice({ from, to: pair.to })}
          />
          <LanguagePicker className="translate-picker" label={t('translate.live.to')} value={pair.to} onChange={(to) => setChoice({ from: pair.from, to })} />
          <div className="translate-picker">
            <label htmlFor={youId}>{t('translate.live.input.you')}</label>
            <select
              id={youId}
              value={you?.value ?? NONE}
              aria-describedby={nothingChosen ? chooseId : undefined}
              onChange={(event) => setValues({ ...values, you: event.target.value })}
            >
              <option value={NONE}>{t('translate.live.input.none')}</option>
              {inputs.microphones.map((option, index) => (
                <option key={option.value} value={option.value}>
                  {optionName(option, index)}
                </option>
              ))}
            </select>
          </div>
          <div className="translate-picker">
            <label htmlFor={othersId}>{t('translate.live.input.others')}</label>
            <select
              id={othersId}
              value={others?.value ?? NONE}
              aria-describedby={gap === null ? undefined : gapId}
              onChange={(event) => setValues({ ...values, others: event.target.value })}
            >
              <option value={NONE}>{t('translate.live.input.none')}</option>
              {inputs.computer.map((option, index) => (
                <option key={option.value} value={option.value}>
                  {optionName(option, index + 1)}
                </option>
              ))}
            </select>
          </div>
        </div>
        {pair.from === pair.to && <p className="muted">{t('translate.live.sameLanguage')}</p>}
        {/* Main captions at pauses instead: said before Start, where the member would look for streaming. */}
        {liveOff && <ManagedNote text={t('managed.liveModesOff')} />}
        {gap !== null && (
          <p id={gapId} className="muted">
            {t(`translate.live.computerGap.${gap}`)}
          </p>
        )}
        {nothingChosen && (
          <p id={chooseId} className="muted">
            {t('translate.live.input.chooseOne')}
          </p>
        )}
      </fieldset>

      <div className="live-controls">
        <div className="actions">
          <button
            ref={startButton}
            type="button"
            className={active ? undefined : 'button-primary'}
            aria-disabled={status === 'starting' || (!active && nothingChosen)}
            aria-describedby={againHelp ? againId : !active && nothingChosen ? chooseId : undefined}
            onClick={startOrStop}
          >
            {t(status === 'starting' ? 'translate.live.starting' : active ? 'translate.live.stop' : 'translate.live.start')}
          </button>
          {(status === 'listening' || status === 'paused') && (
            <button type="button" onClick={status === 'paused' ? captions.resume : captions.pause}>
              {t(status === 'paused' ? 'translate.live.resume' : 'translate.live.pause')}
            </button>
          )}
          {!active && lines.length > 0 && (
            <button type="button" className="button-danger" onClick={clear}>
              {t('translate.live.clear')}
            </button>
          )}
          <SaveMeetingNotes captions={captions} />
        </div>
        <div className="live-view-options">
          <button ref={compactButton} type="button" aria-haspopup="dialog" onClick={() => setCompact(true)}>
            {t('translate.live.compact.open')}
          </button>
          <label className="live-speak">
            <input
              type="checkbox"
              checked={spoken.on}
              disabled={speechOff}
              aria-describedby={speechOff ? speakOffId : spoken.on ? speakHelpId : undefined}
              onChange={(event) => spoken.turn(event.target.checked)}
            />
            {t('translate.live.speak')}
          </label>
          {speechOff && <ManagedNote id={speakOffId} text={t('managed.spokenAnswersOff')} />}
        </div>
      </div>

      <div className="live-state">
        <p role="status">{statusText}</p>
        <SourcesText sources={captions.sources} speakerName={speakerName} />
        {captions.wait && <WaitText key={captions.wait.until} wait={captions.wait} />}
        {againHelp && (
          <p id={againId} className="muted">
            {t('translate.live.startAgainHelp')}
          </p>
        )}
        {/* Said when speech is turned on, where the member looks then; the checkbox names it for a screen reader. */}
        {spoken.on && (
          <p id={speakHelpId} className="muted">
            {t('translate.live.speakHelp')}
          </p>
        )}
        <div className="live-problems" role="alert">
          {captions.problem && <ProblemText problem={captions.problem} platform={platform} />}
          {spoken.failure && <p className="translate-problem">{t('translate.live.speechFailed', { reason: describe(spoken.failure).message })}</p>}
        </div>
        {/* Outside the alert, and once for the whole session: a line that failed says why beside its own Retry. */}
        {namesFailingPart(lines, captions.problem, spoken.failure) && <CopyDiagnostics />}
      </div>

      <CaptionList lines={lines} languages={captions.languages} large={false} speakers={twoSides} onRetry={captions.retry} />
      {compact && (
        <CompactCaptions
          lines={lines}
          languages={captions.languages}
          speakers={twoSides}
          status={statusText}
          onRetry={captions.retry}
          onLeave={leaveCompact}
        />
      )}

      <div className="actions">
        <button type="button" disabled={!kept} onClick={() => void exportAs('txt')}>
          {t('translate.live.exportTxt')}
        </button>
        <button type="button" disabled={!kept} onClick={() => void exportAs('srt')}>
          {t('translate.live.exportSrt')}
        </button>
        <button
          type="button"
          disabled={!kept}
          onClick={() => {
            setExportNotice(null);
            copy(captionsToText(lines, exportOptions));
          }}
        >
          {t('translate.live.copyAll')}
        </button>
      </div>
      <p className="muted">{t('translate.live.keepHelp')}</p>
      <NoticeRegion notice={exportNotice ?? copyNotice} />
    </div>
  );
}

/**
 * How each side is captioned, and while streaming, its connection and the audio sent so far: said once when both
 * sides say the same, else side by side, each after its speaker's name.
 */
function SourcesText({ sources, speakerName }: { sources: CaptionRun['sources']; speakerName: (source: CaptionSource) => string }) {
  const { t } = useTranslation();
  const texts = CAPTION_SOURCES.flatMap((source) => {
    const state = sources[source];
    const text = state ? sourceText(state, t) : '';
    return text === '' ? [] : [{ source, text }];
  });
  const oneText = Object.keys(sources).length < 2 || texts.every(({ text }) => text === texts[0]?.text);
  if (oneText) return texts.slice(0, 1).map(({ source, text }) => <p key={source} className="muted">{text}</p>);
  return texts.map(({ source, text }) => (
    <p key={source} className="muted">
      {t('translate.live.bySpeaker', { speaker: speakerName(source), text })}
    </p>
  ));
}

function sourceText(state: SourceState, t: TFunction): string {
  const mode = state.mode === null ? null : {
    streaming: t('translate.live.mode.streaming'),
    pauses: t(state.fallback === null ? 'translate.live.mode.pauses' : 'translate.live.mode.pausesInstead'),
    fixed: t('translate.live.mode.fixed', { seconds: VOICE.liveSegmentMs / MS_PER_SECOND }),
  }[state.mode];
  const stream = state.stream;
  const connection =
    stream?.state === 'connecting'
      ? t('translate.live.stream.connecting')
      : stream?.state === 'reconnecting'
        ? t('translate.live.stream.reconnecting', { attempt: stream.attempt ?? 1 })
        : null;
  const streamed = stream && stream.streamedMs > 0 ? t('translate.live.streamed', { time: clockTime(stream.streamedMs) }) : null;
  return [mode, connection, streamed].filter((part) => part !== null).join(' · ');
}

/** "Waiting 12 seconds for Gemini's limit", counting down; the lines wait in order and go when it ends. */
function WaitText({ wait }: { wait: CaptionWait }) {
  const { t } = useTranslation();
  const count = Math.max(1, Math.ceil(useRemainingMs(wait.until) / MS_PER_SECOND));
  return (
    <p className="muted">
      {wait.cause === 'rate_limited'
        ? t('translate.live.waitRateLimited', { count })
        : t('translate.live.waitBudget', { count, max: TRANSLATE.rateLimitPerMinute })}
    </p>
  );
}

/**
 * Whether something in the session names a part failing (issue 28): a line's or the speech's error, by the rule the
 * shared notice follows, or listening that stopped on an error of ours (the voice detection failed mid-session). An
 * input that could not be opened or went away is the member's device, with its own advice.
 */
function namesFailingPart(lines: readonly CaptionLine[], problem: CaptionProblem | null, speech: AppError | null): boolean {
  const errors = [...lines.flatMap((line) => (line.status === 'failed' && line.error ? [line.error] : [])), ...(speech ? [speech] : [])];
  return errors.some(offersDiagnostics) || (problem?.kind === 'ended' && problem.reason === 'error');
}

/** Where the computer's audio comes from Electron's loopback, each with its own way to allow it. */
const SYSTEM_HINT = { win32: 'translate.live.systemHint.win32', darwin: 'translate.live.systemHint.darwin' } as const;

function ProblemText({ problem, platform }: { problem: CaptionProblem; platform: string | null }) {
  const { t } = useTranslation();
  if (problem.kind === 'ended') return <p className="translate-problem">{t(`translate.live.ended.${problem.reason}`)}</p>;
  if (problem.input.kind === 'microphone' && problem.problem !== 'system_audio_unavailable') {
    const { message, hint } = microphoneProblemText(problem.problem, platform);
    return (
      <p className="translate-problem">
        {t(message)} {t(hint)}
      </p>
    );
  }
  const hint = platform === 'win32' || platform === 'darwin' ? SYSTEM_HINT[platform] : 'translate.live.systemHint.other';
  return (
    <p className="translate-problem">
      {t('translate.live.systemProblem')} {t(hint)}
    </p>
  );
}

/** "2026-12-02 10.30": the session's start in local time, as a file name may hold it. */
function fileStamp(epochMs: number): string {
  const at = new Date(epochMs);
  const two = (value: number) => String(value).padStart(2, '0');
  return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())} ${two(at.getHours())}.${two(at.getMinutes())}`;
}

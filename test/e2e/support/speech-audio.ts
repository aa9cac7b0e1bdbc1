import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, tempDir } from './harness-process';

/** What the fake microphone asks in the voice tests: G7's demo tool answers it. */
const SPOKEN_QUESTION = 'What time is it in Ulaanbaatar?';

/** Made once and kept between runs; a recipe changed below gets a new name, so nothing stale is reused. */
const AUDIO_DIR = join(ROOT, 'test-artifacts', 'audio');
/** What Chromium's fake device delivers with voice processing on (docs/audio.md): nothing to resample. */
const SAMPLE_RATE_HZ = 48_000;
const LEAD_SECONDS = 0.3;
/** Long enough for a recorder to take the last word in before the member "releases the key". */
const TAIL_SECONDS = 1.5;
const SILENCE_SECONDS = 2;
const MS_PER_SECOND = 1000;

export interface SpeechAudio {
  /** Absolute path of a 48 kHz mono 16-bit WAV, for launchChromium's fakeMicrophone. */
  readonly file: string;
  readonly text: string;
  /** Where the words are in the file: after LEAD_SECONDS of silence, then TAIL_SECONDS of silence to the end. */
  readonly speechStartMs: number;
  readonly speechEndMs: number;
  readonly durationMs: number;
}

/** Runs a tool the audio needs; a missing one fails the test with what to install (browser tests never skip). */
function run(tool: 'espeak-ng' | 'sox', args: readonly string[]): string {
  try {
    return execFileSync(tool, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(
        `The voice browser tests speak into a fake microphone with espeak-ng and sox, and ${tool} is not installed. ` +
          'Install them with `apt-get install espeak-ng sox` (Debian), then run the tests again.',
      );
    }
    throw error;
  }
}

/** The file for `recipe`, made by `make(target)` unless an earlier run (or a parallel test file) already did. */
function cached(name: string, recipe: readonly unknown[], make: (target: string) => void): string {
  const file = join(AUDIO_DIR, `${name}-${createHash('sha256').update(JSON.stringify(recipe)).digest('hex').slice(0, 12)}.wav`);
  if (existsSync(file)) return file;
  mkdirSync(AUDIO_DIR, { recursive: true });
  // Written aside and renamed into place, so that another test file never plays half a file.
  const partial = join(AUDIO_DIR, `${name}-${process.pid}.partial.wav`);
  make(partial);
  renameSync(partial, file);
  return file;
}

/** The sox effects that cut espeak-ng's own silence at both ends: silence, reversed, silence, reversed. */
const TRIM_SILENCE = ['silence', '1', '0.01', '-45d', 'reverse', 'silence', '1', '0.01', '-45d', 'reverse'];

/** `text` as espeak-ng says it with `voice` (its options), written by sox to `target` in `format` after `effects`. */
function speak(target: string, voice: readonly string[], text: string, format: readonly string[], effects: readonly string[]): void {
  const work = tempDir('staff-desk-speech-');
  try {
    const spoken = join(work.dir, 'spoken.wav');
    run('espeak-ng', [...voice, '-w', spoken, text]);
    run('sox', [spoken, ...format, target, ...effects]);
  } finally {
    work.remove();
  }
}

function durationMs(file: string): number {
  return Math.round(Number(run('sox', ['--info', '-D', file]).trim()) * MS_PER_SECOND);
}

/** SPOKEN_QUESTION, in a synthetic American English voice, with silence before and after. */
export function speechAudio(): SpeechAudio {
  const voice = ['-v', 'en-us', '-s', '150'];
  const file = cached('question', [SPOKEN_QUESTION, voice, SAMPLE_RATE_HZ, LEAD_SECONDS, TAIL_SECONDS], (target) => {
    // Trimmed first, so that the boundaries are exactly the padding; then a speaking level and the fake device's rate.
    speak(target, voice, SPOKEN_QUESTION, ['-b', '16', '-c', '1'], [
      ...TRIM_SILENCE,
      'gain', '-n', '-3', 'rate', '-v', String(SAMPLE_RATE_HZ), 'pad', String(LEAD_SECONDS), String(TAIL_SECONDS),
    ]);
  });
  const total = durationMs(file);
  return {
    file,
    text: SPOKEN_QUESTION,
    speechStartMs: LEAD_SECONDS * MS_PER_SECOND,
    speechEndMs: total - TAIL_SECONDS * MS_PER_SECOND,
    durationMs: total,
  };
}

/** One utterance of meetingAudio(), where it is in the file. */
export interface Utterance {
  readonly startMs: number;
  readonly endMs: number;
  readonly text: string;
  readonly lang: 'en' | 'es';
}

export interface MeetingAudio {
  /** Absolute path of a 16 kHz mono 16-bit WAV, for launchChromium's fakeMicrophone. */
  readonly file: string;
  /** Every utterance in speaking order, its boundaries exact to the sample. */
  readonly truth: readonly Utterance[];
  readonly durationMs: number;
}

/**
 * A meeting in two languages with pauses of every length live captions care about (docs/audio.md): the
 * shortest never splits an utterance, 0.6 s and more always do, the 10 s one must send nothing.
 */
interface MeetingRecipe {
  readonly sampleRateHz: number;
  readonly leadSeconds: number;
  readonly tailSeconds: number;
  readonly gapsSeconds: readonly number[];
  readonly wordsPerMinute: string;
  readonly utterances: readonly { readonly lang: 'en' | 'es'; readonly voice: string; readonly text: string }[];
}

const MEETING: MeetingRecipe = {
  sampleRateHz: 16_000,
  leadSeconds: 3,
  tailSeconds: 3,
  gapsSeconds: [0.3, 0.8, 1.5, 2.5, 10],
  wordsPerMinute: '160',
  utterances: [
    { lang: 'en', voice: 'en-us', text: 'The quarterly report is ready for review.' },
    { lang: 'es', voice: 'es', text: 'Buenos días a todos y gracias por venir.' },
    { lang: 'en', voice: 'en-us', text: 'Please send the slides before the meeting starts.' },
    { lang: 'es', voice: 'es', text: 'El presupuesto del próximo año ya está aprobado.' },
    { lang: 'en', voice: 'en-us', text: 'We need to finish the migration by Friday.' },
    { lang: 'es', voice: 'es', text: 'Nos vemos mañana en la oficina.' },
  ],
};

/**
 * Speech from 200 ms after the input opens, for live captions' capture (docs/audio.md): nothing said while the
 * detector loads may be lost. Then a pause that splits, and the 10 s of silence that must send nothing.
 */
const EARLY_SPEECH: MeetingRecipe = {
  ...MEETING,
  leadSeconds: 0.2,
  tailSeconds: 1.5,
  gapsSeconds: [1.5, 10],
  utterances: MEETING.utterances.slice(0, 3),
};

/** `text` spoken at the meeting's rate, exactly from its first sound to its last: no silence at either end. */
function spokenPart(meeting: MeetingRecipe, voice: string, text: string): string {
  const recipe = [voice, meeting.wordsPerMinute, text, meeting.sampleRateHz];
  return cached('utterance', recipe, (target) => {
    speak(target, ['-v', voice, '-s', meeting.wordsPerMinute], text, ['-r', String(meeting.sampleRateHz), '-c', '1', '-b', '16'], [
      'gain', '-n', '-6', 'rate', '-v', ...TRIM_SILENCE,
    ]);
  });
}

function samplesOf(file: string): number {
  return Number(run('sox', ['--info', '-s', file]).trim());
}

/** The meeting's WAV, and each utterance's start and end counted in samples, so the truth is exact. */
export function meetingAudio(): MeetingAudio {
  return meetingOf('meeting', MEETING);
}

/** Speech 200 ms into the file, a pause of 1.5 s, 10 s of silence, speech again: EARLY_SPEECH. */
export function earlySpeechAudio(): MeetingAudio {
  return meetingOf('early-speech', EARLY_SPEECH);
}

function meetingOf(name: string, recipe: MeetingRecipe): MeetingAudio {
  const rate = recipe.sampleRateHz;
  const parts = recipe.utterances.map((utterance) => ({ ...utterance, file: spokenPart(recipe, utterance.voice, utterance.text) }));
  const secondsAsSamples = (seconds: number) => Math.round(seconds * rate);
  const msOf = (samples: number) => (samples / rate) * MS_PER_SECOND;

  const truth: Utterance[] = [];
  let at = secondsAsSamples(recipe.leadSeconds);
  parts.forEach((part, index) => {
    const length = samplesOf(part.file);
    truth.push({ startMs: msOf(at), endMs: msOf(at + length), text: part.text, lang: part.lang });
    at += length + secondsAsSamples(recipe.gapsSeconds[index] ?? recipe.tailSeconds);
  });

  const file = cached(name, [recipe, parts.map((part) => samplesOf(part.file))], (target) => {
    const work = tempDir('staff-desk-meeting-');
    try {
      const silence = (seconds: number) => {
        const silent = join(work.dir, `silence-${seconds}.wav`);
        // The rate goes before -n: it is the input's, so the trim counts samples at it.
        run('sox', ['-r', String(rate), '-c', '1', '-n', '-b', '16', silent, 'trim', '0', `${secondsAsSamples(seconds)}s`]);
        return silent;
      };
      const pieces = [silence(recipe.leadSeconds)];
      parts.forEach((part, index) => pieces.push(part.file, silence(recipe.gapsSeconds[index] ?? recipe.tailSeconds)));
      run('sox', [...pieces, target]);
    } finally {
      work.remove();
    }
  });
  return { file, truth, durationMs: msOf(at) };
}

/** Pauses of 0.6 s or more split (docs/audio.md's settings): closer utterances are one stretch of speech. */
const SPLIT_AT_GAP_MS = 600;

/** The meeting as live captions cut it at pauses, one line a stretch: from its first utterance's start to its last's end. */
export function stretchesOfSpeech(meeting: MeetingAudio): { startMs: number; endMs: number }[] {
  const stretches: { startMs: number; endMs: number }[] = [];
  meeting.truth.forEach((utterance, index) => {
    const previous = meeting.truth[index - 1];
    if (previous && utterance.startMs - previous.endMs < SPLIT_AT_GAP_MS) stretches.at(-1)!.endMs = utterance.endMs;
    else stretches.push({ startMs: utterance.startMs, endMs: utterance.endMs });
  });
  return stretches;
}

/** SILENCE_SECONDS of digital silence in the same format: a microphone that hears nothing. */
export function silentAudio(): string {
  return cached('silence', [SAMPLE_RATE_HZ, SILENCE_SECONDS], (target) => {
    run('sox', ['-n', '-r', String(SAMPLE_RATE_HZ), '-c', '1', '-b', '16', target, 'trim', '0', String(SILENCE_SECONDS)]);
  });
}

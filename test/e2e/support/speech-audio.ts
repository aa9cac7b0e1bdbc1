import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, tempDir } from './harness-process';

/** What the fake microphone asks in the voice tests: G7's demo tool answers it. */
export const SPOKEN_QUESTION = 'What time is it in Ulaanbaatar?';

/** Made once and kept between runs; a recipe changed below gets a new name, so nothing stale is reused. */
const AUDIO_DIR = join(ROOT, 'test-artifacts', 'audio');
/** What Chromium's fake device delivers with voice processing on (reference/audio.md): nothing to resample. */
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

function durationMs(file: string): number {
  return Math.round(Number(run('sox', ['--info', '-D', file]).trim()) * MS_PER_SECOND);
}

/** SPOKEN_QUESTION, in a synthetic American English voice, with silence before and after. */
export function speechAudio(): SpeechAudio {
  const voice = ['-v', 'en-us', '-s', '150'];
  const file = cached('question', [SPOKEN_QUESTION, voice, SAMPLE_RATE_HZ, LEAD_SECONDS, TAIL_SECONDS], (target) => {
    const work = tempDir('staff-desk-speech-');
    try {
      const spoken = join(work.dir, 'spoken.wav');
      run('espeak-ng', [...voice, '-w', spoken, SPOKEN_QUESTION]);
      // espeak-ng's own silence is cut at both ends (silence, reversed, silence, reversed) so that the
      // boundaries are exactly the padding; then a speaking level, the fake device's rate, and the padding.
      run('sox', [
        spoken, '-b', '16', '-c', '1', target,
        'silence', '1', '0.01', '-45d', 'reverse', 'silence', '1', '0.01', '-45d', 'reverse',
        'gain', '-n', '-3', 'rate', '-v', String(SAMPLE_RATE_HZ), 'pad', String(LEAD_SECONDS), String(TAIL_SECONDS),
      ]);
    } finally {
      work.remove();
    }
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

/** SILENCE_SECONDS of digital silence in the same format: a microphone that hears nothing. */
export function silentAudio(): string {
  return cached('silence', [SAMPLE_RATE_HZ, SILENCE_SECONDS], (target) => {
    run('sox', ['-n', '-r', String(SAMPLE_RATE_HZ), '-c', '1', '-b', '16', target, 'trim', '0', String(SILENCE_SECONDS)]);
  });
}

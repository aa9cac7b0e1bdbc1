import { act } from '@testing-library/react';
import { vi } from 'vitest';
import type { CaptionStreamDone } from '../../../shared/live-captions';
import type { CaptureKit } from '../audio/capture-context';
import type { SpeechCaptureEvent, SpeechCaptureOptions, StartSpeechCaptureResult } from '../audio/speech-capture';
import type { SpeechSegment } from '../audio/segment-cutter';
import { createFakeMain, type FakeMainOptions } from './fake-main';

/*
 * Live captions' speech capture and main, as the captions' tests drive them: what each side hears, and how Live
 * translation answers.
 */

/** streaming: Live translation answers; pauses: it is unavailable, so the pause-cut path runs; fixed: no voice detection. */
export type Mode = 'streaming' | 'pauses' | 'fixed';

/**
 * The capture driven by the test: each side's speech is what the test says, when it says. In the pause-cut path the
 * runner's cutter hands over the utterances `say` names; while streaming, `hear` hands the runner capture events.
 */
export function fakeCapture(mode: Mode, refusal?: Extract<StartSpeechCaptureResult, { ok: false }>['problem']) {
  const sides: SpeechCaptureOptions[] = [];
  const cutters: ((segment: SpeechSegment) => void)[] = [];
  const cut: SpeechCaptureEvent[][] = [];
  let said = 0;
  const segmenter = { detector: Promise.resolve(mode !== 'fixed'), pause: vi.fn(), resume: vi.fn(), setCaps: vi.fn(), stop: vi.fn(async () => {}) };
  const kit: CaptureKit = {
    start: vi.fn(async (options: SpeechCaptureOptions): Promise<StartSpeechCaptureResult> => {
      sides.push(options);
      if (refusal) return { ok: false, problem: refusal };
      options.onEvent({ kind: 'detector', ready: mode !== 'fixed' });
      return { ok: true, value: segmenter };
    }),
    cutter: vi.fn((onSegment: (segment: SpeechSegment) => void) => {
      cutters.push(onSegment);
      const taken: SpeechCaptureEvent[] = [];
      cut.push(taken);
      return { take: (event: SpeechCaptureEvent) => void taken.push(event), flush: vi.fn() };
    }),
    pauseCaps: { softMs: 5_000, hardMs: 7_000 },
    join: vi.fn((segments: readonly SpeechSegment[]) => ({
      ...segments[0]!,
      endMs: Math.max(...segments.map((segment) => segment.endMs)),
      audio: clipOf(segments.map((segment) => segment.id).join('+')),
    })),
  };
  return {
    kit,
    segmenter,
    /** What each pause-cut cutter was given, in the order the cutters were made. */
    cut,
    /** One utterance cut from `startMs` to `endMs`; its audio names it, so main's double knows which it is. */
    say(startMs: number, endMs: number): string {
      said += 1;
      const id = `u${said}`;
      const cutter = cutters.at(-1);
      if (!cutter) throw new Error('No side is captioned by the pause-cut path.');
      act(() => cutter({ id, startMs, endMs, audio: clipOf(id), pcm: new Float32Array(1) }));
      return id;
    },
    /** What side `index`'s capture hears (while streaming: the frames go to main). */
    hear(index: number, ...events: SpeechCaptureEvent[]) {
      act(() => events.forEach((event) => sides[index]!.onEvent(event)));
    },
    end(reason: 'device_lost' | 'error') {
      act(() => sides[0]!.onEnded!(reason));
    },
  };
}

/** Live translation is not offered to the key: every stream ends at once, and the pause-cut path captions. */
export const UNAVAILABLE: CaptionStreamDone = { ended: 'unavailable', reason: 'unknown_model', streamedMs: 0 };

export function mainFor(mode: Mode, options: FakeMainOptions = {}) {
  const streams = mode === 'pauses' ? { 'translate:live': (stream: { finish(value: CaptionStreamDone): void }) => stream.finish(UNAVAILABLE) } : {};
  return createFakeMain({ ...options, streams: { ...streams, ...options.streams } });
}

export const clipOf = (id: string) => ({ mimeType: 'audio/wav', data: btoa(id) });
export const idOf = (input: { audio: { data: string } }) => atob(input.audio.data);

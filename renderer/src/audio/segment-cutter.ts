import { audioClipSchema, type AudioClip } from '../../../shared/audio';
import { LIVE, VOICE } from '../../../shared/limits';
import { floatPcmAsWav, pcm16AsWav, WAV_HEADER_BYTES } from '../../../shared/wav';
import { base64Of } from './base64';
import { measureLevel } from './level-meter';
import { samplesOfPcm16 } from './pcm-frames';
import type { SpeechCaps, SpeechCaptureEvent } from './speech-capture';

/** One utterance (or, without the detector, one stretch of sound) to caption. */
export interface SpeechSegment {
  id: string;
  /** Since the capture's origin (the session start): the span of the audio it carries. */
  startMs: number;
  endMs: number;
  /** A 16 kHz mono 16-bit WAV. */
  audio: AudioClip;
  /** The same audio as samples, for joinSegments. */
  pcm: Float32Array;
}

export interface SegmentCutter {
  /** Takes the capture's events in order; a segment goes out as soon as its end is known. */
  take(event: SpeechCaptureEvent): void;
  /** Hands out what was gathered so far (the member paused, the capture stopped); what follows starts a new segment. */
  flush(): void;
}

export interface SegmentCutterOptions {
  newId?: () => string;
}

const MS_PER_SAMPLE = 1000 / LIVE.inputSampleRateHz;

/**
 * The caps the pause-cut path sets on the capture (docs/audio.md): past 5 s of talk a shorter pause ends an utterance,
 * and at VOICE.liveSegmentMs it is cut wherever the talker is, so a line never waits long for its translation.
 */
export const PAUSE_CUT_CAPS: SpeechCaps = { softMs: 5_000, hardMs: VOICE.liveSegmentMs };

/**
 * Cuts the capture's frames into segments for live captions (T2): at each stretch's end while the detector runs
 * (a misfire is dropped), else every VOICE.liveSegmentMs, the seeds' fixed segments, a silent one dropped.
 * Silence is never sent in either mode.
 */
export function createSegmentCutter(onSegment: (segment: SpeechSegment) => void, options: SegmentCutterOptions = {}): SegmentCutter {
  const newId = options.newId ?? (() => crypto.randomUUID());
  let fixed = false;
  let gathered: { startMs: number; frames: Uint8Array[]; samples: number; speechMs: number } | null = null;

  const cut = (endMs: number | null) => {
    const segment = gathered;
    gathered = null;
    if (segment === null || segment.samples === 0) return;
    // Without the detector the level tells sound from silence, as a recording's does (V5).
    if (fixed && segment.speechMs < VOICE.recordingMinSpeechMs) return;
    const wav = pcm16AsWav(segment.frames, LIVE.inputSampleRateHz);
    const startMs = segment.startMs;
    const pcm = samplesOfPcm16(wav.subarray(WAV_HEADER_BYTES));
    onSegment(clipSegment(newId(), wav, pcm, startMs, endMs ?? startMs + segment.samples * MS_PER_SAMPLE));
  };

  return {
    take(event) {
      switch (event.kind) {
        case 'detector':
          fixed = !event.ready;
          return;
        case 'start':
          cut(null);
          gathered = { startMs: event.atMs, frames: [], samples: 0, speechMs: 0 };
          return;
        case 'frame': {
          gathered ??= { startMs: event.atMs, frames: [], samples: 0, speechMs: 0 };
          const samples = event.pcm.byteLength / 2;
          gathered.frames.push(event.pcm);
          gathered.samples += samples;
          if (fixed && measureLevel(samplesOfPcm16(event.pcm)).dbfs >= VOICE.speechLevelDbfs) gathered.speechMs += samples * MS_PER_SAMPLE;
          if (fixed && gathered.samples * MS_PER_SAMPLE >= VOICE.liveSegmentMs) cut(null);
          return;
        }
        case 'end':
          if (event.reason === 'misfire') gathered = null;
          else cut(event.atMs);
          return;
      }
    },
    flush: () => cut(null),
  };
}

/** One WAV of `segments`' samples (neighbours cut at pauses), keeping the first one's id, as mergeSegments does. */
export function joinSegments(segments: readonly SpeechSegment[]): SpeechSegment {
  const first = segments[0];
  if (first === undefined) throw new Error('There are no segments to join.');
  const parts = segments.map((segment) => segment.pcm);
  const pcm = new Float32Array(parts.reduce((length, part) => length + part.length, 0));
  parts.reduce((at, part) => (pcm.set(part, at), at + part.length), 0);
  const endMs = Math.max(...segments.map((segment) => segment.endMs));
  return clipSegment(first.id, floatPcmAsWav(pcm, LIVE.inputSampleRateHz), pcm, first.startMs, endMs);
}

function clipSegment(id: string, wav: Uint8Array, pcm: Float32Array, startMs: number, endMs: number): SpeechSegment {
  // V5, renderer side: what goes to main already passes the schema main checks it with again.
  return { id, startMs, endMs, audio: audioClipSchema.parse({ mimeType: 'audio/wav', data: base64Of(wav) }), pcm };
}

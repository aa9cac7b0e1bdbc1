import { createContext, use } from 'react';
import { createSegmentCutter, joinSegments, PAUSE_CUT_CAPS } from './segment-cutter';
import { startSpeechCapture } from './speech-capture';

/**
 * What live captions need of the audio folder: opening a side's capture, cutting what it hears into segments for the
 * pause-cut path (with the length caps that path wants), and joining the audio of utterances sent as one.
 */
export interface CaptureKit {
  readonly start: typeof startSpeechCapture;
  readonly cutter: typeof createSegmentCutter;
  readonly pauseCaps: typeof PAUSE_CUT_CAPS;
  readonly join: typeof joinSegments;
}

/**
 * The browser's capture, unless a test provides one that hands over speech on its command: captions are then
 * tested without a microphone, a voice-detection model or an audio context.
 */
export const CaptureContext = createContext<CaptureKit>({
  start: startSpeechCapture,
  cutter: createSegmentCutter,
  pauseCaps: PAUSE_CUT_CAPS,
  join: joinSegments,
});

export function useCaptureKit(): CaptureKit {
  return use(CaptureContext);
}

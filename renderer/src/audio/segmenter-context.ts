import { createContext, use } from 'react';
import { joinSegments, startSegmenter } from './speech-segmenter';

/** What live captions need of the recorder: opening it, and joining the audio of utterances sent as one. */
export interface SegmenterKit {
  readonly start: typeof startSegmenter;
  readonly join: typeof joinSegments;
}

/**
 * The browser's recorder, unless a test provides one that hands over segments on its command: captions are then
 * tested without a microphone, a VAD model or an audio context.
 */
export const SegmenterContext = createContext<SegmenterKit>({ start: startSegmenter, join: joinSegments });

export function useSegmenterKit(): SegmenterKit {
  return use(SegmenterContext);
}

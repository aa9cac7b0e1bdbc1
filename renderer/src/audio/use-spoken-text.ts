import { useCallback, useEffect, useRef, useState } from 'react';
import type { AppError } from '../../../shared/result';
import { useApi } from '../api';
import { bytesOfBase64 } from './base64';

/** A text's course: asked of main, playing, or refused (by main, or by the computer's audio when error is null). */
export type SpokenText = { kind: 'idle' } | { kind: 'preparing' } | { kind: 'playing' } | { kind: 'failed'; error: AppError | null };

/**
 * One text read aloud on request (V4: Settings' sample, a translation): spoken by main's TTS in the stored voice,
 * played from a Blob URL (the CSP allows blob: media) that is let go when it ends, is stopped, or its owner goes
 * away. Asking again cuts what is playing or still being prepared.
 */
export function useSpokenText() {
  const api = useApi();
  const [state, setState] = useState<SpokenText>({ kind: 'idle' });
  const playing = useRef<{ audio: HTMLAudioElement; url: string } | null>(null);
  const asked = useRef<string | null>(null);

  const release = useCallback(() => {
    if (asked.current !== null) void api.voice.cancelTts({ requestId: asked.current });
    asked.current = null;
    const current = playing.current;
    playing.current = null;
    if (current) {
      current.audio.pause();
      URL.revokeObjectURL(current.url);
    }
  }, [api]);

  const stop = useCallback(() => {
    release();
    setState({ kind: 'idle' });
  }, [release]);

  useEffect(() => release, [release]);

  const play = useCallback(
    async (text: string) => {
      release();
      const requestId = crypto.randomUUID();
      asked.current = requestId;
      setState({ kind: 'preparing' });
      const result = await api.voice.tts({ text, requestId });
      if (asked.current !== requestId) return;
      asked.current = null;
      if (!result.ok) {
        setState({ kind: 'failed', error: result.error });
        return;
      }
      const url = URL.createObjectURL(new Blob([bytesOfBase64(result.value.data)], { type: result.value.mimeType }));
      const audio = new Audio(url);
      playing.current = { audio, url };
      audio.addEventListener('ended', stop, { once: true });
      setState({ kind: 'playing' });
      try {
        await audio.play();
      } catch {
        stop();
        setState({ kind: 'failed', error: null });
      }
    },
    [api, release, stop],
  );

  return { state, play, stop };
}

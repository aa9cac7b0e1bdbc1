import { useCallback, useEffect, useRef, useState } from 'react';
import type { AppError } from '../../../shared/result';
import type { TranslationLang } from '../../../shared/translate';
import { useApi } from '../api';

export type TextTranslation =
  | { readonly kind: 'idle' }
  | { readonly kind: 'translating' }
  /** `detected`: what the model found the text in, when the source was left to it (and it knew). */
  | { readonly kind: 'done'; readonly translation: string; readonly lang: TranslationLang; readonly detected?: TranslationLang }
  | { readonly kind: 'cancelled' }
  /** `at`: when the refusal came (epoch ms), which a wait it asks for counts from. */
  | { readonly kind: 'failed'; readonly error: AppError; readonly at: number };

export interface TranslateRequest {
  readonly text: string;
  readonly to: TranslationLang;
  readonly from: TranslationLang | null;
}

/**
 * T1: one text at a time through `translate:text`. A new request replaces the one on its way, which is cancelled
 * in main, as it is when the member cancels or signs out: only the newest answer is ever shown.
 */
export function useTextTranslation() {
  const api = useApi();
  const [state, setState] = useState<TextTranslation>({ kind: 'idle' });
  const asked = useRef<string | null>(null);

  const abandon = useCallback(() => {
    if (asked.current !== null) void api.translate.cancelText({ requestId: asked.current });
    asked.current = null;
  }, [api]);

  useEffect(() => abandon, [abandon]);

  const translate = useCallback(
    async ({ text, to, from }: TranslateRequest) => {
      abandon();
      const requestId = crypto.randomUUID();
      asked.current = requestId;
      setState({ kind: 'translating' });
      const result = await api.translate.text({ text, to, ...(from === null ? {} : { from }), requestId });
      if (asked.current !== requestId) return;
      asked.current = null;
      if (!result.ok) setState({ kind: 'failed', error: result.error, at: Date.now() });
      else {
        const { translation, detected } = result.value;
        setState({ kind: 'done', translation, lang: to, ...(from === null && detected !== undefined ? { detected } : {}) });
      }
    },
    [api, abandon],
  );

  const cancel = useCallback(() => {
    abandon();
    setState({ kind: 'cancelled' });
  }, [abandon]);

  /** The result is no longer the text's (it moved into the source box). */
  const clear = useCallback(() => {
    abandon();
    setState({ kind: 'idle' });
  }, [abandon]);

  return { state, translate, cancel, clear };
}

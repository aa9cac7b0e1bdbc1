import { useCallback, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import type { AppError } from '../../../shared/result';
import type { ZohoConnected, zohoConnectInputSchema, ZohoProgress } from '../../../shared/zoho-connection';
import { useApi } from '../api';
import { followStream, type FollowedStream } from './follow-stream';
import type { CodeStage } from './zoho-device-code';

export type ZohoConnectInput = z.input<typeof zohoConnectInputSchema>;

/** A connect flow as the member follows it: the device code once Zoho gave it, the browser opened, the wait. */
export interface ZohoConnecting {
  readonly method: ZohoConnectInput['method'];
  readonly code: CodeStage | null;
  readonly browserOpened: boolean;
  readonly waiting: boolean;
}

export interface ZohoConnectWatch {
  onDone(connected: ZohoConnected): void;
  onError(error: AppError): void;
}

function withProgress(flow: ZohoConnecting | null, progress: ZohoProgress): ZohoConnecting | null {
  if (flow === null) return flow;
  switch (progress.stage) {
    case 'code':
      return { ...flow, code: progress };
    case 'browser_opened':
      return { ...flow, browserOpened: true };
    case 'waiting':
      return { ...flow, waiting: true };
  }
}

/**
 * Runs `zoho:connect` and follows its stages, for Settings' Connect and for a meeting's mail draft asking for the
 * compose scope. `connecting` is null when no flow runs. Leaving the page while connecting cancels the flow, so that
 * a later Connect never races a forgotten one.
 */
export function useZohoConnect(): {
  connecting: ZohoConnecting | null;
  connect(input: ZohoConnectInput, watch: ZohoConnectWatch): void;
  /** Stops the flow, in main too; its watch hears nothing more. */
  cancel(): void;
} {
  const api = useApi();
  const [connecting, setConnecting] = useState<ZohoConnecting | null>(null);
  const stream = useRef<FollowedStream | null>(null);

  useEffect(() => () => stream.current?.cancel(), []);

  const connect = useCallback(
    (input: ZohoConnectInput, watch: ZohoConnectWatch) => {
      stream.current?.cancel();
      setConnecting({ method: input.method, code: null, browserOpened: false, waiting: false });
      const calls = { start: () => api.zoho.connect(input), cancel: (requestId: string) => api.zoho.cancel({ requestId }) };
      const ended = () => {
        stream.current = null;
        setConnecting(null);
      };
      stream.current = followStream(api, 'zoho:connect', calls, {
        onProgress: ({ data }) => setConnecting((current) => withProgress(current, data)),
        onDone: (connected) => {
          ended();
          watch.onDone(connected);
        },
        onError: (error) => {
          ended();
          watch.onError(error);
        },
      });
    },
    [api],
  );

  const cancel = useCallback(() => {
    stream.current?.cancel();
    stream.current = null;
    setConnecting(null);
  }, []);

  return { connecting, connect, cancel };
}

/**
 * Who made an IPC call, as the transports describe it. The Electron transport fills it from the invoke event,
 * the harness transport from its socket; the registry trusts neither until the sender policy says so.
 */
export interface Sender {
  /** Stable per window (webContents id, socket id): routes events and scopes cancels. */
  readonly id: string;
  /** URL of the frame that sent the call. */
  readonly url: string;
  readonly isMainFrame: boolean;
  /** Delivers an event to this sender; a destroyed sender drops it silently. */
  send(event: string, payload: unknown): void;
}

export type SenderPolicy = (sender: Sender) => boolean;

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

/** Trusts only the main frame of a page whose origin is on the allowlist (the app's own origin). */
export function allowOrigins(origins: readonly string[]): SenderPolicy {
  const allowed = new Set(origins);
  return (sender) => {
    if (!sender.isMainFrame) return false;
    let origin: string;
    try {
      const url = new URL(sender.url);
      // Custom schemes have an opaque origin ("null") in WHATWG URL; compare scheme://host instead.
      origin = url.origin !== 'null' ? url.origin : `${url.protocol}//${url.host}`;
    } catch {
      return false;
    }
    return allowed.has(origin);
  };
}

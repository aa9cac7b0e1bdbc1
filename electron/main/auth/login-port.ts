/**
 * What the session needs from the world to obtain a Cloudflare Access token. The Electron adapter opens real
 * windows on their own partition; the harness stands in with a configured token. Both hand back the raw
 * CF_Authorization JWT, which the session then verifies in full: a port is never trusted for identity.
 */
export interface LoginPort {
  /**
   * Shows the sign-in window on the protected application URL and resolves with the CF_Authorization token once
   * the identity provider has let the member in, or null when the member closed the window (or `signal` fired).
   */
  signIn(appUrl: string, signal: AbortSignal): Promise<string | null>;
  /**
   * Loads the application URL in a hidden window on the same partition: a live identity-provider session issues
   * a fresh token without a word to the member. Null when the provider wants the member again (or on timeout).
   */
  renewSilently(appUrl: string, signal: AbortSignal): Promise<string | null>;
  /** Forgets the sign-in: cookies and storage of the sign-in partition. */
  clear(): Promise<void>;
}

/** Tells the member something while the window may be hidden (a desktop notification). */
export type Notify = (notice: { title: string; body: string }) => void;

import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { AuthStatus } from '../../../shared/auth';
import type { AppError, Result } from '../../../shared/result';
import { useApi } from '../api';

/** What main is doing about the session at the member's request. */
export type AuthWork = 'signingIn' | 'signingOut';

export interface AuthState {
  /** null until main has said, the first time. */
  readonly status: AuthStatus | null;
  /** Why main could not say, if it could not. */
  readonly loadError: AppError | null;
  readonly work: AuthWork | null;
  /** Opens the company's sign-in window; resolves when it closes (still signed out if the member closed it). */
  signIn(): Promise<Result<AuthStatus>>;
  signOut(): Promise<Result<AuthStatus>>;
  /** Asks main again: after a failed first ask, or after the sign-in settings changed. */
  reload(): Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);

export function useAuth(): AuthState {
  const state = use(AuthContext);
  if (!state) throw new Error('useAuth() needs an <AuthProvider> above it.');
  return state;
}

/**
 * The page's one view of the staff session: asks main once at start and listens to 'auth:changed' (renewal,
 * expiry, sign-out elsewhere), so the shell and every pane agree on who is signed in.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const api = useApi();
  const [status, setStatus] = useState<AuthStatus | null>(null);
  const [loadError, setLoadError] = useState<AppError | null>(null);
  const [work, setWork] = useState<AuthWork | null>(null);
  // Bumped by every news of the session, so an answer to an older question cannot overwrite newer news.
  const news = useRef(0);

  const learn = useCallback((next: AuthStatus) => {
    news.current += 1;
    setStatus(next);
    setLoadError(null);
  }, []);

  const reload = useCallback(async () => {
    const asked = news.current;
    const result = await api.auth.status();
    if (news.current !== asked) return;
    if (result.ok) learn(result.value);
    else setLoadError(result.error);
  }, [api, learn]);

  useEffect(() => {
    const stop = api.on('auth:changed', learn);
    void reload();
    return stop;
  }, [api, learn, reload]);

  const run = useCallback(
    async (what: AuthWork, call: () => Promise<Result<AuthStatus>>) => {
      setWork(what);
      const result = await call();
      setWork(null);
      if (result.ok) learn(result.value);
      return result;
    },
    [learn],
  );
  const signIn = useCallback(() => run('signingIn', () => api.auth.login()), [api, run]);
  const signOut = useCallback(() => run('signingOut', () => api.auth.logout()), [api, run]);

  const state = useMemo(
    () => ({ status, loadError, work, signIn, signOut, reload }),
    [status, loadError, work, signIn, signOut, reload],
  );
  return <AuthContext value={state}>{children}</AuthContext>;
}

import { vi } from 'vitest';
import type { z } from 'zod';
import type { AuthStatus } from '../../../shared/auth';
import type { ApiTransport } from '../../../shared/ipc/api';
import { buildAppApi, type AppApi } from '../../../shared/ipc/app-api';
import { contract, type AppBroadcasts, type AppChannel, type AppContract } from '../../../shared/ipc/contract';
import type { InputOf, OutputOf } from '../../../shared/ipc/define';
import { err, ok, type Result } from '../../../shared/result';
import { SECRET_NAMES, type SecretName } from '../../../shared/secrets';
import { applySettingsPatch, DEFAULT_SETTINGS, type Settings } from '../../../shared/settings';

type Handler<K extends AppChannel> = (
  input: InputOf<AppContract[K]>,
) => Result<OutputOf<AppContract[K]>> | Promise<Result<OutputOf<AppContract[K]>>>;
export type FakeHandlers = { [K in AppChannel]?: Handler<K> };

type Broadcast = keyof AppBroadcasts;
type Session = Exclude<AuthStatus, { state: 'not_configured' }>;
/** Who the company's sign-in window lets in. */
export interface FakeMember {
  email: string;
  name?: string;
}

export interface FakeMain {
  /** Typed exactly like window.api, because it is built from the same contract. */
  readonly api: AppApi;
  /** Every call the page made, as (channel, input). */
  readonly invoke: ReturnType<typeof vi.fn<ApiTransport['invoke']>>;
  /** Sends an event as main does on its own (sign-in renewed or expired, ...). */
  emit<N extends Broadcast>(event: N, payload: z.output<AppBroadcasts[N]>): void;
  /** Changes the session as main would (silent renewal, expiry) and tells the page with 'auth:changed'. */
  changeAuth(status: AuthStatus): void;
  /** How many listeners the page has on `event` right now. */
  listeners(event: Broadcast): number;
}

export interface FakeMainOptions {
  settings?: Partial<Settings>;
  configured?: SecretName[];
  /** The session at start; signed in as FAKE_MEMBER by default, with sign-in set up in FAKE_ACCESS. */
  auth?: AuthStatus;
  /** Whom the sign-in window lets in; null: the member closes the window instead. FAKE_MEMBER by default. */
  signInAs?: FakeMember | null;
  handlers?: FakeHandlers;
}

export const FAKE_APP_INFO = { version: '0.1.0', dataPath: '/home/ana/.config/Staff Desk', platform: 'linux' };
/** What a successful 'secrets:check' reports as its round trip. */
const FAKE_CHECK_LATENCY_MS = 120;

export const FAKE_MEMBER: FakeMember = { email: 'ana.perez@example.com', name: 'Ana Pérez' };
/** Cloudflare Access settings in the normal form main stores. */
export const FAKE_ACCESS: Settings['access'] = {
  teamUrl: 'https://staffdesk.cloudflareaccess.com',
  appUrl: 'https://desk.example.com/',
  aud: '4714c1358e65fe4b408ad6d432a5f878f08194bdb4752441fd56faefa9b2b6f2',
};
const NO_ACCESS: Settings['access'] = { teamUrl: null, appUrl: null, aud: null };
const FAKE_SESSION_MS = 8 * 60 * 60 * 1000;

function signedIn(member: FakeMember): Session {
  return { state: 'signed_in', ...member, expiresAt: Date.now() + FAKE_SESSION_MS };
}

/**
 * A stand-in for main that behaves like it (settings, secrets and the session are remembered between calls, and
 * sign-in is "not configured" while any Access setting is missing) and refuses, as the registry would, any input
 * the contract rejects. `handlers` replace single channels, e.g. to return errors.
 */
export function createFakeMain(options: FakeMainOptions = {}): FakeMain {
  const initial = options.auth ?? signedIn(FAKE_MEMBER);
  let settings: Settings = {
    ...DEFAULT_SETTINGS,
    access: initial.state === 'not_configured' ? NO_ACCESS : FAKE_ACCESS,
    ...options.settings,
  };
  let session: Session = initial.state === 'not_configured' ? { state: 'signed_out' } : initial;
  const signInAs = options.signInAs === undefined ? FAKE_MEMBER : options.signInAs;
  const configured = new Set<SecretName>(options.configured);
  const status = () => ok({ configured: Object.fromEntries(SECRET_NAMES.map((name) => [name, configured.has(name)])) as Record<SecretName, boolean> });

  const subscribers = new Map<string, Set<(payload: unknown) => void>>();
  const emit: FakeMain['emit'] = (event, payload) => {
    for (const listener of [...(subscribers.get(event) ?? [])]) listener(payload);
  };
  const accessSetUp = () => Object.values(settings.access).every((value) => value !== null);
  const authStatus = (): AuthStatus => (accessSetUp() ? session : { state: 'not_configured' });
  function moveTo(next: Session): Result<AuthStatus> {
    session = next;
    emit('auth:changed', authStatus());
    return ok(authStatus());
  }

  const defaults: { [K in AppChannel]: Handler<K> } = {
    'app:info': () => ok(FAKE_APP_INFO),
    'app:openExternal': () => ok({ opened: true as const }),
    'settings:get': () => ok(settings),
    'settings:update': (patch) => {
      settings = applySettingsPatch(settings, patch);
      return ok(settings);
    },
    'secrets:set': ({ name }) => {
      configured.add(name);
      return status();
    },
    'secrets:delete': ({ name }) => {
      configured.delete(name);
      return status();
    },
    'secrets:status': status,
    'secrets:check': () =>
      configured.has('gemini.apiKey')
        ? ok({ model: settings.models.assistant, latencyMs: FAKE_CHECK_LATENCY_MS })
        : err('NOT_CONFIGURED', 'No Gemini API key is saved. Add your key in Settings.', { reason: 'missing_key' }),
    'auth:status': () => ok(authStatus()),
    'auth:login': () => {
      if (!accessSetUp()) {
        return err('NOT_CONFIGURED', 'Staff sign-in is not set up. Add the Cloudflare Access settings.', { reason: 'access_not_configured' });
      }
      return signInAs ? moveTo(signedIn(signInAs)) : ok(authStatus());
    },
    'auth:logout': () => moveTo({ state: 'signed_out' }),
  };

  const invoke = vi.fn<ApiTransport['invoke']>(async (channel, input) => {
    if (!(channel in contract)) throw new Error(`The page called an unknown channel: ${channel}`);
    const name = channel as AppChannel;
    const parsed = contract[name].input.safeParse(input);
    if (!parsed.success) throw new Error(`The page sent ${channel} an input the contract refuses: ${parsed.error.message}`);
    const handler = (options.handlers?.[name] ?? defaults[name]) as (input: unknown) => unknown;
    return handler(parsed.data);
  });

  const transport: ApiTransport = {
    invoke,
    subscribe(event, listener) {
      const listeners = subscribers.get(event) ?? new Set();
      subscribers.set(event, listeners);
      const own = (payload: unknown) => listener(payload);
      listeners.add(own);
      return () => listeners.delete(own);
    },
  };
  return {
    api: buildAppApi(transport),
    invoke,
    emit,
    changeAuth(next) {
      if (next.state === 'not_configured') settings = { ...settings, access: NO_ACCESS };
      else session = next;
      emit('auth:changed', authStatus());
    },
    listeners: (event) => subscribers.get(event)?.size ?? 0,
  };
}

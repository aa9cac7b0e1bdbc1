import { vi } from 'vitest';
import { buildApi, type ApiTransport } from '../../../shared/ipc/api';
import type { AppApi } from '../../../shared/ipc/app-api';
import { contract, type AppChannel, type AppContract } from '../../../shared/ipc/contract';
import type { InputOf, OutputOf } from '../../../shared/ipc/define';
import { err, ok, type Result } from '../../../shared/result';
import { SECRET_NAMES, type SecretName } from '../../../shared/secrets';
import { DEFAULT_SETTINGS, type Settings } from '../../../shared/settings';

type Handler<K extends AppChannel> = (
  input: InputOf<AppContract[K]>,
) => Result<OutputOf<AppContract[K]>> | Promise<Result<OutputOf<AppContract[K]>>>;
export type FakeHandlers = { [K in AppChannel]?: Handler<K> };

export interface FakeMain {
  /** Typed exactly like window.api, because it is built from the same contract. */
  readonly api: AppApi;
  /** Every call the page made, as (channel, input). */
  readonly invoke: ReturnType<typeof vi.fn<ApiTransport['invoke']>>;
}

export const FAKE_APP_INFO = { version: '0.1.0', dataPath: '/home/ana/.config/Staff Desk', platform: 'linux' };
/** What a successful 'secrets:check' reports as its round trip. */
const FAKE_CHECK_LATENCY_MS = 120;

/**
 * A stand-in for main that behaves like it (settings and secrets are remembered between calls) and refuses, as
 * the registry would, any input the contract rejects. `handlers` replace single channels, e.g. to return errors.
 */
export function createFakeMain(options: { settings?: Partial<Settings>; configured?: SecretName[]; handlers?: FakeHandlers } = {}): FakeMain {
  let settings: Settings = { ...DEFAULT_SETTINGS, ...options.settings };
  const configured = new Set<SecretName>(options.configured);
  const status = () => ok({ configured: Object.fromEntries(SECRET_NAMES.map((name) => [name, configured.has(name)])) as Record<SecretName, boolean> });

  const defaults: { [K in AppChannel]: Handler<K> } = {
    'app:info': () => ok(FAKE_APP_INFO),
    'app:openExternal': () => ok({ opened: true as const }),
    'settings:get': () => ok(settings),
    'settings:update': (patch) => {
      settings = { ...settings, ...patch, models: { ...settings.models, ...patch.models } };
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
  };

  const invoke = vi.fn<ApiTransport['invoke']>(async (channel, input) => {
    if (!(channel in contract)) throw new Error(`The page called an unknown channel: ${channel}`);
    const name = channel as AppChannel;
    const parsed = contract[name].input.safeParse(input);
    if (!parsed.success) throw new Error(`The page sent ${channel} an input the contract refuses: ${parsed.error.message}`);
    const handler = (options.handlers?.[name] ?? defaults[name]) as (input: unknown) => unknown;
    return handler(parsed.data);
  });

  const transport: ApiTransport = { invoke, subscribe: () => () => {} };
  return { api: buildApi(contract, transport), invoke };
}

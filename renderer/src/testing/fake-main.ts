import { vi } from 'vitest';
import type { z } from 'zod';
import type { AssistantPrompts, AssistantPromptsState } from '../../../shared/assistant';
import type { AuthStatus } from '../../../shared/auth';
import type { LoginItemState } from '../../../shared/desktop';
import type { Digest, DigestFailure, DigestState } from '../../../shared/digest';
import type { ApiTransport } from '../../../shared/ipc/api';
import { buildAppApi, type AppApi } from '../../../shared/ipc/app-api';
import { contract, type AppBroadcasts, type AppChannel, type AppContract } from '../../../shared/ipc/contract';
import type { CancelDef, ChannelDef, DoneOf, OutputOf, ParsedInputOf, UnaryDef } from '../../../shared/ipc/define';
import { VOICE } from '../../../shared/limits';
import { applyPolicy, lockedFields, lockedInPatch, POLICY_VERSION, SET_BY_POLICY, SET_BY_POLICY_MESSAGE, type ManagedPolicy, type PolicyState } from '../../../shared/managed-policy';
import { floorFor, type CorpusGaps, type KnowledgeStatus } from '../../../shared/oracle';
import { err, ok, type AppError, type Result } from '../../../shared/result';
import { SECRET_NAMES, type KeyCheck, type SecretName } from '../../../shared/secrets';
import { applySettingsPatch, DEFAULT_SETTINGS, type Settings, type SettingsPatch } from '../../../shared/settings';
import { SHORTCUT_NAMES, type ShortcutStates } from '../../../shared/shortcuts';
import { floatPcmAsWav } from '../../../shared/wav';
import type { ZohoStatus } from '../../../shared/zoho-connection';
import { base64Of } from '../audio/base64';
import type { ProgressOf, StreamChannel } from '../ui/follow-stream';
import { createFakeProfiles } from './fake-profiles';

type UnaryChannel = { [K in AppChannel]: AppContract[K] extends UnaryDef ? K : never }[AppChannel];

/** What a handler learns of its call besides the input: the signal its channel's cancel aborts. */
export interface FakeCall {
  readonly signal: AbortSignal;
}
type Handler<K extends UnaryChannel> = (
  input: ParsedInputOf<AppContract[K]>,
  call: FakeCall,
) => Result<OutputOf<AppContract[K]>> | Promise<Result<OutputOf<AppContract[K]>>>;
export type FakeHandlers = { [K in UnaryChannel]?: Handler<K> };

type ProgressName<K extends StreamChannel> = ProgressOf<K>['name'] & string;
type ProgressDataOf<K extends StreamChannel, N> = Extract<ProgressOf<K>, { name: N }>['data'];

/** A stream call the page started, driven by the test as main would drive it. */
export interface FakeStream<K extends StreamChannel> {
  readonly requestId: string;
  readonly input: ParsedInputOf<AppContract[K]>;
  /** True once the page cancelled it: from then on it sends nothing, as in main. */
  readonly cancelled: boolean;
  progress<N extends ProgressName<K>>(event: N, data: ProgressDataOf<K, N>): void;
  finish(value: DoneOf<AppContract[K]>): void;
  fail(error: AppError): void;
}
/** Run as soon as the page starts a stream call, before its requestId reaches the page (main may be that quick). */
export type FakeStreamScripts = { [K in StreamChannel]?: (stream: FakeStream<K>) => void };

/**
 * A script that ends each call with what `reply` answers for its input, as a unary handler would (a promise holds the
 * end back): for a test of a stream channel that is about its end, not its progress.
 */
export function endWith<K extends StreamChannel>(
  reply: (input: ParsedInputOf<AppContract[K]>) => Result<DoneOf<AppContract[K]>> | Promise<Result<DoneOf<AppContract[K]>>>,
): (stream: FakeStream<K>) => void {
  return (stream) =>
    void Promise.resolve(reply(stream.input)).then((result) => (result.ok ? stream.finish(result.value) : stream.fail(result.error)));
}

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
  /** Sends an event as main does on its own (sign-in renewed or expired, a scheduled pass stored, ...). */
  emit<N extends Broadcast>(event: N, payload: z.output<AppBroadcasts[N]>): void;
  /** Changes the session as main would (silent renewal, expiry) and tells the page with 'auth:changed'. */
  changeAuth(status: AuthStatus): void;
  /** A team profile given to the running app (`--profile FILE` from a second start): main offers its preview. */
  offerProfile(text: string): void;
  /** How many listeners the page has on `event` right now. */
  listeners(event: string): number;
  /** The stream calls of `channel` the page started, oldest first. */
  streams<K extends StreamChannel>(channel: K): FakeStream<K>[];
}

export interface FakeMainOptions {
  settings?: Partial<Settings>;
  configured?: SecretName[];
  /** The session at start; signed in as FAKE_MEMBER by default, with sign-in set up in FAKE_ACCESS. */
  auth?: AuthStatus;
  /** Whom the sign-in window lets in; null: the member closes the window instead. FAKE_MEMBER by default. */
  signInAs?: FakeMember | null;
  /** The Zoho mailbox connected at start (its OAuth client is then configured too); none by default. */
  zohoMailbox?: string;
  /** Zoho refused the mailbox's grant: 'zoho:status' says reconnect_needed (with zohoMailbox as the mailbox). */
  zohoRevoked?: boolean;
  /**
   * The mailbox's grant includes the compose scope, so 'meetings:mailDraft' may save a draft; a 'zoho:connect' with
   * `compose` adds it. Without it (the default) a mail draft is refused as main refuses it.
   */
  zohoCanDraft?: boolean;
  /** The member's latest mailbox pass; none by default. */
  digest?: Digest;
  /** How the member's last pass failed; none by default. */
  digestFailure?: DigestFailure;
  /**
   * The knowledge base as 'oracle:status' reports it. By default an empty, never indexed base in hybrid mode, whose
   * folder (the built-in guide, FAKE_GUIDE_FOLDER, or the chosen one), embedding model and floor follow the settings.
   */
  knowledge?: Partial<KnowledgeStatus>;
  /** The member's corpus gaps; none by default. */
  gaps?: CorpusGaps;
  /** The folder the system's picker returns to 'oracle:chooseFolder'; null (the default): the member cancels it. */
  pickFolder?: string | null;
  /** The Assistant's prompts at start; the shipped defaults (FAKE_PROMPT_DEFAULTS) unless given. */
  prompts?: AssistantPrompts;
  /** The prompts in the file the member picks for 'assistant:importPrompts'; null (the default): they cancel. */
  importPrompts?: AssistantPrompts | null;
  /** The Gemini key's last check as main kept it; none by default (a fresh key check replaces it, as in main). */
  geminiCheck?: KeyCheck;
  /** Model ids 'settings:checkModels' says Gemini does not offer to the key; none by default. */
  unavailableModels?: string[];
  /** What 'voice:stt' and 'translate:segment' hear in any recording: FAKE_TRANSCRIPT by default; '' is a recording with no speech. */
  transcript?: string;
  /** Global shortcuts another app holds: registering one of them fails ('taken'), any other registers. */
  takenShortcuts?: string[];
  /** Start at login as the system has it; unsupported by default, as in the browser harness. */
  loginItem?: LoginItemState;
  /** The text of the team profile the member picks for 'profile:choose'; null (the default): they cancel. */
  profileFile?: string | null;
  /** The text of a team profile given with `--profile FILE`, offered by 'profile:pending' until applied or dismissed. */
  pendingProfile?: string;
  /**
   * The machine's policy (issue 28): what it sets and switches off, as main reads it; none by default. Its values
   * are in the settings the page reads, and 'settings:update' refuses a change to a field it holds, as main does.
   * `source` names where it was read; `problem` makes it a policy that was found but could not be read (none applies).
   */
  policy?: Omit<ManagedPolicy, 'version'> & { source?: string; problem?: string };
  handlers?: FakeHandlers;
  streams?: FakeStreamScripts;
}

export const FAKE_APP_INFO = {
  version: '0.1.0',
  dataPath: '/home/ana/.config/Staff Desk',
  platform: 'linux',
  updates: 'linux',
} satisfies OutputOf<AppContract['app:info']>;
/** What a successful 'secrets:check' reports as its round trip. */
const FAKE_CHECK_LATENCY_MS = 120;
/** A key check that got no answer from Google (unverified), and one that tried nothing (kept by no one). */
const UNREACHED_REASONS = new Set(['network', 'timeout', 'overloaded', 'unexpected']);
const UNTRIED_REASONS = new Set(['missing_key', 'keychain_unavailable', 'cancelled']);
/** What 'voice:stt' hears unless a test says otherwise. */
const FAKE_TRANSCRIPT = 'What needs me today?';
/** 'voice:tts' speaks every text as the same tenth of a second of silence. */
export const FAKE_SPEECH_WAV = base64Of(floatPcmAsWav(new Float32Array(VOICE.ttsSampleRateHz / 10), VOICE.ttsSampleRateHz));
const FAKE_SPEECH = { mimeType: 'audio/wav' as const, data: FAKE_SPEECH_WAV };
/** What 'translate:text' and 'translate:segment' make of a text: the target's code before it, "[es] Hello". */
function fakeTranslation(text: string, to: string): string {
  return `[${to}] ${text}`;
}
const MISSING_KEY = err('NOT_CONFIGURED', 'No Gemini API key is saved. Add your key in Settings.', { reason: 'missing_key' });

/** The Assistant's shipped prompts, as main would report them (main's own are in electron/main/assistant). */
export const FAKE_PROMPT_DEFAULTS: AssistantPrompts = {
  scope: 'You are the staff assistant of the team.',
  instructions: 'Answer briefly, in Markdown, and cite your sources.',
};

/** Where the app's own user guide sits, the knowledge base of a fresh install. */
export const FAKE_GUIDE_FOLDER = '/opt/Staff Desk/resources/knowledge-base';

export const FAKE_MEMBER: FakeMember = { email: 'ana.perez@example.com', name: 'Ana Pérez' };
/** Cloudflare Access settings in the normal form main stores. */
export const FAKE_ACCESS: Settings['access'] = {
  teamUrl: 'https://staffdesk.cloudflareaccess.com',
  appUrl: 'https://desk.example.com/',
  aud: '4714c1358e65fe4b408ad6d432a5f878f08194bdb4752441fd56faefa9b2b6f2',
};
const NO_ACCESS: Settings['access'] = { teamUrl: null, appUrl: null, aud: null };
const FAKE_SESSION_MS = 8 * 60 * 60 * 1000;
const ZOHO_CLIENT: readonly SecretName[] = ['zoho.clientId', 'zoho.clientSecret'];

function signedIn(member: FakeMember): Session {
  return { state: 'signed_in', ...member, expiresAt: Date.now() + FAKE_SESSION_MS };
}

/** What main answers a unary call that was cancelled while it ran. */
const CANCELLED = err('UPSTREAM', 'The request was cancelled.', { reason: 'cancelled' });

/**
 * A stand-in for main that behaves like it (settings, secrets, the session and the Zoho mailbox are remembered
 * between calls, sign-in is "not configured" while any Access setting is missing, protected channels refuse a
 * member who is not signed in, and a cancelled call sends nothing more) and refuses, as the registry would, any
 * input the contract rejects. `handlers` replace single unary channels, e.g. to return errors; stream calls are
 * driven by the test through `streams(channel)` or by a script in `options.streams`.
 */
export function createFakeMain(options: FakeMainOptions = {}): FakeMain {
  const initial = options.auth ?? signedIn(FAKE_MEMBER);
  const policy: ManagedPolicy =
    options.policy === undefined || options.policy.problem !== undefined
      ? { version: POLICY_VERSION }
      : { version: POLICY_VERSION, ...options.policy };
  const policyState: PolicyState = {
    source: options.policy?.source ?? (options.policy ? '/etc/staff-desk/policy.json' : null),
    locked: lockedFields(policy),
    features: applyPolicy(DEFAULT_SETTINGS, policy).features,
    problem: options.policy?.problem ?? null,
  };
  let settings: Settings = applyPolicy(
    { ...DEFAULT_SETTINGS, access: initial.state === 'not_configured' ? NO_ACCESS : FAKE_ACCESS, ...options.settings },
    policy,
  );
  let session: Session = initial.state === 'not_configured' ? { state: 'signed_out' } : initial;
  const signInAs = options.signInAs === undefined ? FAKE_MEMBER : options.signInAs;
  let zohoMailbox: string | null = options.zohoMailbox ?? null;
  let zohoCanDraft = options.zohoCanDraft ?? false;
  let digest: Digest | null = options.digest ?? null;
  let digestFailure: DigestFailure | null = options.digestFailure ?? null;
  /** What Dismiss took off the latest pass, and where it stood, so that Undo puts it back there. */
  const dismissed = new Map<string, { item: Digest['items'][number]; at: number }>();
  const digestState = (): DigestState => ({ latest: digest, failure: digestFailure });
  let knowledge: Partial<KnowledgeStatus> = options.knowledge ?? {};
  const configured = new Set<SecretName>([
    ...(options.configured ?? []),
    ...(zohoMailbox === null ? [] : [...ZOHO_CLIENT, 'zoho.refreshToken' as const]),
  ]);
  let geminiCheck: KeyCheck | null = options.geminiCheck ?? null;
  let loginItem: LoginItemState = options.loginItem ?? { supported: false, openAtLogin: false };
  const status = () =>
    ok({ configured: Object.fromEntries(SECRET_NAMES.map((name) => [name, configured.has(name)])) as Record<SecretName, boolean>, geminiCheck });
  /** What main keeps of a key check, whoever answered it, for 'secrets:status' to report. */
  const keepKeyCheck = (result: Result<unknown>) => {
    const reason = result.ok ? '' : (result.error.reason ?? '');
    if (UNTRIED_REASONS.has(reason)) return;
    const checkedAt = Date.now();
    geminiCheck = result.ok
      ? { outcome: 'works', checkedAt }
      : { outcome: UNREACHED_REASONS.has(reason) ? 'unverified' : 'failed', checkedAt, error: result.error };
  };
  const zohoStatus = (): ZohoStatus => {
    const { dataCentre } = settings.zoho;
    if (!ZOHO_CLIENT.every((name) => configured.has(name))) return { state: 'not_configured', dataCentre, canDraft: false };
    if (zohoMailbox === null) return { state: 'disconnected', dataCentre, canDraft: false };
    if (options.zohoRevoked) return { state: 'reconnect_needed', dataCentre, canDraft: false };
    return { state: 'connected', email: zohoMailbox, dataCentre, canDraft: zohoCanDraft };
  };

  const knowledgeStatus = (): KnowledgeStatus => fakeKnowledgeStatus(settings, knowledge);
  const shortcutStates = (): ShortcutStates =>
    Object.fromEntries(
      SHORTCUT_NAMES.map((name) => {
        const accelerator = settings.shortcuts[name];
        if (accelerator === null) return [name, { accelerator, state: 'off' }];
        return [name, { accelerator, state: options.takenShortcuts?.includes(accelerator) ? 'taken' : 'registered' }];
      }),
    ) as ShortcutStates;
  let prompts: AssistantPrompts = options.prompts ?? FAKE_PROMPT_DEFAULTS;
  let promptsUpdatedAt: string | null = options.prompts ? new Date().toISOString() : null;
  const promptsState = (): AssistantPromptsState => ({
    prompts,
    defaults: FAKE_PROMPT_DEFAULTS,
    customised: {
      scope: prompts.scope !== FAKE_PROMPT_DEFAULTS.scope,
      instructions: prompts.instructions !== FAKE_PROMPT_DEFAULTS.instructions,
    },
    updatedAt: promptsUpdatedAt,
  });
  const storePrompts = (next: AssistantPrompts) => {
    prompts = next;
    promptsUpdatedAt = next.scope === FAKE_PROMPT_DEFAULTS.scope && next.instructions === FAKE_PROMPT_DEFAULTS.instructions ? null : new Date().toISOString();
    return promptsState();
  };

  const profiles = createFakeProfiles({
    settings: () => settings,
    storeSettings: (patch) => storeSettings(patch),
    configured,
    prompts: () => prompts,
    promptDefaults: FAKE_PROMPT_DEFAULTS,
    storePrompts,
    signedIn: () => authStatus().state === 'signed_in',
    locked: policyState.locked,
  });
  let pendingProfile = options.pendingProfile ?? null;

  const subscribers = new Map<string, Set<(payload: unknown) => void>>();
  function send(event: string, payload: unknown) {
    for (const listener of [...(subscribers.get(event) ?? [])]) listener(payload);
  }
  /** As in main, every settings write is announced with 'settings:changed', so that a page's copy follows it. */
  const storeSettings = (patch: SettingsPatch) => {
    settings = applyPolicy(applySettingsPatch(settings, patch), policy);
    send('settings:changed', settings);
  };
  const accessSetUp = () => Object.values(settings.access).every((value) => value !== null);
  const authStatus = (): AuthStatus => (accessSetUp() ? session : { state: 'not_configured' });
  function moveTo(next: Session): Result<AuthStatus> {
    session = next;
    send('auth:changed', authStatus());
    return ok(authStatus());
  }

  const defaults: { [K in UnaryChannel]: Handler<K> } = {
    'app:info': () => ok(FAKE_APP_INFO),
    'app:openExternal': () => ok({ opened: true as const }),
    'app:copyText': () => ok({ copied: true as const }),
    'app:painted': () => ok({}),
    'desktop:hideQuickAsk': () => ok({}),
    'desktop:loginItem': () => ok(loginItem),
    // As main: an answer in Settings answers the first run's question too.
    'desktop:setLoginItem': ({ openAtLogin }) => {
      if (!loginItem.supported) return ok(loginItem);
      loginItem = { supported: true, openAtLogin };
      storeSettings({ desktop: { startAtLoginAsked: true } });
      return ok(loginItem);
    },
    'desktop:showWindow': () => ok({}),
    'policy:state': () => ok(policyState),
    'profile:preview': ({ text }) => profiles.preview(text),
    'profile:choose': () => {
      const file = options.profileFile ?? null;
      if (file === null) return ok({ preview: null });
      const read = profiles.preview(file);
      return read.ok ? ok({ preview: read.value }) : read;
    },
    // As main: the file given at start is read again each time, until it is applied or dismissed; a refused one is
    // said once.
    'profile:pending': () => {
      if (pendingProfile === null) return ok({ preview: null });
      const read = profiles.preview(pendingProfile);
      if (!read.ok) pendingProfile = null;
      return read.ok ? ok({ preview: read.value }) : read;
    },
    'profile:apply': ({ id }) => {
      const result = profiles.apply(id);
      if (result.ok) pendingProfile = null;
      return result;
    },
    'profile:dismiss': ({ id }) => {
      profiles.dismiss(id);
      pendingProfile = null;
      return ok({});
    },
    // The admin saves it where the dialog suggests; what goes in it is the test's to read from the call.
    'profile:export': () => ok({ saved: true }),
    // Diagnostics are main's: a test that needs them gives its own handlers.
    'diagnostics:copy': () => ok({ copied: true as const, lines: 0 }),
    'diagnostics:save': () => ok({ saved: false }),
    'settings:get': () => ok(settings),
    'settings:update': (patch) => {
      // As main: a change to a field the policy holds is refused whole, naming the field.
      const [held] = lockedInPatch(patch, policyState.locked);
      if (held !== undefined) return err('INVALID_INPUT', SET_BY_POLICY_MESSAGE, { reason: SET_BY_POLICY, field: held });
      storeSettings(patch);
      // The folder moved: main re-reads the base and says so.
      if (patch.knowledgeBase?.path !== undefined) send('oracle:changed', knowledgeStatus());
      // New shortcuts: main registers them again and says which now work.
      if (patch.shortcuts !== undefined) send('desktop:shortcutsChanged', shortcutStates());
      return ok(settings);
    },
    'secrets:set': ({ name }) => {
      configured.add(name);
      // Main tries a Gemini key before storing it; the fake's every key works.
      if (name === 'gemini.apiKey') geminiCheck = { outcome: 'works', checkedAt: Date.now() };
      return status();
    },
    'secrets:delete': ({ name }) => {
      configured.delete(name);
      if (name === 'gemini.apiKey') geminiCheck = null;
      return status();
    },
    'secrets:status': status,
    'secrets:check': () =>
      configured.has('gemini.apiKey') ? ok({ model: settings.models.assistant, latencyMs: FAKE_CHECK_LATENCY_MS }) : MISSING_KEY,
    'settings:checkModels': ({ ids }) =>
      ok({
        unavailable: ids.filter((id) => options.unavailableModels?.includes(id)),
        unverified: configured.has('gemini.apiKey') ? null : MISSING_KEY.error,
      }),
    'auth:status': () => ok(authStatus()),
    'auth:login': () => {
      if (!accessSetUp()) {
        return err('NOT_CONFIGURED', 'Staff sign-in is not set up. Add the Cloudflare Access settings.', { reason: 'access_not_configured' });
      }
      return signInAs ? moveTo(signedIn(signInAs)) : ok(authStatus());
    },
    'auth:logout': () => moveTo({ state: 'signed_out' }),
    'zoho:status': () => ok(zohoStatus()),
    'zoho:disconnect': () => {
      zohoMailbox = null;
      configured.delete('zoho.refreshToken');
      return ok(zohoStatus());
    },
    'digest:state': () => ok(digestState()),
    'digest:dismiss': ({ messageId }) => {
      const at = digest?.items.findIndex((item) => item.messageId === messageId) ?? -1;
      if (digest && at >= 0) {
        dismissed.set(messageId, { item: digest.items[at]!, at });
        digest = { ...digest, items: digest.items.filter((item) => item.messageId !== messageId) };
        send('digest:updated', digestState());
      }
      return ok(digestState());
    },
    'digest:undismiss': ({ messageId }) => {
      const put = dismissed.get(messageId);
      if (digest && put) {
        dismissed.delete(messageId);
        digest = { ...digest, items: digest.items.toSpliced(put.at, 0, put.item) };
        send('digest:updated', digestState());
      }
      return ok(digestState());
    },
    'oracle:ask': ({ question }) =>
      ok({
        answer: `The notes say: ${question}`,
        sources: [],
        model: settings.models.oracle,
        chunks_used: 0,
        duration_ms: 0,
        mode: 'hybrid',
        kind: 'answer',
      }),
    'oracle:status': () => ok(knowledgeStatus()),
    'oracle:chooseFolder': () => {
      const picked = options.pickFolder ?? null;
      if (picked === null) return ok({ chosen: false, settings });
      storeSettings({ knowledgeBase: { path: picked } });
      send('oracle:changed', knowledgeStatus());
      return ok({ chosen: true, settings });
    },
    'oracle:openNote': () => ok({ openedWith: 'system' as const }),
    'oracle:gaps': () => ok(options.gaps ?? { floor: knowledgeStatus().floor, questions: [], days: [] }),
    'assistant:prompts': () => ok(promptsState()),
    'assistant:savePrompts': (next) => ok(storePrompts(next)),
    'assistant:resetPrompts': ({ layer }) =>
      ok(storePrompts(layer ? { ...prompts, [layer]: FAKE_PROMPT_DEFAULTS[layer] } : FAKE_PROMPT_DEFAULTS)),
    'assistant:exportPrompts': () => ok({ saved: true }),
    'voice:stt': () => ok({ text: options.transcript ?? FAKE_TRANSCRIPT }),
    'voice:tts': () => ok(FAKE_SPEECH),
    'desktop:shortcuts': () => ok(shortcutStates()),
    'voice:microphone': () => ok({}),
    'translate:text': ({ text, to, speak }) => ok({ translation: fakeTranslation(text, to), ...(speak ? { audio: FAKE_SPEECH } : {}) }),
    // As main: no speech heard is silence, answered with empty fields and no translation.
    'translate:segment': ({ to, speak }) => {
      const transcript = options.transcript ?? FAKE_TRANSCRIPT;
      if (transcript === '') return ok({ transcript, translation: '' });
      return ok({ transcript, translation: fakeTranslation(transcript, to), ...(speak ? { audio: FAKE_SPEECH } : {}) });
    },
    // The member saves it where the dialog suggests; what is in it is the test's to read from the call.
    'translate:saveTranscript': () => ok({ saved: true }),
    'translate:captions': () => ok({}),
    'meetings:draft': ({ lines }) => ok({ title: 'Meeting notes', text: lines.map((line) => line.original).join('\n') }),
    'meetings:save': () => ok({ path: 'Meetings/meeting-notes.md' }),
    'meetings:mailDraft': () => {
      const state = zohoStatus().state;
      if (state !== 'connected') return err('NOT_CONFIGURED', 'Your Zoho mailbox is not connected.', { reason: 'zoho_not_connected' });
      if (!zohoCanDraft) return err('NOT_CONFIGURED', 'Allow Staff Desk to save drafts in Zoho first.', { reason: 'zoho_compose_scope' });
      return ok({ created: true as const });
    },
    'assistant:liveFrame': () => ok({}),
    'translate:liveFrame': () => ok({}),
    'translate:livePause': () => ok({}),
    'translate:liveEnd': () => ok({}),
    'assistant:liveRelease': () => ok({}),
    'assistant:importPrompts': () => {
      const file = options.importPrompts ?? null;
      return ok(file === null ? { imported: false, state: promptsState() } : { imported: true, state: storePrompts(file) });
    },
  };

  /** How a stream call goes when the test has no script for it: most wait for the test to drive them. */
  const defaultStreams: FakeStreamScripts = {
    'secretary:ask': endWith<'secretary:ask'>(({ question }) =>
      ok({ answer: `You asked: ${question}`, tool_rounds: 0, duration_ms: 0, model: settings.models.secretary, sources: [] }),
    ),
  };

  /** What main keeps when a stream ends well, so that the next status or latest call knows it. */
  const onFinish: { [K in StreamChannel]: (value: DoneOf<AppContract[K]>, input: ParsedInputOf<AppContract[K]>) => void } = {
    'zoho:connect': ({ email }, { compose }) => {
      zohoMailbox = email;
      configured.add('zoho.refreshToken');
      if (compose) zohoCanDraft = true;
    },
    'digest:run': (value) => {
      digest = value;
      digestFailure = null;
      send('digest:updated', digestState());
    },
    'oracle:reindex': (value) => {
      knowledge = value;
      send('oracle:changed', value);
    },
    // A conversation lives in the page alone: main keeps nothing of an answer.
    'assistant:chat': () => {},
    'assistant:live': () => {},
    'translate:live': () => {},
    'secretary:ask': () => {},
  };

  /**
   * What main learns from a unary answer, whoever wrote it: a test's own 'auth:login' that says "signed in" means
   * main now has that session, so the protected channels that follow accept the member.
   */
  const adoptSession = (next: AuthStatus) => {
    if (next.state !== 'not_configured') session = next;
  };
  const remember: { [K in UnaryChannel]?: (value: OutputOf<AppContract[K]>) => void } = {
    'auth:status': adoptSession,
    'auth:login': adoptSession,
    'auth:logout': adoptSession,
  };

  // Calls that can still be cancelled, by requestId: every stream, and unary calls that named one.
  const running = new Map<string, { channel: string; controller: AbortController }>();
  const started = new Map<string, FakeStream<StreamChannel>[]>();

  function track(channel: string, requestId: string) {
    const controller = new AbortController();
    running.set(requestId, { channel, controller });
    return { signal: controller.signal, release: () => running.delete(requestId) };
  }

  function cancel(def: CancelDef, requestId: string): Result<{ cancelled: boolean }> {
    const call = running.get(requestId);
    if (!call || call.channel !== def.of) return ok({ cancelled: false });
    call.controller.abort();
    running.delete(requestId);
    return ok({ cancelled: true });
  }

  async function runUnary(channel: UnaryChannel, input: unknown) {
    const named = (input as { requestId?: unknown }).requestId;
    const { signal, release } = track(channel, typeof named === 'string' ? named : crypto.randomUUID());
    const handler = (options.handlers?.[channel] ?? defaults[channel]) as (input: unknown, call: FakeCall) => unknown;
    const aborted = new Promise((resolve) => signal.addEventListener('abort', () => resolve(CANCELLED), { once: true }));
    try {
      const result = (await Promise.race([handler(input, { signal }), aborted])) as Result<unknown>;
      if (result.ok) (remember[channel] as ((value: unknown) => void) | undefined)?.(result.value);
      if (channel === 'secrets:check') keepKeyCheck(result);
      return result;
    } finally {
      release();
    }
  }

  function startStream<K extends StreamChannel>(channel: K, input: ParsedInputOf<AppContract[K]>) {
    const requestId = crypto.randomUUID();
    const { terminal } = contract[channel];
    const { signal, release } = track(channel, requestId);
    let ended = false;
    const deliver = (event: string, payload: unknown) => {
      if (!signal.aborted && !ended) send(event, payload);
    };
    const stream: FakeStream<K> = {
      requestId,
      input,
      get cancelled() {
        return signal.aborted;
      },
      progress: (event, data) => deliver(event, { requestId, data }),
      finish(value) {
        if (signal.aborted || ended) return;
        (onFinish[channel] as (value: DoneOf<AppContract[K]>, input: ParsedInputOf<AppContract[K]>) => void)(value, input);
        deliver(terminal.done, { requestId, value });
        ended = true;
        release();
      },
      fail(error) {
        deliver(terminal.error, { requestId, error });
        ended = true;
        release();
      },
    };
    started.set(channel, [...(started.get(channel) ?? []), stream as unknown as FakeStream<StreamChannel>]);
    (options.streams?.[channel] ?? defaultStreams[channel])?.(stream);
    return ok({ requestId });
  }

  const invoke = vi.fn<ApiTransport['invoke']>(async (channel, input) => {
    if (!(channel in contract)) throw new Error(`The page called an unknown channel: ${channel}`);
    const name = channel as AppChannel;
    const def: ChannelDef = contract[name];
    const parsed = def.input.safeParse(input);
    if (!parsed.success) throw new Error(`The page sent ${channel} an input the contract refuses: ${parsed.error.message}`);
    if (def.protected && authStatus().state !== 'signed_in') return err('UNAUTHENTICATED', 'Sign in with your staff account first.');
    switch (def.kind) {
      case 'cancel':
        return cancel(def, (parsed.data as { requestId: string }).requestId);
      case 'stream':
        return startStream(name as StreamChannel, parsed.data as never);
      case 'unary':
        return runUnary(name as UnaryChannel, parsed.data);
    }
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
    emit: send,
    changeAuth(next) {
      if (next.state === 'not_configured') settings = { ...settings, access: NO_ACCESS };
      else session = next;
      send('auth:changed', authStatus());
    },
    offerProfile(text) {
      const read = profiles.preview(text);
      if (!read.ok) throw new Error(`Main offers only a profile it could read: ${read.error.message}`);
      send('profile:offered', read.value);
    },
    listeners: (event) => subscribers.get(event)?.size ?? 0,
    streams: <K extends StreamChannel>(channel: K) => [...(started.get(channel) ?? [])] as unknown as FakeStream<K>[],
  };
}

/** The knowledge base's status as main reports it for `settings`: idle and empty unless `extra` says otherwise. */
export function fakeKnowledgeStatus(settings: Settings, extra: Partial<KnowledgeStatus> = {}): KnowledgeStatus {
  const { path, floors } = settings.knowledgeBase;
  const model = settings.models.embedding;
  return {
    folder: { path: path ?? FAKE_GUIDE_FOLDER, isDefault: path === null },
    state: 'idle',
    progress: null,
    notes: 0,
    chunks: 0,
    embedded: 0,
    indexedAt: null,
    mode: 'hybrid',
    embeddingModel: model,
    floor: floorFor(floors, model),
    issue: null,
    linksOutside: { count: 0, paths: [] },
    ...extra,
  };
}

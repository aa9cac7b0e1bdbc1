import { onTestFinished } from 'vitest';
import { contract } from '../../../shared/ipc/contract';
import { ok, type AppError, type Result } from '../../../shared/result';
import type { HistoryEntry, SecretaryAnswer } from '../../../shared/secretary';
import { startCfAccessDouble, type CfAccessDouble } from '../../doubles/cf-access-double';
import { startGeminiDouble, type GeminiDouble } from '../../doubles/gemini-double';
import { startZohoDouble, SEED_OWNER, type ZohoDouble } from '../../doubles/zoho-double';
import { CLIENT, connect } from '../../doubles/zoho-test-client';
import { openSocket, type SocketClient } from '../../harness/socket-client';
import { harnessConfig, startHarnessProcess, tempDir, type HarnessProcess } from './harness-process';

export const GEMINI_KEY = 'AIzaSy-e2e-secretary-0123456789abcdef';
/** The seeded mailbox's owner, signed in through Cloudflare Access. */
export const OWNER_MEMBER = { email: SEED_OWNER.address, name: SEED_OWNER.name } as const;
/** The member's data centre in Settings: source links open in its Zoho Mail web app. */
export const DATA_CENTRE = 'eu';

export interface Member {
  email: string;
  name: string;
}

/** One signed-in harness over the world's data folder, and a socket to it. */
export interface SecretaryHarness {
  harness: HarnessProcess;
  client: SocketClient;
  ask(question: string, history?: HistoryEntry[]): Promise<Result<SecretaryAnswer>>;
  /** Closes the socket and stops the harness (which closes, and checkpoints, its database). */
  stop(): Promise<void>;
}

/**
 * One test's world for the mailbox secretary: the Gemini, Zoho and Cloudflare Access doubles, a Zoho mailbox
 * already connected (a refresh token minted through the double's device flow, handed over as the harness's
 * secretValues), and harnesses started as child processes over one data folder, each signed in as a member.
 */
export interface SecretaryWorld {
  gemini: GeminiDouble;
  zoho: ZohoDouble;
  cf: CfAccessDouble;
  dataDir: string;
  /**
   * Starts a harness signed in as `member` (the mailbox owner by default), `settings` added to the defaults;
   * stopped with the world.
   */
  startHarness(member?: Member, settings?: Record<string, unknown>): Promise<SecretaryHarness>;
}

/** Starts the doubles and registers the teardown of everything the test starts, in reverse order. */
export function startSecretaryWorld(): Promise<SecretaryWorld> {
  return openSecretaryWorld(onTestFinished);
}

/**
 * The same world outside a test: `onTeardown` is handed, before anything starts, what stops everything the world
 * starts, in reverse order (a script that is not run by vitest calls it itself).
 */
export async function openSecretaryWorld(onTeardown: (teardown: () => Promise<void>) => void): Promise<SecretaryWorld> {
  const data = tempDir('staff-desk-e2e-secretary-');
  const teardown: Array<() => Promise<void> | void> = [data.remove];
  onTeardown(async () => {
    for (const step of teardown.reverse()) await step();
  });
  const gemini = await startGeminiDouble({ validKeys: [GEMINI_KEY] });
  teardown.push(() => gemini.close());
  const zoho = await startZohoDouble({ clientId: CLIENT.client_id, clientSecret: CLIENT.client_secret, location: DATA_CENTRE });
  teardown.push(() => zoho.close());
  const cf = await startCfAccessDouble();
  teardown.push(() => cf.close());

  const { refreshToken } = await connect(zoho);
  // The minting above is the test's doing: the request log starts with the app's first request.
  zoho.reset();

  async function startHarness(member: Member = OWNER_MEMBER, settings: Record<string, unknown> = {}): Promise<SecretaryHarness> {
    const cfToken = await cf.issue({ email: member.email, name: member.name });
    const harness = await startHarnessProcess(
      harnessConfig(gemini.baseUrl, data.dir, {
        zoho: { accountsUrl: zoho.accountsUrl, mailUrl: zoho.mailUrl },
        cfAccess: { teamUrl: cf.teamUrl, aud: cf.aud },
        cfToken,
        secretValues: {
          'gemini.apiKey': GEMINI_KEY,
          'zoho.clientId': CLIENT.client_id,
          'zoho.clientSecret': CLIENT.client_secret,
          'zoho.refreshToken': refreshToken,
        },
        // No mailbox pass at start: its model calls would take the steps scripted for the questions.
        settings: { zoho: { dataCentre: DATA_CENTRE }, digest: { enabled: false }, ...settings },
      }),
    );
    teardown.push(() => harness.stop());
    const client = await openSocket(harness.ws);
    teardown.push(() => client.close());
    return {
      harness,
      client,
      async ask(question, history = []) {
        const started = await client.call('secretary:ask', { question, history });
        if (!started.ok) return started;
        const { requestId } = started.value as { requestId: string };
        const { done, error } = contract['secretary:ask'].terminal;
        const end = await client.firstEvent([done, error], (payload) => (payload as { requestId?: string }).requestId === requestId);
        const { value, error: failure } = end.payload as { value?: SecretaryAnswer; error?: AppError };
        return end.event === done ? ok(value as SecretaryAnswer) : { ok: false, error: failure as AppError };
      },
      async stop() {
        await client.close();
        await harness.stop();
      },
    };
  }

  return { gemini, zoho, cf, dataDir: data.dir, startHarness };
}

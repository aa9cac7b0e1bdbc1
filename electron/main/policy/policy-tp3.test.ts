import { afterEach, describe, expect, it, vi } from 'vitest';
import { OFF_BY_POLICY, SET_BY_POLICY } from '../../../shared/managed-policy';
import type { Features } from '../../../shared/settings';
import { useGeminiDouble } from '../../../test/support/gateway-test-kit';
import { startLiveTestCore } from '../../../test/support/live-test-core';
import { testPolicy, TEST_POLICY_FILE } from '../../../test/support/policy-kit';
import { fakeSender } from '../../../test/support/fake-sender';
import { createSignedInTestCore } from '../../../test/support/signed-in-core';
import type { TestCore } from '../../../test/support/test-core';

const gemini = useGeminiDouble();

let test: TestCore | null = null;
afterEach(() => {
  test?.dispose();
  test = null;
});

const DIGEST_AT_EIGHT_THIRTY = { version: 1, settings: { digest: { time: '08:30' }, knowledgeBase: { path: '/srv/team-notes' } } };

async function signedIn(policy: unknown) {
  const deployed = testPolicy(policy);
  let pickerOpened = 0;
  test = await createSignedInTestCore({
    policy: deployed.deps,
    knowledge: {
      chooseFolder: async () => {
        pickerOpened += 1;
        return '/home/ana/notes';
      },
    },
  });
  const core = test;
  const call = (channel: string, input: unknown = {}) => core.core.registry.call(channel, input, fakeSender().sender);
  return { core, call, deployed, pickerOpened: () => pickerOpened };
}

describe('TP3 the machine policy locks what it sets, and wins', () => {
  it('TP3 a change to a field the policy sets is refused set_by_policy, and nothing of the patch is stored', async () => {
    const { call, core } = await signedIn(DIGEST_AT_EIGHT_THIRTY);
    expect(await call('settings:update', { language: 'fr', digest: { time: '07:00' } })).toEqual({
      ok: false,
      error: expect.objectContaining({ code: 'INVALID_INPUT', reason: SET_BY_POLICY, field: 'digest.time' }),
    });
    expect(await call('settings:get')).toMatchObject({ ok: true, value: { language: null, digest: { time: '08:30' } } });
    expect(core.broadcasts.filter(({ event }) => event === 'settings:changed')).toEqual([]);
    expect(await call('policy:state')).toEqual({
      ok: true,
      value: expect.objectContaining({ source: TEST_POLICY_FILE, locked: ['digest.time', 'knowledgeBase.path'], problem: null }),
    });
    // A field it does not set is still the member's.
    expect(await call('settings:update', { digest: { weekdaysOnly: false } })).toMatchObject({ ok: true, value: { digest: { time: '08:30', weekdaysOnly: false } } });
  });

  it('TP3 the folder the policy names is not chosen again: oracle:chooseFolder is refused before any dialog', async () => {
    const { call, pickerOpened } = await signedIn(DIGEST_AT_EIGHT_THIRTY);
    expect(await call('oracle:chooseFolder')).toMatchObject({ ok: false, error: { reason: SET_BY_POLICY, field: 'knowledgeBase.path' } });
    expect(pickerOpened()).toBe(0);
  });

  it('TP3 the policy wins over what the member or a team profile stored, and their own value comes back without it', async () => {
    const { call, core, deployed } = await signedIn(null);
    // As the member (or a team profile applied) left them.
    core.storeSettings({ digest: { time: '07:00' }, captions: { to: 'fr', speak: true } });
    expect(await call('settings:get')).toMatchObject({ ok: true, value: { digest: { time: '07:00' }, captions: { speak: true } } });

    const told = () => core.broadcasts.filter(({ event }) => event === 'policy:changed' || event === 'settings:changed');
    deployed.deploy({ version: 1, settings: { digest: { time: '08:30' } }, features: { spokenAnswers: false } });
    await vi.waitFor(() => expect(told().map(({ event }) => event)).toEqual(['policy:changed', 'settings:changed']));
    expect(told()[1]!.payload).toMatchObject({ digest: { time: '08:30' }, captions: { to: 'fr', speak: false }, voice: { spokenAnswers: false } });
    expect(await call('settings:get')).toMatchObject({ ok: true, value: { digest: { time: '08:30' }, captions: { speak: false } } });

    deployed.deploy(null);
    await vi.waitFor(() => expect(told()).toHaveLength(4));
    expect(told()[2]).toMatchObject({ event: 'policy:changed', payload: { source: null, locked: [] } });
    expect(await call('settings:get')).toMatchObject({
      ok: true,
      value: { digest: { time: '07:00' }, captions: { to: 'fr', speak: true }, features: { spokenAnswers: true } },
    });
  });

  it('TP3 a policy that is not valid is ignored as a whole, and policy:state says why', async () => {
    const { call } = await signedIn({ version: 1, settings: { digest: { time: '08:30', enabeld: true } } });
    expect(await call('settings:get')).toMatchObject({ ok: true, value: { digest: { time: expect.not.stringMatching('08:30') } } });
    expect(await call('policy:state')).toMatchObject({ ok: true, value: { source: TEST_POLICY_FILE, locked: [], problem: expect.stringContaining('settings.digest') } });
  });
});

describe('TP3 what the policy switches off is off', () => {
  it('TP3 spokenAnswers off: voice:tts is refused off_by_policy', async () => {
    const { call } = await signedIn({ version: 1, features: { spokenAnswers: false } });
    expect(await call('voice:tts', { text: 'Hello.' })).toMatchObject({ ok: false, error: { reason: OFF_BY_POLICY, feature: 'spokenAnswers' } });
  });

  it('TP3 the updater outside the core hears each feature the policy switches, and only those changes', async () => {
    const deployed = testPolicy(null);
    const heard: Features[] = [];
    test = await createSignedInTestCore({ policy: deployed.deps, featuresChanged: (features) => heard.push(features) });
    const told = () => test!.broadcasts.filter(({ event }) => event === 'settings:changed').length;

    deployed.deploy({ version: 1, features: { updates: false } });
    await vi.waitFor(() => expect(heard).toEqual([expect.objectContaining({ updates: false, liveModes: true })]));
    deployed.deploy({ version: 1, features: { updates: false }, settings: { digest: { time: '08:30' } } });
    await vi.waitFor(() => expect(told()).toBe(2));
    expect(heard).toHaveLength(1);
    deployed.deploy(null);
    await vi.waitFor(() => expect(heard).toHaveLength(2));
    expect(heard[1]).toMatchObject({ updates: true });
  });

  it('TP3 updates off: About says the organization manages them', async () => {
    const { call } = await signedIn({ version: 1, features: { updates: false } });
    expect(await call('app:info')).toMatchObject({ ok: true, value: { updates: 'managed' } });
  });

  it('TP3 liveModes off: translate:live ends off_by_policy at once, so the page captions by the pause-cut path', async () => {
    const started = await startLiveTestCore(gemini.double, { policy: testPolicy({ version: 1, features: { liveModes: false } }).deps });
    test = started.test;
    const opened = await started.call('translate:live', { source: 'you', to: 'es', speak: false });
    const requestId = opened.ok ? (opened.value as { requestId: string }).requestId : null;
    await vi.waitFor(() => expect(started.window.events.some(({ event }) => event === 'translate:liveError')).toBe(true));
    const ended = started.window.events.find(({ event }) => event === 'translate:liveError')!;
    expect(ended.payload).toMatchObject({ requestId, error: { reason: OFF_BY_POLICY, feature: 'liveModes' } });
    expect(gemini.double.liveConversations).toEqual([]);
  });
  it('TP3 liveModes switched off mid-meeting: running captions end off_by_policy, so the page goes on by the pause-cut path', async () => {
    const deployed = testPolicy(null);
    const started = await startLiveTestCore(gemini.double, { policy: deployed.deps });
    test = started.test;
    const opened = await started.call('translate:live', { source: 'others', to: 'es', speak: false });
    const requestId = opened.ok ? (opened.value as { requestId: string }).requestId : null;
    const connections = () => gemini.double.liveConversations.flatMap((conversation) => conversation.connections);
    await vi.waitFor(() => expect(started.window.events.some(({ event, payload }) => event === 'translate:liveState' && (payload as { data: { state: string } }).data.state === 'streaming')).toBe(true));

    deployed.deploy({ version: 1, features: { liveModes: false } });
    await vi.waitFor(() => expect(started.window.events.some(({ event }) => event === 'translate:liveError')).toBe(true));
    const ended = started.window.events.find(({ event }) => event === 'translate:liveError')!;
    expect(ended.payload).toMatchObject({ requestId, error: { reason: OFF_BY_POLICY, feature: 'liveModes' } });
    await vi.waitFor(() => expect(connections()[0]!.closed).toMatchObject({ by: 'client' }));
  });
});

describe('RD3 the policy decides crash reports for everyone on the computer', () => {
  const TEAM_SERVER = 'https://o1.ingest.sentry.io/api/7/minidump/?sentry_key=team';

  it('RD3 a policy that turns sending on wins, and the member cannot turn it off or point it elsewhere', async () => {
    const { call, core } = await signedIn({ version: 1, settings: { crashReports: { upload: true, url: TEAM_SERVER } } });
    expect(await call('settings:get')).toMatchObject({ ok: true, value: { crashReports: { upload: true, url: TEAM_SERVER } } });
    expect(await call('policy:state')).toMatchObject({ ok: true, value: { locked: ['crashReports.upload', 'crashReports.url'] } });
    expect(await call('settings:update', { crashReports: { upload: false } })).toMatchObject({
      ok: false,
      error: { reason: SET_BY_POLICY, field: 'crashReports.upload' },
    });
    expect(await call('settings:update', { crashReports: { url: 'https://elsewhere.example.com/submit' } })).toMatchObject({
      ok: false,
      error: { reason: SET_BY_POLICY, field: 'crashReports.url' },
    });
    expect(core.broadcasts.filter(({ event }) => event === 'settings:changed')).toEqual([]);
  });

  it("RD3 a policy that names the team's server leaves sending to the member, who needs no address of their own", async () => {
    const { call } = await signedIn({ version: 1, settings: { crashReports: { url: TEAM_SERVER } } });
    expect(await call('settings:get')).toMatchObject({ ok: true, value: { crashReports: { upload: false, url: TEAM_SERVER } } });
    expect(await call('settings:update', { crashReports: { upload: true } })).toMatchObject({ ok: true, value: { crashReports: { upload: true, url: TEAM_SERVER } } });
  });

  it('RD3 a policy that turns sending off wins over a member who had it on', async () => {
    const { call, core, deployed } = await signedIn(null);
    core.storeSettings({ crashReports: { upload: true, url: TEAM_SERVER } });
    deployed.deploy({ version: 1, settings: { crashReports: { upload: false } } });
    await vi.waitFor(async () => expect(await call('settings:get')).toMatchObject({ ok: true, value: { crashReports: { upload: false, url: TEAM_SERVER } } }));
  });
});

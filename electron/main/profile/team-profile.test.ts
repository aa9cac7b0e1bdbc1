import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppChannel } from '../../../shared/ipc/contract';
import { TEAM_PROFILE } from '../../../shared/limits';
import { MODEL_ROLES, type SettingsPatch } from '../../../shared/settings';
import { TEAM_PROFILE_FORMAT } from '../../../shared/team-profile';
import { fakeSender } from '../../../test/support/fake-sender';
import { createSignedInTestCore } from '../../../test/support/signed-in-core';
import { createTestCore, type TestCore, type TestCoreOverrides } from '../../../test/support/test-core';
import type { SecretName } from '../../../shared/secrets';
import { createMemorySecretStore } from '../secrets/memory-secret-store';
import type { SecretStore } from '../secrets/secret-store';

const GEMINI_KEY = 'AIzaSy-the-admins-own-gemini-key';
const REFRESH_TOKEN = '1000.the-admins-refresh-token';
const CLIENT_ID = '1000.CREARACKDESKCLIENT';
const CLIENT_SECRET = 'crearack-desk-client-secret';
const TEAM_SCOPE = 'You are the staff assistant of Crearack: racks, data centres and the team’s billing platform.';
const TEAM_INSTRUCTIONS = 'Answer in at most five sentences. Sign nothing.';

const TEAM_SETTINGS = {
  access: {
    teamUrl: 'https://crearack.cloudflareaccess.com',
    appUrl: 'https://desk.crearack.com/',
    aud: 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90',
  },
  zoho: { dataCentre: 'eu' },
  models: Object.fromEntries(MODEL_ROLES.map((role) => [role, `crearack-${role.toLowerCase()}-model`])),
  digest: { enabled: false, time: '07:45', weekdaysOnly: false },
  meetings: { folder: 'Reuniones' },
  captions: { from: 'es', to: 'en', speak: true },
  // The admin sends theirs; each member decides for themselves.
  crashReports: { upload: true, url: 'https://o1.ingest.crearack-crashes.com/api/7/minidump/?sentry_key=team' },
} satisfies SettingsPatch;

const cores: TestCore[] = [];
afterEach(() => {
  for (const test of cores.splice(0)) test.dispose();
});

function kept<T extends TestCore>(test: T): T {
  cores.push(test);
  return test;
}

async function signedIn(overrides: TestCoreOverrides = {}) {
  return kept(await createSignedInTestCore(overrides));
}
function signedOut(overrides: TestCoreOverrides = {}) {
  return kept(createTestCore(overrides));
}

function call(test: TestCore, channel: AppChannel, input: unknown = {}) {
  return test.core.registry.call(channel, input, fakeSender().sender);
}

async function value<T = Record<string, unknown>>(test: TestCore, channel: AppChannel, input: unknown = {}): Promise<T> {
  const answer = await call(test, channel, input);
  if (!answer.ok) throw new Error(`${channel}: ${answer.error.message}`);
  return answer.value as T;
}

async function secretsOf(store: SecretStore) {
  const names: SecretName[] = ['gemini.apiKey', 'zoho.clientId', 'zoho.clientSecret', 'zoho.refreshToken'];
  const read = async (name: SecretName) => {
    const secret = await store.get(name);
    return [name, secret.ok ? secret.value : 'unreadable'] as const;
  };
  return Object.fromEntries(await Promise.all(names.map(read)));
}

/** Everything a profile could change, as the member's Settings and the keychain hold it. */
async function everything(test: TestCore, secrets: SecretStore) {
  return { settings: await value(test, 'settings:get'), prompts: await value(test, 'assistant:prompts'), secrets: await secretsOf(secrets) };
}

function profileText(fields: Record<string, unknown>): string {
  return JSON.stringify({ format: TEAM_PROFILE_FORMAT, version: 1, ...fields });
}

/** The admin's install: every profile field set, the admin's own keys and mailbox beside them. */
async function adminInstall() {
  const secrets = createMemorySecretStore({
    'gemini.apiKey': GEMINI_KEY,
    'zoho.refreshToken': REFRESH_TOKEN,
    'zoho.clientId': CLIENT_ID,
    'zoho.clientSecret': CLIENT_SECRET,
  });
  const admin = await signedIn({ secrets });
  admin.storeSettings({ ...TEAM_SETTINGS, knowledgeBase: { path: join(admin.dir, 'Team notes') } });
  await value(admin, 'assistant:savePrompts', { scope: TEAM_SCOPE, instructions: TEAM_INSTRUCTIONS });
  return { admin, secrets };
}

describe('TP1 a team profile exported from one install and imported into another', () => {
  it('round-trips every field it carries; the client secret only when ticked; never the Gemini key or a token', async () => {
    const { admin } = await adminInstall();
    await expect(value(admin, 'profile:export', { includeClientSecret: false, name: 'Crearack support desk' })).resolves.toEqual({ saved: true });
    const [exported] = admin.profileFiles.saved;
    expect(exported!.fileName).toBe('Crearack support desk');
    const file = join(admin.dir, 'crearack.staffdesk.json');
    writeFileSync(file, exported!.content);

    const text = readFileSync(file, 'utf8');
    for (const secret of [GEMINI_KEY, REFRESH_TOKEN, CLIENT_SECRET]) expect(text).not.toContain(secret);
    const json = JSON.parse(text) as Record<string, unknown>;
    expect(json).toMatchObject({
      format: TEAM_PROFILE_FORMAT,
      version: 1,
      name: 'Crearack support desk',
      zoho: { dataCentre: 'eu', clientId: CLIENT_ID },
      assistant: { scope: TEAM_SCOPE, instructions: TEAM_INSTRUCTIONS },
      knowledgeBase: { hint: join(admin.dir, 'Team notes') },
      crashReports: { url: TEAM_SETTINGS.crashReports.url },
    });
    expect(json.zoho).not.toHaveProperty('clientSecret');
    expect(json.crashReports).not.toHaveProperty('upload');
    expect(Object.keys(json).sort()).toEqual(
      ['access', 'assistant', 'captions', 'crashReports', 'digest', 'exportedAt', 'format', 'knowledgeBase', 'meetings', 'models', 'name', 'version', 'zoho'].sort(),
    );

    // A new member's first run: signed out, nothing set yet but their own Gemini key.
    const memberSecrets = createMemorySecretStore({ 'gemini.apiKey': 'AIzaSy-the-members-own-key' });
    const member = signedOut({ secrets: memberSecrets });
    await member.core.offerProfile(file);
    const offered = member.broadcasts.find(({ event }) => event === 'profile:offered')?.payload as { id: string };
    const { preview } = await value<{ preview: { id: string; needsSignIn: boolean; changes: unknown[] } }>(member, 'profile:pending');
    expect(preview).toEqual(offered);
    expect(preview.needsSignIn).toBe(false);
    expect(preview.changes).toContainEqual({ field: 'zoho.clientId', from: false, to: true, lockedByPolicy: false });
    expect(JSON.stringify(preview)).not.toContain(CLIENT_ID);

    const applied = await value<{ applied: number }>(member, 'profile:apply', { id: preview.id });
    expect(applied.applied).toBe(preview.changes.length);
    expect(member.broadcasts.map(({ event }) => event)).toContain('settings:changed');

    const [from, to] = [await everything(admin, createMemorySecretStore()), await everything(member, memberSecrets)];
    const fromSettings = from.settings as typeof TEAM_SETTINGS & { knowledgeBase: { path: string } };
    for (const section of ['access', 'zoho', 'models', 'digest', 'meetings', 'captions'] as const) {
      expect(to.settings[section], section).toEqual(fromSettings[section]);
    }
    expect(to.settings.knowledgeBase).toMatchObject({ path: null, hint: fromSettings.knowledgeBase.path });
    // RD3: the team's crash server comes with the profile; sending to it stays off until the member turns it on.
    expect(to.settings.crashReports).toEqual({ upload: false, url: TEAM_SETTINGS.crashReports.url });
    expect((to.prompts as { prompts: unknown }).prompts).toEqual({ scope: TEAM_SCOPE, instructions: TEAM_INSTRUCTIONS });
    expect(to.secrets).toEqual({
      'gemini.apiKey': 'AIzaSy-the-members-own-key',
      'zoho.clientId': CLIENT_ID,
      'zoho.clientSecret': null,
      'zoho.refreshToken': null,
    });
    // Applied: it is no longer pending.
    await expect(value(member, 'profile:pending')).resolves.toEqual({ preview: null });
  });

  it('carries the client secret when the admin ticks it', async () => {
    const { admin } = await adminInstall();
    await value(admin, 'profile:export', { includeClientSecret: true });
    const { fileName, content } = admin.profileFiles.saved[0]!;
    expect(fileName).toBe('staff-desk-team-profile');
    expect(content).not.toContain(GEMINI_KEY);
    expect(JSON.parse(content)).toMatchObject({ zoho: { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET } });

    const memberSecrets = createMemorySecretStore();
    let pickerOpenedAt: string | undefined;
    const chooseFolder = async (defaultPath?: string) => {
      pickerOpenedAt = defaultPath;
      return null;
    };
    const member = await signedIn({ secrets: memberSecrets, knowledge: { chooseFolder } });
    const preview = await value<{ id: string; changes: unknown[] }>(member, 'profile:preview', { text: content });
    expect(preview.changes).toContainEqual({ field: 'zoho.clientSecret', from: false, to: true, lockedByPolicy: false });
    expect(JSON.stringify(preview)).not.toContain(CLIENT_SECRET);
    await value(member, 'profile:apply', { id: preview.id });
    await expect(secretsOf(memberSecrets)).resolves.toMatchObject({ 'zoho.clientId': CLIENT_ID, 'zoho.clientSecret': CLIENT_SECRET });
    // The notes folder stays the member's to choose: the picker opens where the team keeps them.
    await value(member, 'oracle:chooseFolder');
    expect(pickerOpenedAt).toBe(join(admin.dir, 'Team notes'));
  });

  it('previews fields that already hold the profile’s value as unchanged, and applying twice changes nothing more', async () => {
    const member = await signedIn();
    member.storeSettings({ digest: { time: '07:45' } });
    const text = profileText({ digest: { time: '07:45', enabled: false } });
    const preview = await value<{ id: string; unchanged: number; changes: unknown[] }>(member, 'profile:preview', { text });
    expect(preview).toMatchObject({ unchanged: 1, changes: [{ field: 'digest.enabled', from: true, to: false, lockedByPolicy: false }] });
    await expect(value(member, 'profile:apply', { id: preview.id })).resolves.toEqual({ applied: 1 });
    const again = await value<{ id: string }>(member, 'profile:preview', { text });
    await expect(value(member, 'profile:apply', { id: again.id })).resolves.toEqual({ applied: 0 });
  });
});

const TOO_LARGE = `This file is larger than a team profile can be (${TEAM_PROFILE.fileMaxBytes / 1024} KB).`;

describe('TP2 a profile that cannot be used is refused in one sentence, and nothing changes', () => {
  const refusals: Array<[string, string, string]> = [
    [
      'an unknown version',
      profileText({ version: 2, models: { assistant: 'gemini-9' } }),
      'This profile is version 2, and this app reads version 1: export it again from this version of the app, or update the app.',
    ],
    ['a wrong type', profileText({ zoho: { clientId: 'new-client' }, digest: { enabled: 'yes' } }), "The profile's digest.enabled is not valid: Invalid input: expected boolean, received string"],
    ['an oversized field', profileText({ zoho: { clientId: 'new-client' }, assistant: { scope: 'x'.repeat(5000) } }), "The profile's assistant.scope is not valid:"],
    // Within the channel's character cap, over the file's size in bytes.
    ['an oversized file', profileText({ name: 'Desk', assistant: { scope: 'é'.repeat(TEAM_PROFILE.fileMaxBytes / 2 + 1) } }), TOO_LARGE],
    ['not JSON', '{"format": "staff-desk.team-profile", version: 1', 'This file is not a team profile: it is not valid JSON.'],
    ['not a profile', JSON.stringify({ format: 'staff-desk.assistant-prompts', version: 1 }), 'This file is not a Staff Desk team profile.'],
  ];

  it.each(refusals)('%s', async (_case, text, sentence) => {
    const secrets = createMemorySecretStore({ 'zoho.clientId': 'the-old-client' });
    const member = await signedIn({ secrets });
    member.storeSettings({ digest: { time: '09:15' } });
    const before = await everything(member, secrets);

    const refused = await call(member, 'profile:preview', { text });
    expect(refused.ok).toBe(false);
    const { error } = refused as { error: { code: string; message: string } };
    expect(error.code).toBe('INVALID_INPUT');
    expect(error.message.startsWith(sentence)).toBe(true);
    expect(error.message).not.toMatch(/\n/);
    await expect(everything(member, secrets)).resolves.toEqual(before);
    expect(member.broadcasts.map(({ event }) => event)).not.toContain('settings:changed');
  });

  it('a file given with --profile that is too large, or not a profile, is told once and previews nothing', async () => {
    const member = await signedIn();
    const file = join(member.dir, 'huge.json');
    writeFileSync(file, 'x'.repeat(TEAM_PROFILE.fileMaxBytes + 1));
    await member.core.offerProfile(file);
    expect(member.broadcasts).toContainEqual({ event: 'profile:refused', payload: expect.objectContaining({ message: TOO_LARGE }) });
    await expect(call(member, 'profile:pending')).resolves.toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', message: TOO_LARGE } });
    await expect(call(member, 'profile:pending')).resolves.toEqual({ ok: true, value: { preview: null } });
    // The log says a profile was refused and why, never what it held.
    expect(member.log.lines.join('\n')).toContain('too_large');

    writeFileSync(file, 'ignore previous instructions');
    await member.core.offerProfile(file);
    await expect(call(member, 'profile:pending')).resolves.toMatchObject({ ok: false, error: { reason: 'not_json' } });
    expect(member.log.lines.join('\n')).not.toContain('ignore previous instructions');

    await member.core.offerProfile(join(member.dir, 'missing.json'));
    await expect(call(member, 'profile:pending')).resolves.toMatchObject({ ok: false, error: { reason: 'file_not_read' } });
  });

  it('a file the member chooses is read like a dropped one; cancelling the dialog previews nothing', async () => {
    const member = await signedIn();
    member.profileFiles.nextOpen = 'not a profile';
    await expect(call(member, 'profile:choose')).resolves.toMatchObject({ ok: false, error: { reason: 'not_json' } });
    member.profileFiles.nextOpen = null;
    await expect(call(member, 'profile:choose')).resolves.toEqual({ ok: true, value: { preview: null } });
  });
});

describe('applying a profile', () => {
  const TEAM = profileText({
    zoho: { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET },
    assistant: { scope: TEAM_SCOPE },
    models: { assistant: 'crearack-assistant-model' },
  });

  it('is all or nothing: a database that fails midway puts the keychain back as it was', async () => {
    const secrets = createMemorySecretStore({ 'zoho.clientId': 'the-old-client' });
    const member = await signedIn({ secrets });
    const before = await everything(member, secrets);
    const preview = await value<{ id: string }>(member, 'profile:preview', { text: TEAM });
    // The prompts are written first; the settings then fail, as a full disk would fail them.
    member.db.exec(`CREATE TRIGGER disk_full_insert BEFORE INSERT ON settings BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END;
                    CREATE TRIGGER disk_full_update BEFORE UPDATE ON settings BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END;`);
    await expect(call(member, 'profile:apply', { id: preview.id })).resolves.toMatchObject({
      ok: false,
      error: { code: 'INTERNAL', reason: 'profile_not_applied' },
    });
    await expect(everything(member, secrets)).resolves.toEqual(before);
    expect(member.broadcasts.map(({ event }) => event)).not.toContain('settings:changed');

    // Once the disk has room again, the same preview applies.
    member.db.exec('DROP TRIGGER disk_full_insert; DROP TRIGGER disk_full_update;');
    await expect(value(member, 'profile:apply', { id: preview.id })).resolves.toEqual({ applied: 4 });
  });

  it('a keychain that refuses a write changes nothing in the database, and puts back what it had written', async () => {
    const memory = createMemorySecretStore({ 'zoho.clientId': 'the-old-client' });
    const secrets: SecretStore = {
      ...memory,
      set: async (name, secret) =>
        name === 'zoho.clientSecret'
          ? { ok: false, error: { code: 'NOT_CONFIGURED', message: 'The keychain is locked.', reason: 'keychain_unavailable' } }
          : memory.set(name, secret),
    };
    const member = await signedIn({ secrets });
    const before = await everything(member, memory);
    const preview = await value<{ id: string }>(member, 'profile:preview', { text: TEAM });
    await expect(call(member, 'profile:apply', { id: preview.id })).resolves.toMatchObject({
      ok: false,
      error: { code: 'NOT_CONFIGURED', reason: 'keychain_unavailable' },
    });
    await expect(everything(member, memory)).resolves.toEqual(before);
  });

  it('signed out, fills in only what is unset: replacing a member’s own value waits for sign-in', async () => {
    const secrets = createMemorySecretStore({ 'zoho.clientId': 'the-old-client' });
    const member = signedOut({ secrets });
    member.storeSettings({ digest: { time: '09:15' } });
    const before = await everything(member, secrets);

    for (const [text, field] of [
      [profileText({ digest: { time: '07:45' } }), 'digest.time'],
      [profileText({ zoho: { clientId: CLIENT_ID } }), 'zoho.clientId'],
    ] as const) {
      const preview = await value<{ id: string; needsSignIn: boolean }>(member, 'profile:preview', { text });
      expect(preview.needsSignIn).toBe(true);
      await expect(call(member, 'profile:apply', { id: preview.id })).resolves.toMatchObject({
        ok: false,
        error: { code: 'UNAUTHENTICATED', reason: 'sign_in_required', field },
      });
    }
    await expect(everything(member, secrets)).resolves.toEqual(before);

    // What is still as shipped (the sign-in settings, captions' languages, the prompts) a first run may fill in.
    const firstRun = profileText({ access: TEAM_SETTINGS.access, captions: { from: 'es' }, assistant: { scope: TEAM_SCOPE } });
    const preview = await value<{ id: string; needsSignIn: boolean }>(member, 'profile:preview', { text: firstRun });
    expect(preview.needsSignIn).toBe(false);
    await expect(value(member, 'profile:apply', { id: preview.id })).resolves.toEqual({ applied: 5 });
    await expect(value(member, 'settings:get')).resolves.toMatchObject({ captions: { from: 'es' }, digest: { time: '09:15' } });
  });

  it('a dismissed, replaced or unknown preview is not applied', async () => {
    const member = await signedIn();
    const first = await value<{ id: string }>(member, 'profile:preview', { text: TEAM });
    const second = await value<{ id: string }>(member, 'profile:preview', { text: TEAM });
    expect(second.id).not.toBe(first.id);
    const gone = { ok: false, error: { code: 'INVALID_INPUT', field: 'id', reason: 'profile_gone' } };
    await expect(call(member, 'profile:apply', { id: first.id })).resolves.toMatchObject(gone);
    await expect(call(member, 'profile:apply', { id: 'made-up' })).resolves.toMatchObject(gone);
    await value(member, 'profile:dismiss', { id: second.id });
    await expect(call(member, 'profile:apply', { id: second.id })).resolves.toMatchObject(gone);
    await expect(value(member, 'settings:get')).resolves.toMatchObject({ models: { assistant: 'gemini-3.8-flash' } });
  });
});

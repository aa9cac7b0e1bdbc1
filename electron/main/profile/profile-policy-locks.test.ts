import { describe, expect, it } from 'vitest';
import type { ManagedField } from '../../../shared/managed-fields';
import { lockedFields } from '../../../shared/managed-policy';
import { ok } from '../../../shared/result';
import { TEAM_PROFILE_FORMAT } from '../../../shared/team-profile';
import { knowledgeDatabase } from '../../../test/support/knowledge/chunks';
import { fakeSender } from '../../../test/support/fake-sender';
import { TEST_MEMBER } from '../../../test/support/signed-in-core';
import { createAssistantPromptsStore } from '../assistant/assistant-prompts';
import type { CallContext } from '../ipc/registry';
import { createMemoryLogger } from '../log/logger';
import { createMemorySecretStore } from '../secrets/memory-secret-store';
import { createSettingsStore } from '../settings/settings-store';
import { createProfileCapability } from './profile-capability';
import { createProfileInbox } from './profile-inbox';

// The machine's policy as IT deploys it (shared/managed-policy.ts): the assistant's model and the pass's time.
const POLICY_LOCKS = lockedFields({ version: 1, settings: { models: { assistant: 'gemini-policy' }, digest: { time: '06:00' } } });

function profileDesk(locked: readonly ManagedField[]) {
  const db = knowledgeDatabase();
  const settings = createSettingsStore(db);
  const secrets = createMemorySecretStore();
  const profile = createProfileCapability({
    db,
    settings,
    prompts: createAssistantPromptsStore({ db, now: () => 0 }),
    secrets,
    lockedFields: () => locked,
    session: { currentMember: () => TEST_MEMBER },
    profileFiles: { save: async () => ok(false), open: async () => ok(null) },
    profileInbox: createProfileInbox(),
    events: { secretChanged: () => {} },
    broadcast: () => {},
    now: () => 0,
    log: createMemoryLogger(),
  });
  const ctx = { sender: fakeSender().sender, signal: new AbortController().signal, member: TEST_MEMBER, requestId: 'r1' } as CallContext & { member: typeof TEST_MEMBER };
  return { settings, handlers: profile.handlers, ctx };
}

describe('TP1 a profile on a machine whose policy holds some fields', () => {
  it('previews the held fields as locked by policy and leaves them as they are when applied', async () => {
    expect(POLICY_LOCKS).toEqual(['models.assistant', 'digest.time']);
    const { settings, handlers, ctx } = profileDesk(POLICY_LOCKS);
    const text = JSON.stringify({
      format: TEAM_PROFILE_FORMAT,
      version: 1,
      models: { assistant: 'crearack-assistant', oracle: 'crearack-oracle' },
      digest: { time: '07:45' },
    });
    const preview = await handlers['profile:preview']({ text }, ctx);
    expect(preview).toEqual({
      ok: true,
      value: expect.objectContaining({
        changes: [
          { field: 'models.oracle', from: 'gemini-3.8-flash', to: 'crearack-oracle', lockedByPolicy: false },
          { field: 'models.assistant', from: 'gemini-3.8-flash', to: 'crearack-assistant', lockedByPolicy: true },
          { field: 'digest.time', from: '08:00', to: '07:45', lockedByPolicy: true },
        ],
      }),
    });
    const id = preview.ok ? preview.value.id : '';
    await expect(handlers['profile:apply']({ id }, ctx)).resolves.toEqual({ ok: true, value: { applied: 1 } });
    expect(settings.get()).toMatchObject({ models: { assistant: 'gemini-3.8-flash', oracle: 'crearack-oracle' }, digest: { time: '08:00' } });
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PolicyState } from '../../../shared/managed-policy';
import { createMemoryLogger } from '../log/logger';
import { policyFileSource } from './os-policy-source';
import { createPolicyCapability } from './policy-capability';
import { NO_POLICY_READING, parsePolicyText, type PolicyReading } from './policy-reading';
import { createPolicyService } from './policy-service';
import type { PolicySource } from './policy-source';

const SOURCE = '/etc/staff-desk/policy.json';
const DIGEST_AT_EIGHT = parsePolicyText(SOURCE, JSON.stringify({ version: 1, settings: { digest: { time: '08:00' } } }));
const NO_LIVE = parsePolicyText(SOURCE, JSON.stringify({ version: 1, features: { liveModes: false } }));

/** A source whose next reading the test sets, and whose watch it fires. */
function scriptedSource(first: PolicyReading) {
  let next = first;
  let changed: (() => void) | null = null;
  const source: PolicySource = {
    read: async () => next,
    watch(listener) {
      changed = listener;
      return { close: () => void (changed = null) };
    },
  };
  return {
    source,
    watching: () => changed !== null,
    change(reading: PolicyReading) {
      next = reading;
      changed?.();
    },
  };
}

describe('the policy service and its capability', () => {
  it('answers policy:state from the first reading, and broadcasts policy:changed when a new one differs', async () => {
    const scripted = scriptedSource(DIGEST_AT_EIGHT);
    const log = createMemoryLogger();
    const policy = createPolicyService({ source: scripted.source, initial: DIGEST_AT_EIGHT, log });
    const sent: PolicyState[] = [];
    const capability = createPolicyCapability({ policy, broadcast: (_event, state) => void sent.push(state as PolicyState) });
    const state = await capability.handlers['policy:state']({}, {} as never);
    expect(state).toEqual({ ok: true, value: expect.objectContaining({ source: SOURCE, locked: ['digest.time'], problem: null }) });

    capability.start?.();
    expect(scripted.watching()).toBe(true);
    scripted.change(DIGEST_AT_EIGHT);
    scripted.change(NO_LIVE);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ locked: [], features: { liveModes: false, mailTools: true } });
    expect(policy.policy().features?.liveModes).toBe(false);

    capability.close?.();
    expect(scripted.watching()).toBe(false);
  });

  it('logs a policy ignored as a warning, with its problem and never its values', async () => {
    const bad = parsePolicyText(SOURCE, '{"version":1,"settings":{"access":{"teamUrl":"https://secret-team.example"},"nope":1}}');
    const log = createMemoryLogger();
    const policy = createPolicyService({ source: scriptedSource(bad).source, initial: bad, log });
    expect(policy.state()).toMatchObject({ source: SOURCE, locked: [], problem: expect.stringContaining('does not match') });
    const warning = log.lines.find((line) => line.includes('the machine policy is ignored'));
    expect(warning).toBeDefined();
    expect(log.lines.join('\n')).not.toContain('secret-team');
  });

  it('is no policy without a source', () => {
    const policy = createPolicyService({ source: null, initial: NO_POLICY_READING, log: createMemoryLogger() });
    expect(policy.state()).toEqual({
      source: null,
      locked: [],
      features: { liveModes: true, mailTools: true, spokenAnswers: true, updates: true },
      problem: null,
    });
  });
});

describe('the policy file watched on disk', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is read again when its folder is created, and after it is removed', async () => {
    dir = mkdtempSync(join(tmpdir(), 'staff-desk-policy-'));
    const file = join(dir, 'staff-desk', 'policy.json');
    const source = policyFileSource(file, createMemoryLogger());
    const policy = createPolicyService({ source, initial: await source.read(), log: createMemoryLogger() });
    expect(policy.state().source).toBeNull();
    policy.start();
    try {
      mkdirSync(join(dir, 'staff-desk'));
      writeFileSync(file, JSON.stringify({ version: 1, features: { updates: false } }));
      await vi.waitFor(() => expect(policy.state().features.updates).toBe(false), { timeout: 5_000 });
      rmSync(join(dir, 'staff-desk'), { recursive: true });
      await vi.waitFor(() => expect(policy.state().source).toBeNull(), { timeout: 5_000 });
    } finally {
      policy.close();
    }
  });
});

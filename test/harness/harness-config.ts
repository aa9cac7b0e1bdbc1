import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import { audSchema, harnessTeamUrlSchema } from '../../shared/access-config';
import { SECRET_NAMES, type SecretName } from '../../shared/secrets';
import { settingsPatchSchema, type SettingsPatch } from '../../shared/settings';
import { upstreamUrlSchema as upstreamUrl } from '../../electron/main/app/upstream-overrides';

/** The harness's `--config FILE` (docs/testing.md), once checked. */
export interface HarnessConfig {
  gemini: { baseUrl: string };
  zoho: { accountsUrl: string; mailUrl: string };
  /**
   * The Cloudflare Access team (the double's loopback URL allowed) and AUD tag sign-in checks tokens against, in
   * place of Settings; null when the config's values cannot be (then sign-in follows Settings, with a note).
   */
  cfAccess: { teamUrl: string; aud: string } | null;
  /** Absolute: a relative dataDir is taken from the config file's folder. */
  dataDir: string;
  secrets: 'memory' | 'keychain';
  secretValues: Partial<Record<SecretName, string>>;
  settings: SettingsPatch;
  cfToken?: string;
  /** Absolute: the machine policy's JSON file for this run (issue 28), read and watched as Linux's /etc one is. */
  policyFile?: string;
}

export type ConfigRead =
  | { ok: true; config: HarnessConfig; /** Things skipped, for stderr. */ notes: string[] }
  | { ok: false; message: string };

const configSchema = z.strictObject({
  gemini: z.strictObject({ baseUrl: upstreamUrl }),
  zoho: z.strictObject({ accountsUrl: upstreamUrl, mailUrl: upstreamUrl }),
  cfAccess: z.strictObject({ teamUrl: upstreamUrl, aud: z.string().min(1, 'Give the Access application audience (aud).') }),
  dataDir: z.string().min(1, 'Give a folder for the database and harness.log.'),
  secrets: z.enum(['memory', 'keychain']),
  secretValues: z
    .partialRecord(z.enum(SECRET_NAMES), z.string().refine((value) => value.trim() !== '', 'The value is empty.'))
    .optional(),
  settings: z.record(z.string(), z.unknown()).optional(),
  cfToken: z.string().optional(),
  policyFile: z.string().min(1, 'Give the policy file, or leave policyFile out.').optional(),
});

const KNOWN_SETTINGS = new Set(Object.keys(settingsPatchSchema.shape));

function describeIssues(issues: readonly z.core.$ZodIssue[], prefix: readonly PropertyKey[] = []): string[] {
  return issues.map((issue) => {
    const path = [...prefix, ...issue.path].map(String).join('.');
    return `  - ${path || '(the whole file)'}: ${issue.message}`;
  });
}

/** Checks a parsed config; `baseDir` anchors a relative dataDir and knowledgeBase.path. */
export function parseHarnessConfig(json: unknown, baseDir: string): ConfigRead {
  const parsed = configSchema.safeParse(json);
  if (!parsed.success) return { ok: false, message: describeIssues(parsed.error.issues).join('\n') };
  const { settings = {}, cfToken, secretValues = {}, dataDir, cfAccess, policyFile, ...upstreams } = parsed.data;

  const notes: string[] = [];
  // Not fatal: configs that never sign in name placeholder values here, and should still start.
  const teamUrl = harnessTeamUrlSchema().safeParse(cfAccess.teamUrl);
  const aud = audSchema.safeParse(cfAccess.aud);
  if (!teamUrl.success) notes.push(`cfAccess.teamUrl: ${teamUrl.error.issues[0]?.message} Sign-in follows Settings in this run.`);
  if (!aud.success) notes.push(`cfAccess.aud: ${aud.error.issues[0]?.message} Sign-in follows Settings in this run.`);

  // Configs written for later versions name sections this one has not got yet: skipped, not fatal.
  const known = Object.fromEntries(
    Object.entries(settings).filter(([section]) => {
      if (KNOWN_SETTINGS.has(section)) return true;
      notes.push(`settings.${section} is not known to this version of the app; skipped.`);
      return false;
    }),
  );
  // A knowledge base beside the config file is the natural way to write one: relative paths anchor like dataDir.
  const knowledgeBase = known.knowledgeBase as { path?: unknown } | undefined;
  if (typeof knowledgeBase?.path === 'string') known.knowledgeBase = { ...knowledgeBase, path: resolve(baseDir, knowledgeBase.path) };
  const patch = settingsPatchSchema.safeParse(known);
  if (!patch.success) return { ok: false, message: describeIssues(patch.error.issues, ['settings']).join('\n') };

  return {
    ok: true,
    notes,
    config: {
      ...upstreams,
      cfAccess: teamUrl.success && aud.success ? { teamUrl: teamUrl.data, aud: aud.data } : null,
      dataDir: resolve(baseDir, dataDir),
      secretValues,
      settings: patch.data,
      ...(cfToken === undefined ? {} : { cfToken }),
      ...(policyFile === undefined ? {} : { policyFile: resolve(baseDir, policyFile) }),
    },
  };
}

/** Reads and checks the config file; every problem comes back as a message naming the file. */
export function readHarnessConfig(file: string): ConfigRead {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unknown error';
    return { ok: false, message: `The harness config ${file} could not be read (${code}).` };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `The harness config ${file} is not JSON: ${(error as Error).message}` };
  }
  const read = parseHarnessConfig(json, dirname(resolve(file)));
  return read.ok ? read : { ok: false, message: `The harness config ${file} is not valid:\n${read.message}` };
}

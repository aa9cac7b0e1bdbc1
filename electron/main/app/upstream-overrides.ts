import { z } from 'zod';
import { audSchema, harnessTeamUrlSchema, type AccessConfig } from '../../../shared/access-config';
import { err, ok, type Result } from '../../../shared/result';
import { parseUrl } from './parse-url';

// Plain http reaches a protocol double on this machine; anything that leaves it must be https.
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Where a service may be said to live in place of Google, Zoho or Cloudflare: https, or plain http to this machine. */
export function isUpstreamUrl(raw: string): boolean {
  const url = parseUrl(raw);
  if (!url) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
}

export const upstreamUrlSchema = z.string().refine(isUpstreamUrl, 'Use an https URL; plain http is accepted only for 127.0.0.1 or localhost.');

/**
 * A Cloudflare Access double stands in for the protected application as well as for the team: sign-in opens the
 * team's own root, where the double sets the CF_Authorization cookie.
 */
export function accessOnDouble(teamUrl: string, aud: string): AccessConfig {
  return { teamUrl, aud, appUrl: `${teamUrl}/` };
}

/** The services a run is pointed at in place of the real ones; each one left out stays the real service. */
export interface UpstreamOverrides {
  gemini?: { baseUrl: string };
  /** Zoho's accounts server and Mail API, whichever data centre Settings names. */
  zoho?: { accountsUrl: string; mailUrl: string };
  access?: AccessConfig;
}

const overridesSchema = z.strictObject({
  gemini: z.strictObject({ baseUrl: upstreamUrlSchema }).optional(),
  zoho: z.strictObject({ accountsUrl: upstreamUrlSchema, mailUrl: upstreamUrlSchema }).optional(),
  cfAccess: z.strictObject({ teamUrl: harnessTeamUrlSchema(), aud: audSchema }).optional(),
});

/** Reads the overrides from their JSON text; the error names each field that is wrong and why. */
export function parseUpstreamOverrides(text: string): Result<UpstreamOverrides> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return err('INVALID_INPUT', 'The service overrides are not JSON.');
  }
  const parsed = overridesSchema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.map(String).join('.') || '(the whole value)'}: ${issue.message}`);
    return err('INVALID_INPUT', `The service overrides are wrong: ${problems.join('; ')}`);
  }
  const { gemini, zoho, cfAccess } = parsed.data;
  return ok({
    ...(gemini ? { gemini } : {}),
    ...(zoho ? { zoho } : {}),
    ...(cfAccess ? { access: accessOnDouble(cfAccess.teamUrl, cfAccess.aud) } : {}),
  });
}

import { z } from 'zod';

/*
 * The three Cloudflare Access settings. Pure (zod and the URL global only) so that shared/settings.ts can take
 * these schemas over unchanged. Each schema trims, checks, and hands back the one normal form the verifier
 * compares against: a token's `iss` must equal the team URL byte for byte.
 */

const TEAM_HOST = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.cloudflareaccess\.com$/;
const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['127.0.0.1', 'localhost']);
const AUD_TAG = /^[0-9a-f]{64}$/i;

const TEAM_EXAMPLE = 'such as https://myteam.cloudflareaccess.com';

/** Members paste domains as the Zero Trust dashboard shows them, without a scheme: https is implied. */
function parseWithImpliedHttps(raw: string): URL | null {
  const candidate = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `https://${raw}`;
  return URL.canParse(candidate) ? new URL(candidate) : null;
}

type Checked = { ok: true; value: string } | { ok: false; message: string };

function checkTeamUrl(raw: string, allowLoopback: boolean): Checked {
  const url = parseWithImpliedHttps(raw);
  if (!url) return { ok: false, message: `Enter your Cloudflare Access team domain, ${TEAM_EXAMPLE}.` };
  const loopback = allowLoopback && url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname) && url.port !== '';
  if (url.protocol !== 'https:' && !loopback) {
    return {
      ok: false,
      message: allowLoopback
        ? 'The team URL must use https, or http on 127.0.0.1 or localhost with a port.'
        : 'The team domain must use https.',
    };
  }
  if (url.username || url.password) {
    return { ok: false, message: 'The team domain must not contain a user name or password.' };
  }
  if (url.pathname !== '/' || url.search || url.hash) {
    return { ok: false, message: `Enter only the team domain, without a path, ${TEAM_EXAMPLE}.` };
  }
  if (loopback) return { ok: true, value: url.origin };
  if (url.port !== '' || !TEAM_HOST.test(url.hostname)) {
    return { ok: false, message: `The team domain must be <team>.cloudflareaccess.com, ${TEAM_EXAMPLE}.` };
  }
  return { ok: true, value: url.origin };
}

function checkAppUrl(raw: string): Checked {
  const url = parseWithImpliedHttps(raw);
  if (!url || !url.hostname) {
    return { ok: false, message: 'Enter the protected application URL, such as https://desk.example.com.' };
  }
  if (url.protocol !== 'https:') return { ok: false, message: 'The application URL must use https.' };
  if (url.username || url.password) {
    return { ok: false, message: 'The application URL must not contain a user name or password.' };
  }
  // A fragment never reaches the server, so it cannot be part of what Access protects.
  url.hash = '';
  return { ok: true, value: url.href };
}

function schemaFrom(check: (raw: string) => Checked) {
  return z
    .string()
    .trim()
    .transform((raw, ctx) => {
      const checked = check(raw);
      if (checked.ok) return checked.value;
      ctx.addIssue({ code: 'custom', message: checked.message });
      return z.NEVER;
    });
}

/** `<team>.cloudflareaccess.com`, bare or as an https URL; normalised to `https://<team>.cloudflareaccess.com`. */
export const teamUrlSchema = schemaFrom((raw) => checkTeamUrl(raw, false));

/** The URL Access protects, https only; a bare host gets https, the fragment is dropped. */
export const appUrlSchema = schemaFrom(checkAppUrl);

/** The application's Audience (AUD) tag: 64 hex characters, normalised to lowercase. */
export const audSchema = z
  .string()
  .trim()
  .regex(AUD_TAG, 'The AUD tag is 64 hexadecimal characters: copy it from the application in Cloudflare Zero Trust.')
  .transform((tag) => tag.toLowerCase());

export const accessConfigSchema = z.object({ teamUrl: teamUrlSchema, appUrl: appUrlSchema, aud: audSchema });
export type AccessConfig = z.infer<typeof accessConfigSchema>;

/**
 * For the development harness only: also accepts a loopback http team URL (`http://127.0.0.1:PORT`,
 * `http://localhost:PORT`) so that the Cloudflare Access double can stand in. A function, not a flag on
 * `teamUrlSchema`, so that the app's settings cannot reach it by accident.
 */
export function harnessTeamUrlSchema() {
  return schemaFrom((raw) => checkTeamUrl(raw, true));
}

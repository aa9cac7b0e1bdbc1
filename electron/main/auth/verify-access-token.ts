import { decodeProtectedHeader, errors, jwtVerify, type JWTPayload } from 'jose';
import { z } from 'zod';
import { AUTH } from '../../../shared/limits';
import type { Member } from '../../../shared/member';
import { err, ok, type Err, type Result } from '../../../shared/result';
import type { JwksCache } from './jwks-cache';

/** Who signed in, as Cloudflare Access vouches for them. Times are epoch milliseconds. */
export interface VerifiedIdentity extends Member {
  readonly expiresAt: number;
  readonly issuedAt: number;
}

export interface VerifyAccessTokenOptions {
  /** Normalised team URL: the only accepted `iss`. */
  teamUrl: string;
  /** Normalised AUD tag: `aud` must contain it. */
  aud: string;
  jwks: JwksCache;
  now: () => number;
}

export type AccessTokenRejection =
  | 'malformed'
  | 'unsupported_algorithm'
  | 'unknown_key'
  | 'bad_signature'
  | 'expired'
  | 'not_yet_valid'
  | 'wrong_issuer'
  | 'wrong_audience'
  | 'wrong_type'
  | 'service_token'
  | 'missing_email';

const SIGN_IN_AGAIN = 'Sign in again with your staff account.';

const REJECTION_MESSAGES: Record<AccessTokenRejection, string> = {
  malformed: `The sign-in token is not valid. ${SIGN_IN_AGAIN}`,
  unsupported_algorithm: `The sign-in token is not signed the way Cloudflare Access signs. ${SIGN_IN_AGAIN}`,
  unknown_key: `The sign-in token is signed with a key your team does not publish. ${SIGN_IN_AGAIN}`,
  bad_signature: `The sign-in token's signature does not match its content. ${SIGN_IN_AGAIN}`,
  expired: `Your sign-in has expired. ${SIGN_IN_AGAIN}`,
  not_yet_valid: `The sign-in token is not valid yet: check that this computer's clock is right, then sign in again.`,
  wrong_issuer: 'The sign-in came from a different Cloudflare Access team: check the team domain in Settings.',
  wrong_audience: 'The sign-in was issued for a different application: check the AUD tag in Settings.',
  wrong_type: `The token is not an application sign-in. ${SIGN_IN_AGAIN}`,
  service_token: 'Service tokens cannot use Staff Desk: sign in with your staff account.',
  missing_email: `The sign-in carries no email address. ${SIGN_IN_AGAIN}`,
};

function rejected(reason: AccessTokenRejection): Err {
  return err('UNAUTHENTICATED', REJECTION_MESSAGES[reason], { reason });
}

const memberClaimsSchema = z.object({
  // Loose on purpose: the address is vouched for by the signature; a stricter pattern would only lock members out.
  email: z.string().trim().regex(/^[^\s@]+@[^\s@]+$/).optional().catch(undefined),
  name: z.string().trim().min(1).optional().catch(undefined),
  common_name: z.string().min(1).optional().catch(undefined),
  type: z.unknown(),
  exp: z.number(),
  iat: z.number(),
});

/**
 * Verifies a `CF_Authorization` JWT. RS256 only, whatever the header says: `alg: none` and HS256 signed with the
 * public key (key confusion) are refused before any key is touched. Expected failures come back as values:
 * UNAUTHENTICATED with a `reason`, or UPSTREAM when the key set cannot be fetched. The token itself never
 * appears in a message.
 */
export async function verifyAccessToken(
  token: string,
  options: VerifyAccessTokenOptions,
): Promise<Result<VerifiedIdentity>> {
  let header: ReturnType<typeof decodeProtectedHeader>;
  try {
    header = decodeProtectedHeader(token);
  } catch {
    return rejected('malformed');
  }
  if (header.alg !== 'RS256') return rejected('unsupported_algorithm');
  if (typeof header.kid !== 'string' || header.kid === '') return rejected('malformed');

  const lookup = await options.jwks.getKey(header.kid);
  if (!lookup.found) {
    if (lookup.reason === 'unknown_key') return rejected('unknown_key');
    return err(
      'UPSTREAM',
      'The sign-in service (Cloudflare Access) cannot be reached to check your sign-in. Check your connection and try again.',
      { reason: 'jwks_unreachable', retryAfterMs: lookup.retryAfterMs },
    );
  }

  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, lookup.key, {
      algorithms: ['RS256'],
      issuer: options.teamUrl,
      audience: options.aud,
      requiredClaims: ['exp', 'iat'],
      clockTolerance: AUTH.clockSkewMs / 1000,
      currentDate: new Date(options.now()),
    }));
  } catch (error) {
    return rejected(rejectionFor(error));
  }

  const claims = memberClaimsSchema.safeParse(payload);
  if (!claims.success) return rejected('malformed');
  const { email, name, common_name: serviceTokenClientId, type, exp, iat } = claims.data;
  // Service tokens carry their client id in common_name; the seeds admit only a signed-in member.
  if (serviceTokenClientId !== undefined) return rejected('service_token');
  if (type !== 'app') return rejected('wrong_type');
  if (email === undefined) return rejected('missing_email');
  return ok({ email, ...(name === undefined ? {} : { name }), expiresAt: exp * 1000, issuedAt: iat * 1000 });
}

function rejectionFor(error: unknown): AccessTokenRejection {
  if (error instanceof errors.JWTExpired) return 'expired';
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'bad_signature';
  if (error instanceof errors.JOSEAlgNotAllowed) return 'unsupported_algorithm';
  if (error instanceof errors.JWTClaimValidationFailed && error.reason === 'check_failed') {
    if (error.claim === 'nbf') return 'not_yet_valid';
    if (error.claim === 'iss') return 'wrong_issuer';
    if (error.claim === 'aud') return 'wrong_audience';
  }
  return 'malformed';
}

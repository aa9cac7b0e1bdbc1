import { z } from 'zod';
import { appErrorSchema } from './result';

/** Secrets the member types in Settings. */
export const MEMBER_SECRET_NAMES = ['gemini.apiKey', 'zoho.clientId', 'zoho.clientSecret'] as const;
/** Every secret the app keeps; the Zoho refresh token is written by the connect flow, never typed. */
export const SECRET_NAMES = [...MEMBER_SECRET_NAMES, 'zoho.refreshToken'] as const;

export type MemberSecretName = (typeof MEMBER_SECRET_NAMES)[number];
export type SecretName = (typeof SECRET_NAMES)[number];

export const memberSecretNameSchema = z.enum(MEMBER_SECRET_NAMES);
/** The one key the first run stores before sign-in; the mailbox's client waits for a signed-in member. */
export const SIGNED_OUT_SECRETS: readonly MemberSecretName[] = ['gemini.apiKey'];

/**
 * What the last try of the stored Gemini key with Google came to, and when: kept across restarts so that Settings
 * never calls a refused key "configured" and fine. Never the key itself.
 * - works: Google answered with it;
 * - failed: Google answered, and refused (the key, the model, the quota): `error` says which;
 * - unverified: Google could not be reached, so nothing is known about the key: `error` says why.
 */
export const keyCheckSchema = z.object({
  outcome: z.enum(['works', 'failed', 'unverified']),
  /** Epoch milliseconds. */
  checkedAt: z.number().int().nonnegative(),
  error: appErrorSchema.optional(),
});
export type KeyCheck = z.infer<typeof keyCheckSchema>;

/** Which secrets are configured, and the Gemini key's last check. Never the values: secrets are write-only across IPC. */
export const secretsStatusSchema = z.object({
  configured: z.record(z.enum(SECRET_NAMES), z.boolean()),
  /** null until the stored key has been checked (a key from an older version, or given by the harness). */
  geminiCheck: keyCheckSchema.nullable(),
});
export type SecretsStatus = z.infer<typeof secretsStatusSchema>;

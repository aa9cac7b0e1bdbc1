import { z } from 'zod';

/** Secrets the member types in Settings. */
export const MEMBER_SECRET_NAMES = ['gemini.apiKey', 'zoho.clientId', 'zoho.clientSecret'] as const;
/** Every secret the app keeps; the Zoho refresh token is written by the connect flow, never typed. */
export const SECRET_NAMES = [...MEMBER_SECRET_NAMES, 'zoho.refreshToken'] as const;

export type MemberSecretName = (typeof MEMBER_SECRET_NAMES)[number];
export type SecretName = (typeof SECRET_NAMES)[number];

export const memberSecretNameSchema = z.enum(MEMBER_SECRET_NAMES);

/** Which secrets are configured. Never the values: secrets are write-only across IPC. */
export const secretsStatusSchema = z.object({
  configured: z.record(z.enum(SECRET_NAMES), z.boolean()),
});
export type SecretsStatus = z.infer<typeof secretsStatusSchema>;

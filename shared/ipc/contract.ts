import { z } from 'zod';
import { authStatusSchema } from '../auth';
import { IPC } from '../limits';
import { memberSecretNameSchema, secretsStatusSchema } from '../secrets';
import { settingsPatchSchema, settingsSchema } from '../settings';
import { unary, type Broadcasts, type Contract } from './define';

const noInput = z.strictObject({});

/**
 * The one IPC contract: every channel between the renderer and main, with the schema of what goes in and
 * what comes back. The registry validates against it; the preload and the renderer's types are derived from it.
 * Later capabilities add their channels here (DESIGN section 4 names them).
 */
export const contract = {
  'app:info': unary({
    input: noInput,
    output: z.object({ version: z.string(), dataPath: z.string(), platform: z.string() }),
  }),
  /** Opens an https link in the system browser (never inside the app). */
  'app:openExternal': unary({
    input: z.strictObject({ url: z.string().max(IPC.knowledgePathMaxChars) }),
    output: z.object({ opened: z.literal(true) }),
  }),

  'settings:get': unary({ input: noInput, output: settingsSchema }),
  'settings:update': unary({ input: settingsPatchSchema, output: settingsSchema }),

  /** Write-only: no channel ever returns a secret's value. */
  'secrets:set': unary({
    input: z.strictObject({ name: memberSecretNameSchema, value: z.string().max(IPC.secretValueMaxChars) }),
    output: secretsStatusSchema,
  }),
  'secrets:delete': unary({
    input: z.strictObject({ name: memberSecretNameSchema }),
    output: secretsStatusSchema,
  }),
  'secrets:status': unary({ input: noInput, output: secretsStatusSchema }),
  /** A real, cheap call with the stored Gemini key: it works, or the precise reason it does not. */
  'secrets:check': unary({
    input: noInput,
    output: z.object({ model: z.string(), latencyMs: z.number().int().nonnegative() }),
  }),

  /** Staff identity (Cloudflare Access). */
  'auth:status': unary({ input: noInput, output: authStatusSchema }),
  /** Opens the company's sign-in window; resolves when it closes (signed in, or cancelled: still signed out). */
  'auth:login': unary({ input: noInput, output: authStatusSchema }),
  'auth:logout': unary({ input: noInput, output: authStatusSchema }),
} satisfies Contract;

/** Events main sends on its own. */
export const broadcasts = {
  /** Sign-in, sign-out, silent renewal, expiry. */
  'auth:changed': authStatusSchema,
} satisfies Broadcasts;
export type AppBroadcasts = typeof broadcasts;

export type AppContract = typeof contract;
export type AppChannel = keyof AppContract;

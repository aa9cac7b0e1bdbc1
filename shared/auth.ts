import { z } from 'zod';

/** Who is signed in, as the shell shows it. Times are epoch milliseconds. */
export const authStatusSchema = z.discriminatedUnion('state', [
  /** Team domain, application URL or AUD tag not set yet: sign-in cannot start. */
  z.object({ state: z.literal('not_configured') }),
  z.object({ state: z.literal('signed_out') }),
  z.object({
    state: z.literal('signed_in'),
    email: z.string(),
    name: z.string().optional(),
    expiresAt: z.number(),
  }),
  /** The session ended and silent renewal could not bring it back: the member must sign in again. */
  z.object({
    state: z.literal('expired'),
    email: z.string(),
    name: z.string().optional(),
    expiredAt: z.number(),
  }),
]);
export type AuthStatus = z.infer<typeof authStatusSchema>;

import { z } from 'zod';
import { zohoDataCentreSchema } from './zoho-data-centres';

/** How the member grants the app read access to their mailbox (issue 5). */
export const zohoConnectInputSchema = z.strictObject({
  /** `device`: a code typed in Zoho's page (the default); `loopback`: Zoho redirects the browser back to the app. */
  method: z.enum(['device', 'loopback']),
  /**
   * Also asks Zoho for leave to create messages (ZohoMail.messages.CREATE), which saving meeting notes as a draft
   * needs: asked for only when the member first uses it, and kept by later connections.
   */
  compose: z.boolean().optional(),
});

/** What the Settings pane shows while a connect flow runs. */
export const zohoProgressSchema = z.discriminatedUnion('stage', [
  /** Device flow: the code to type in Zoho's page, where, and until when (ISO 8601). */
  z.object({ stage: z.literal('code'), userCode: z.string(), verificationUrl: z.string(), expiresAt: z.string() }),
  /** Zoho's page is open in the system browser. */
  z.object({ stage: z.literal('browser_opened') }),
  /** Waiting for the member to approve in the browser. */
  z.object({ stage: z.literal('waiting') }),
]);
export type ZohoProgress = z.infer<typeof zohoProgressSchema>;

/** The mailbox the flow connected. IDs are strings: Zoho's are 64-bit. */
export const zohoConnectedSchema = z.object({ email: z.string(), accountId: z.string() });
export type ZohoConnected = z.infer<typeof zohoConnectedSchema>;

export const zohoStatusSchema = z.object({
  /**
   * not_configured: no OAuth client id and secret yet; disconnected: no mailbox granted yet, or the member
   * disconnected it; reconnect_needed: Zoho refused the grant (revoked at Zoho, or lapsed), so the member must
   * connect again, and what the app stored from the mailbox (the digest) is still theirs to see.
   */
  state: z.enum(['not_configured', 'disconnected', 'reconnect_needed', 'connected']),
  /** The mailbox's primary address, once the app has seen it (it may be offline right after a restart). */
  email: z.string().optional(),
  dataCentre: zohoDataCentreSchema,
  /** The grant includes the compose scope: the app may save drafts (never send). */
  canDraft: z.boolean(),
});
export type ZohoStatus = z.infer<typeof zohoStatusSchema>;

/**
 * `zoho:changed`: the mailbox's state as soon as main learns it (Zoho refused the grant while the app read mail, a
 * connect or a disconnect), so that what stands in front of the mailbox follows without a reload. The state alone:
 * every window hears it, and the address is not theirs to know.
 */
export const zohoChangedSchema = zohoStatusSchema.pick({ state: true });
export type ZohoChanged = z.infer<typeof zohoChangedSchema>;

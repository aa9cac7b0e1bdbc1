import { z } from 'zod';

/**
 * What Zoho sends, as far as the app reads it (docs/external-apis.md, Zoho Mail). Bodies are parsed by
 * parseZohoJson first, so an ID arrives as a number (when small) or as the string of its digits (when 64-bit):
 * either way it leaves here as a string, and stays one.
 */
const zohoIdSchema = z
  .union([z.string().regex(/^\d{1,24}$/), z.number().int().nonnegative()])
  .transform((id) => String(id));

/** The latest instant a JavaScript Date can hold. */
const MAX_DATE_MS = 8_640_000_000_000_000;

/** Epoch milliseconds, as a string (Zoho's way) or a number. */
const epochMsSchema = z
  .union([z.string().regex(/^\d{1,16}$/), z.number().int().nonnegative()])
  .transform((ms) => Number(ms))
  .refine((ms) => ms <= MAX_DATE_MS);

/** A search or view item. Older samples spell the time `receivedtime`; both are read. */
export const zohoMessageItemSchema = z
  .object({
    messageId: zohoIdSchema,
    folderId: zohoIdSchema,
    fromAddress: z.string().optional(),
    sender: z.string().optional(),
    subject: z.string().optional(),
    summary: z.string().optional(),
    receivedTime: epochMsSchema.optional(),
    receivedtime: epochMsSchema.optional(),
  })
  .transform(({ receivedTime, receivedtime, ...item }) => ({ ...item, receivedAtMs: receivedTime ?? receivedtime }));
export type ZohoMessageItem = z.output<typeof zohoMessageItemSchema>;

export const zohoAccountSchema = z.object({
  accountId: zohoIdSchema,
  primaryEmailAddress: z.string().optional(),
  mailboxAddress: z.string().optional(),
});

export const zohoFolderSchema = z.object({
  folderId: zohoIdSchema,
  folderName: z.string().optional(),
  folderType: z.string().optional(),
});

export const zohoContentSchema = z.object({ content: z.string() });

/** The Mail API's envelope: `{status: {code, description}, data}`; on failure `data` holds `errorCode`. */
export const zohoEnvelopeSchema = z.object({
  status: z.object({ code: z.number().optional(), description: z.string().optional() }).optional(),
  data: z.unknown(),
});

export const zohoErrorDataSchema = z.object({ errorCode: z.string().optional(), moreInfo: z.string().optional() });

/** The accounts server's answers: some failures arrive as HTTP 200 with `{"error": "..."}`. */
export const oauthErrorSchema = z.object({ error: z.string(), error_description: z.string().optional() });

export const oauthTokenSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  /** Seconds. */
  expires_in: z.number().positive(),
  /** What the grant covers, when Zoho says (its answers usually do); a shape the app cannot read counts as unsaid. */
  scope: z.string().optional().catch(undefined),
});
export type OAuthToken = z.output<typeof oauthTokenSchema>;

export const deviceCodeSchema = z.object({
  user_code: z.string().min(1),
  device_code: z.string().min(1),
  verification_url: z.string().min(1),
  /** Seconds. */
  expires_in: z.number().positive(),
  /** Seconds between polls. */
  interval: z.number().positive().optional(),
});

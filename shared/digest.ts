import { z } from 'zod';
import { DIGEST } from './limits';
import { appErrorSchema } from './result';

/**
 * The mailbox digest (F0 pass, issue 5): what a pass stores in `correo_digests` and what its channels carry.
 * Field names follow the seeds (`resumen`, `ruido_count`, `generated_at`) so the desktop and the web share them.
 */

/** A message that needs the member, and why. IDs are strings: Zoho's are 64-bit. No body, ever (S12). */
export const digestItemSchema = z.object({
  messageId: z.string(),
  folderId: z.string(),
  from: z.string(),
  subject: z.string(),
  why: z.string(),
  /** Where the member opens the message in Zoho Mail's web app. */
  webUrl: z.string(),
  /**
   * When Zoho received it, ISO 8601: tells a later pass whether its unread listing reached back far enough to vouch
   * that the message was handled. Absent from items stored before it was kept, and when Zoho gave no time.
   */
  date: z.string().optional(),
});
export type DigestItem = z.infer<typeof digestItemSchema>;

/** One stored pass; `generated_at` is when it looked at the mailbox, ISO 8601 UTC. */
export const digestSchema = z.object({
  generated_at: z.string(),
  resumen: z.string(),
  ruido_count: z.number().int().nonnegative(),
  items: z.array(digestItemSchema),
  created_at: z.string(),
});
export type Digest = z.infer<typeof digestSchema>;

/** Why the member's last pass failed (not cancelled), when, and whether the schedule or the member started it. */
export const digestFailureSchema = z.object({
  /** ISO 8601 UTC. */
  at: z.string(),
  trigger: z.enum(['scheduled', 'manual']),
  error: appErrorSchema,
});
export type DigestFailure = z.infer<typeof digestFailureSchema>;

/**
 * What the Secretary pane shows of the pass: the latest stored pass (its open items only: neither dismissed nor
 * handled since), and the failure of a pass that ran after it, if one did.
 */
export const digestStateSchema = z.object({
  latest: digestSchema.nullable(),
  failure: digestFailureSchema.nullable(),
});
export type DigestState = z.infer<typeof digestStateSchema>;

/** `digest:dismiss`: the member is done with this item; it stays away from later passes. `digest:undismiss` undoes it. */
export const digestDismissInputSchema = z.strictObject({ messageId: z.string().min(1).max(64) });

/** `digest:progress`: the stage a pass is at; `total` is the number of new messages once known. */
export const digestProgressSchema = z.object({
  stage: z.enum(['fetching', 'reading', 'summarising', 'saved']),
  total: z.number().int().nonnegative().optional(),
});
export type DigestProgress = z.infer<typeof digestProgressSchema>;

/** Local wall-clock time of day, 24-hour "HH:MM"; Settings checks the member's entry with it before main does. */
export const digestTimeSchema = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time of day such as 08:00.');

/** The Settings section of the scheduled pass. */
export const digestSettingsSchema = z.object({
  enabled: z.boolean().default(true),
  time: digestTimeSchema.default(DIGEST.defaultTime),
  weekdaysOnly: z.boolean().default(true),
});
export type DigestSettings = z.infer<typeof digestSettingsSchema>;

export const DEFAULT_DIGEST_SETTINGS: DigestSettings = digestSettingsSchema.parse({});

// No defaults in a patch: they would reset the fields not sent.
export const digestSettingsPatchSchema = z
  .strictObject({ enabled: z.boolean(), time: digestTimeSchema, weekdaysOnly: z.boolean() })
  .partial();

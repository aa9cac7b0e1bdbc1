import { z } from 'zod';

/**
 * Help > Copy diagnostics (issue 28, TP4): a plain-text report for whoever supports the member, made by main from
 * what it knows (versions, settings, policy, each capability's state, the log's last lines). It is built from
 * names, codes and counts, and the log is redacted again, so no secret, token, mail text or transcript is in it.
 */
export const diagnosticsCopiedSchema = z.object({ copied: z.literal(true), lines: z.number().int().nonnegative() });
export const diagnosticsSavedSchema = z.object({ saved: z.boolean() });

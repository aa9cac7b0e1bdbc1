import { z } from 'zod';

/**
 * Error codes keep the seeds' HTTP meaning so that the desktop and the web endpoints share one vocabulary.
 * The HTTP status is kept beside each code for logs and for the web endpoints that mirror these channels.
 */
export const ERROR_HTTP_STATUS = {
  UNAUTHENTICATED: 403,
  INVALID_INPUT: 400,
  TOO_LARGE: 413,
  RATE_LIMITED: 429,
  NOT_CONFIGURED: 503,
  UPSTREAM: 500,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_HTTP_STATUS;
export const ERROR_CODES = Object.keys(ERROR_HTTP_STATUS) as [ErrorCode, ...ErrorCode[]];

export const appErrorSchema = z.object({
  code: z.enum(ERROR_CODES),
  /** A sentence the member can act on; never a stack trace, never a secret. */
  message: z.string(),
  /** Only with RATE_LIMITED (and upstream quota): how long to wait before asking again. */
  retryAfterMs: z.number().int().nonnegative().optional(),
  /** What to do about it, when there is something concrete (e.g. how to unlock the keychain). */
  hint: z.string().optional(),
  /** For INVALID_INPUT / TOO_LARGE: the input field at fault, dotted (e.g. "history.3.content"). */
  field: z.string().optional(),
  /**
   * Why, in a stable machine word (e.g. "invalid_key", "quota", "network", "keychain_unavailable"), so the UI can
   * say it in the member's language; `message` stays the English sentence for logs and older UIs.
   */
  reason: z.string().optional(),
  /** With "unknown_model": the model id Gemini does not offer to this key, so the member knows which to change. */
  model: z.string().optional(),
  /** With "off_by_policy": the feature the machine's policy switched off (shared/settings.ts FEATURES). */
  feature: z.string().optional(),
});
export type AppError = z.infer<typeof appErrorSchema>;

export type Ok<T> = { ok: true; value: T };
export type Err = { ok: false; error: AppError };
export type Result<T> = Ok<T> | Err;

export function ok<T>(value: T): Ok<T> {
  return { ok: true, value };
}

export function err(code: ErrorCode, message: string, extra: Omit<AppError, 'code' | 'message'> = {}): Err {
  return { ok: false, error: { code, message, ...extra } };
}

export function resultSchema<T extends z.ZodType>(value: T) {
  return z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), value }),
    z.object({ ok: z.literal(false), error: appErrorSchema }),
  ]);
}

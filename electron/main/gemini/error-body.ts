/** What the gateway needs from Google's error body `{error: {code, message, status, details[]}}`. */
export interface GoogleError {
  message: string;
  /** google.rpc status name, e.g. RESOURCE_EXHAUSTED. */
  status: string | null;
  /** ErrorInfo reasons, e.g. API_KEY_INVALID. */
  reasons: string[];
  /** QuotaFailure quota ids, e.g. GenerateRequestsPerDayPerProjectPerModel. */
  quotaIds: string[];
  /** RetryInfo.retryDelay. */
  retryDelayMs: number | null;
}

const TYPE_PREFIX = 'type.googleapis.com/google.rpc.';

/**
 * Reads the body out of the SDK's error text: the JSON body itself for an HTTP error, or
 * "got status: X. {json}" for an error that arrived inside a stream. Text that holds no body is the message.
 */
export function parseGoogleError(text: string): GoogleError {
  const body = parseFrom(text, text.indexOf('{'));
  const error = record(record(body)?.error);
  if (!error) return { message: text, status: null, reasons: [], quotaIds: [], retryDelayMs: null };
  const details = Array.isArray(error.details) ? error.details.map(record).filter((d) => d !== null) : [];
  const ofType = (type: string) => details.filter((d) => d['@type'] === TYPE_PREFIX + type);
  const retryDelays = ofType('RetryInfo')
    .map((d) => (typeof d.retryDelay === 'string' ? parseDurationMs(d.retryDelay) : null))
    .filter((ms) => ms !== null);
  return {
    message: typeof error.message === 'string' ? error.message : text,
    status: typeof error.status === 'string' ? error.status : null,
    reasons: ofType('ErrorInfo').flatMap((d) => (typeof d.reason === 'string' ? [d.reason] : [])),
    quotaIds: ofType('QuotaFailure').flatMap((d) =>
      (Array.isArray(d.violations) ? d.violations.map(record) : []).flatMap((v) =>
        typeof v?.quotaId === 'string' ? [v.quotaId] : [],
      ),
    ),
    retryDelayMs: retryDelays[0] ?? null,
  };
}

/** A protobuf Duration in its JSON form ("21s", "1.5s", "0.250s") in milliseconds; null if it is not one. */
export function parseDurationMs(duration: string): number | null {
  const match = /^\s*(\d+(?:\.\d+)?)s\s*$/.exec(duration);
  return match ? Math.round(Number(match[1]) * 1000) : null;
}

function parseFrom(text: string, start: number): unknown {
  if (start < 0) return null;
  try {
    return JSON.parse(text.slice(start));
  } catch {
    return null;
  }
}

function record(value: unknown): Record<string, unknown> | null {
  const isRecord = typeof value === 'object' && value !== null && !Array.isArray(value);
  return isRecord ? (value as Record<string, unknown>) : null;
}

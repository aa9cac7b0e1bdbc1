import { GEMINI } from '../../../shared/limits';

// Live's WebSocket URL carries the key as ?key=, and the SDK's error text can echo URLs.
const KEY_IN_QUERY = /([?&](?:key|api_key|access_token)=)[^&\s"'#]+/gi;
// Google API keys have a recognisable shape: mask any that slips through in another form.
const GOOGLE_API_KEY = /AIza[0-9A-Za-z_-]{35}/g;

/** Text from Google or the runtime, made safe for a log line: no key in any form, and bounded. */
export function scrubSecrets(text: string, key?: string): string {
  let out = text.replace(KEY_IN_QUERY, '$1[redacted]').replace(GOOGLE_API_KEY, '[redacted]');
  if (key) out = out.split(key).join('[redacted]');
  return out.length > GEMINI.upstreamDetailMaxChars ? `${out.slice(0, GEMINI.upstreamDetailMaxChars)}…` : out;
}

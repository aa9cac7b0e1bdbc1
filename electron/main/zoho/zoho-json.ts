import { isInteger, isSafeNumber, parse } from 'lossless-json';

/**
 * Zoho writes its 64-bit IDs (1709876190693100009 > 2^53) as JSON numbers, which JSON.parse silently rounds. Here
 * an integer outside the safe range stays the string of its exact digits; every other number is a number.
 */
const keepUnsafeIntegers = (digits: string): unknown => (isInteger(digits) && !isSafeNumber(digits) ? digits : Number(digits));

/** The body as a value, or null when it is not JSON. A repeated key keeps its last value, as JSON.parse does. */
export function parseZohoJson(text: string): unknown {
  try {
    return parse(text, null, { parseNumber: keepUnsafeIntegers, onDuplicateKey: ({ newValue }) => newValue });
  } catch {
    return null;
  }
}

import { CONTENT_SECURITY_POLICY } from '../../../shared/content-security-policy';

/** Headers on every response the app serves from app://. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
};

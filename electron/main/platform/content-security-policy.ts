import { contentSecurityPolicyOf } from '../../../shared/content-security-policy';

/** Headers on a response the app serves from app://: `name` is the file's path in the renderer folder. */
export function securityHeadersOf(name: string): Readonly<Record<string, string>> {
  return { 'Content-Security-Policy': contentSecurityPolicyOf(name), 'X-Content-Type-Options': 'nosniff' };
}

import { crashServerOrigin } from '../../../shared/crash-reports';
import type { Result } from '../../../shared/result';
import { SECRET_NAMES, type KeyCheck, type SecretName } from '../../../shared/secrets';
import type { Settings } from '../../../shared/settings';

const iso = (ms: number) => new Date(ms).toISOString();

function valueText(value: unknown): string {
  if (value === null || value === undefined) return 'not set';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** `section.key = value`, one line per field; a map (the relevance floors) one line per entry, "none" when empty. */
function fieldLines(value: unknown, path: string): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [`${path} = ${valueText(value)}`];
  const entries = Object.entries(value);
  return entries.length === 0 ? [`${path} = none`] : entries.flatMap(([key, inner]) => fieldLines(inner, `${path}.${key}`));
}

function keyCheckText(check: KeyCheck | null): string {
  if (!check) return 'never checked';
  const error = check.error ? ` (${[check.error.code, check.error.reason].filter(Boolean).join(', ')})` : '';
  return `${check.outcome} at ${iso(check.checkedAt)}${error}`;
}

/**
 * The Settings section: every setting's value (none is secret, but the crash server's path or query may carry a
 * token: its origin only), then each secret as configured or not, never its value, and the Gemini key's last check.
 */
export function settingsLines(settings: Settings, configured: Result<Record<SecretName, boolean>>, keyCheck: KeyCheck | null): string[] {
  const secrets = SECRET_NAMES.map((name) =>
    configured.ok ? `${name} = ${configured.value[name] ? 'configured' : 'not set'}` : `${name} = unknown (${configured.error.code})`,
  );
  const { url } = settings.crashReports;
  const shown: Settings = { ...settings, crashReports: { ...settings.crashReports, url: url === null ? null : crashServerOrigin(url) } };
  return [
    ...Object.entries(shown).flatMap(([section, value]) => fieldLines(value, section)),
    ...secrets,
    `gemini.apiKey last check = ${keyCheckText(keyCheck)}`,
  ];
}

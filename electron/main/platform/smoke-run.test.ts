import { describe, expect, it } from 'vitest';
import { createMemorySecretStore } from '../secrets/memory-secret-store';
import { forgetSecrets, SMOKE_APP_KEYCHAIN_SERVICE, smokeRunOf } from './smoke-run';

const AUD = 'a'.repeat(64);
const DOUBLES = JSON.stringify({
  gemini: { baseUrl: 'http://127.0.0.1:4100' },
  zoho: { accountsUrl: 'http://127.0.0.1:4200', mailUrl: 'http://localhost:4201' },
  cfAccess: { teamUrl: 'http://127.0.0.1:4300', aud: AUD.toUpperCase() },
});

describe('RD1 a smoke run', () => {
  it('is no smoke run for a packaged app or one started without the flag, whatever the overrides say', () => {
    expect(smokeRunOf({ isPackaged: true, vars: { STAFF_DESK_SMOKE_PROBE: '1', STAFF_DESK_SMOKE_UPSTREAMS: DOUBLES } })).toBeNull();
    expect(smokeRunOf({ isPackaged: false, vars: { STAFF_DESK_SMOKE_UPSTREAMS: DOUBLES } })).toBeNull();
    expect(smokeRunOf({ isPackaged: false, vars: { STAFF_DESK_SMOKE_PROBE: 'yes', STAFF_DESK_SMOKE_UPSTREAMS: DOUBLES } })).toBeNull();
  });

  it("talks to the suite's doubles, sign-in opening the Access double's own page, and keeps its own keychain entries", () => {
    expect(smokeRunOf({ isPackaged: false, vars: { STAFF_DESK_SMOKE_PROBE: '1', STAFF_DESK_SMOKE_UPSTREAMS: DOUBLES } })).toEqual({
      upstreams: {
        gemini: { baseUrl: 'http://127.0.0.1:4100' },
        zoho: { accountsUrl: 'http://127.0.0.1:4200', mailUrl: 'http://localhost:4201' },
        access: { teamUrl: 'http://127.0.0.1:4300', aud: AUD, appUrl: 'http://127.0.0.1:4300/' },
      },
      keychainService: SMOKE_APP_KEYCHAIN_SERVICE,
    });
    // Without overrides: the real services, and still never the member's keychain entries.
    expect(smokeRunOf({ isPackaged: false, vars: { STAFF_DESK_SMOKE_PROBE: '1' } })).toEqual({ upstreams: {}, keychainService: SMOKE_APP_KEYCHAIN_SERVICE });
  });

  it('refuses overrides that would send a request off this machine without TLS, naming the field', () => {
    const run = (upstreams: unknown) => () =>
      smokeRunOf({ isPackaged: false, vars: { STAFF_DESK_SMOKE_PROBE: '1', STAFF_DESK_SMOKE_UPSTREAMS: JSON.stringify(upstreams) } });
    expect(run({ gemini: { baseUrl: 'http://gemini.example.com' } })).toThrow(/gemini\.baseUrl: Use an https URL/);
    expect(run({ cfAccess: { teamUrl: 'http://127.0.0.1:4300', aud: 'short' } })).toThrow(/cfAccess\.aud: The AUD tag is 64 hexadecimal/);
    expect(run({ gemini: { baseUrl: 'https://gemini.example.com' }, extra: true })).toThrow(/STAFF_DESK_SMOKE_UPSTREAMS: .*extra/);
    expect(() => smokeRunOf({ isPackaged: false, vars: { STAFF_DESK_SMOKE_PROBE: '1', STAFF_DESK_SMOKE_UPSTREAMS: '{gemini' } })).toThrow(
      'STAFF_DESK_SMOKE_UPSTREAMS: The service overrides are not JSON.',
    );
  });

  it('starts with no secret in its keychain entries', async () => {
    const store = createMemorySecretStore();
    await store.set('gemini.apiKey', 'AIzaSy-left-by-an-earlier-run');
    expect(await forgetSecrets(store)).toBe(true);
    expect(await store.get('gemini.apiKey')).toEqual({ ok: true, value: null });
  });
});

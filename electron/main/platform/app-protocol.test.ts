import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTENT_SECURITY_POLICY, VOICE_DETECTION_CONTENT_SECURITY_POLICY } from '../../../shared/content-security-policy';

const electron = vi.hoisted(() => ({
  protocol: {
    registerSchemesAsPrivileged: vi.fn(),
    handle: vi.fn<(scheme: string, handler: (request: Request) => Promise<Response>) => void>(),
  },
}));
vi.mock('electron', () => electron);

const { handleAppProtocol, registerAppScheme } = await import('./app-protocol');

beforeEach(() => vi.clearAllMocks());

describe('app:// protocol', () => {
  it('registers app:// as a standard, secure scheme that does not bypass the CSP', () => {
    registerAppScheme();
    expect(electron.protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
    ]);
  });

  it('answers requests from the renderer folder with the CSP on every response', async () => {
    const readFile = vi.fn(async (file: string) => {
      if (file.endsWith('index.html')) return new TextEncoder().encode('<!doctype html>');
      throw Object.assign(new Error('missing'), { code: 'ENOENT' });
    });
    handleAppProtocol({ root: '/app/out/renderer', readFile });
    const [scheme, handler] = electron.protocol.handle.mock.calls[0]!;
    expect(scheme).toBe('app');

    const page = await handler(new Request('app://staff-desk/'));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe(VOICE_DETECTION_CONTENT_SECURITY_POLICY);
    expect(readFile).toHaveBeenCalledWith(expect.stringMatching(/out[/\\]renderer[/\\]index\.html$/));

    const missing = await handler(new Request('app://staff-desk/nope.js'));
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
  });
});

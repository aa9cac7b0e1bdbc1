import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { accessConfigSchema, appUrlSchema, audSchema, harnessTeamUrlSchema, teamUrlSchema } from './access-config';

function messageOf(schema: z.ZodType, input: unknown): string | undefined {
  const parsed = schema.safeParse(input);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

const AUD = 'ab'.repeat(32);

describe('team domain', () => {
  it.each([
    ['myteam.cloudflareaccess.com'],
    ['  myteam.cloudflareaccess.com  '],
    ['https://myteam.cloudflareaccess.com'],
    ['https://myteam.cloudflareaccess.com/'],
    ['HTTPS://MyTeam.CloudflareAccess.com'],
  ])('accepts %j and normalises it to the team URL without a path', (input) => {
    expect(teamUrlSchema.parse(input)).toBe('https://myteam.cloudflareaccess.com');
  });

  it('refuses http, saying https is required', () => {
    expect(messageOf(teamUrlSchema, 'http://myteam.cloudflareaccess.com')).toBe('The team domain must use https.');
  });

  it.each([
    ['https://myteam.example.com'],
    ['https://cloudflareaccess.com'],
    ['https://myteam.cloudflareaccess.com.evil.example'],
    ['https://a.b.cloudflareaccess.com'],
    ['https://myteam.cloudflareaccess.com:8443'],
  ])('refuses %j: only <team>.cloudflareaccess.com on the default port', (input) => {
    expect(messageOf(teamUrlSchema, input)).toMatch(/must be <team>\.cloudflareaccess\.com/);
  });

  it.each([
    ['https://myteam.cloudflareaccess.com/cdn-cgi/access/certs'],
    ['myteam.cloudflareaccess.com/login'],
    ['https://myteam.cloudflareaccess.com/?next=x'],
    ['https://myteam.cloudflareaccess.com/#x'],
  ])('refuses %j: a path, query or fragment is not part of a team domain', (input) => {
    expect(messageOf(teamUrlSchema, input)).toMatch(/without a path/);
  });

  it('refuses credentials in the URL', () => {
    expect(messageOf(teamUrlSchema, 'https://user:pw@myteam.cloudflareaccess.com')).toMatch(/user name or password/);
  });

  it.each([[''], ['   '], ['https://'], ['not a domain at all']])('refuses %j with a message saying what to enter', (input) => {
    expect(messageOf(teamUrlSchema, input)).toMatch(/myteam\.cloudflareaccess\.com/);
  });

  it('refuses a loopback http team URL in the app settings', () => {
    expect(messageOf(teamUrlSchema, 'http://127.0.0.1:4000')).toBe('The team domain must use https.');
  });
});

describe('harness team URL', () => {
  const harness = harnessTeamUrlSchema();

  it.each([
    ['http://127.0.0.1:4000', 'http://127.0.0.1:4000'],
    ['http://localhost:4000/', 'http://localhost:4000'],
    ['myteam.cloudflareaccess.com', 'https://myteam.cloudflareaccess.com'],
  ])('accepts %j as %j', (input, expected) => {
    expect(harness.parse(input)).toBe(expected);
  });

  it.each([['http://example.com:4000'], ['http://127.0.0.1'], ['http://10.0.0.1:4000']])(
    'refuses %j: http only on a loopback host with a port',
    (input) => {
      expect(messageOf(harness, input)).toMatch(/http on 127\.0\.0\.1 or localhost with a port/);
    },
  );

  it('still refuses a path on a loopback URL', () => {
    expect(messageOf(harness, 'http://127.0.0.1:4000/cdn-cgi')).toMatch(/without a path/);
  });
});

describe('application URL', () => {
  it.each([
    ['https://desk.example.com', 'https://desk.example.com/'],
    ['desk.example.com', 'https://desk.example.com/'],
    ['https://Desk.Example.com:443/app/', 'https://desk.example.com/app/'],
    ['https://desk.example.com/app#section', 'https://desk.example.com/app'],
  ])('accepts %j and normalises it to %j', (input, expected) => {
    expect(appUrlSchema.parse(input)).toBe(expected);
  });

  it('refuses http', () => {
    expect(messageOf(appUrlSchema, 'http://desk.example.com')).toBe('The application URL must use https.');
  });

  it('refuses credentials', () => {
    expect(messageOf(appUrlSchema, 'https://me:secret@desk.example.com')).toMatch(/user name or password/);
  });

  it.each([[''], ['https://'], ['https:///']])('refuses %j: a host is required', (input) => {
    expect(messageOf(appUrlSchema, input)).toMatch(/Enter the protected application URL/);
  });
});

describe('AUD tag', () => {
  it('accepts 64 hex characters in any case and normalises them to lowercase', () => {
    expect(audSchema.parse(` ${'AB'.repeat(32)} `)).toBe(AUD);
  });

  it.each([['ab'.repeat(31)], ['ab'.repeat(33)], [`${'ab'.repeat(31)}zz`], ['']])('refuses %j', (input) => {
    expect(messageOf(audSchema, input)).toMatch(/64 hexadecimal characters/);
  });
});

describe('the three settings together', () => {
  it('parses a complete configuration into its normal form', () => {
    expect(
      accessConfigSchema.parse({ teamUrl: 'myteam.cloudflareaccess.com', appUrl: 'desk.example.com', aud: AUD.toUpperCase() }),
    ).toEqual({ teamUrl: 'https://myteam.cloudflareaccess.com', appUrl: 'https://desk.example.com/', aud: AUD });
  });

  it('names the field at fault', () => {
    const parsed = accessConfigSchema.safeParse({ teamUrl: 'myteam.cloudflareaccess.com', appUrl: 'desk.example.com', aud: 'x' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['aud']);
  });
});

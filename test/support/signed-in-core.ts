import { startCfAccessDouble, type CfAccessDouble } from '../doubles/cf-access-double';
import { closedLoginPort } from './auth-test-kit';
import { createTestCore, type TestCore, type TestCoreOverrides } from './test-core';

export const TEST_MEMBER = { email: 'ana@example.com', name: 'Ana Pérez' };

/**
 * The real core with a staff member signed in through the real verification path: a token issued by the
 * Cloudflare Access double and accepted like the harness's cfToken. Protected channels then reach their handlers.
 */
export async function createSignedInTestCore(
  overrides: TestCoreOverrides = {},
): Promise<TestCore & { access: CfAccessDouble }> {
  const access = await startCfAccessDouble();
  const test = createTestCore({
    ...overrides,
    auth: {
      login: closedLoginPort(),
      notify: () => {},
      accessOverride: { teamUrl: access.teamUrl, appUrl: 'https://desk.example.com/', aud: access.aud },
    },
  });
  const signedIn = await test.core.auth.acceptToken(await access.issue(TEST_MEMBER));
  if (!signedIn.ok || signedIn.value.state !== 'signed_in') throw new Error('the test member could not sign in');
  return {
    ...test,
    access,
    dispose() {
      test.dispose();
      void access.close();
    },
  };
}

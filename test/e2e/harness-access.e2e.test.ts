import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { startSession } from './support/session';

/** Opens a socket from inside the page, as its own script would; resolves with whether it opened. */
function socketOpensFrom(page: Page, url: string): Promise<'open' | 'refused'> {
  return page.evaluate(
    (target) =>
      new Promise<'open' | 'refused'>((resolve) => {
        const socket = new WebSocket(target);
        socket.onopen = () => {
          socket.close();
          resolve('open');
        };
        socket.onclose = () => resolve('refused');
      }),
    url,
  );
}

it('a page without the token, or with a wrong one, gets nothing and cannot open the socket', async () => {
  const { harness, page } = await startSession({ validKeys: [] });
  const origin = new URL(harness.url).origin;
  const socketBase = harness.ws.slice(0, harness.ws.indexOf('?'));

  for (const address of [`${origin}/`, `${origin}/?token=wrong`, `${origin}/index.html`]) {
    const response = await page.goto(address);
    expect(response?.status(), address).toBe(403);
    expect(await page.locator('#root').count(), address).toBe(0);
    expect(response?.headers()['content-security-policy']).toContain("connect-src 'self'");
  }
  expect(await socketOpensFrom(page, socketBase)).toBe('refused');
  expect(await socketOpensFrom(page, `${socketBase}?token=wrong`)).toBe('refused');
  // The same page does get through with the token: the refusals above are the token's doing.
  expect(await socketOpensFrom(page, harness.ws)).toBe('open');
});

it('a page served from another origin cannot use the socket, even with the token', async () => {
  const { harness, page } = await startSession({ validKeys: [] });
  const elsewhere = new URL(harness.url);
  elsewhere.hostname = 'localhost';
  const socket = new URL(harness.ws);
  socket.hostname = 'localhost';

  const response = await page.goto(elsewhere.href);

  expect(response?.status()).toBe(200);
  expect(await socketOpensFrom(page, socket.href)).toBe('refused');
});

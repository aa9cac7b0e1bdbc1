import { afterEach, describe, expect, it, vi } from 'vitest';
import { type HttpDouble, startHttpDouble, untilAborted } from './http-double';

let double: HttpDouble<{ label: string }> | undefined;

afterEach(async () => {
  await double?.close();
});

function start(handle: Parameters<typeof startHttpDouble<{ label: string }>>[0]['handle']) {
  return startHttpDouble<{ label: string }>({ describe: (call) => ({ label: `${call.method} ${call.path}` }), handle });
}

describe('startHttpDouble', () => {
  it('listens on 127.0.0.1 only, on a port of its own', async () => {
    double = await start((exchange) => exchange.respond(200, {}, 'ok'));
    const other = await start((exchange) => exchange.respond(200, {}, 'ok'));
    try {
      expect(double.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(other.port).not.toBe(double.port);
    } finally {
      await other.close();
    }
  });

  it('records every request in arrival order, with its query, its JSON body and its own fields', async () => {
    double = await start((exchange) => exchange.respond(200, { 'content-type': 'application/json' }, JSON.stringify({ malformed: exchange.bodyIsMalformed })));

    const json = await fetch(`${double.baseUrl}/a?x=1&y=two`, { method: 'POST', body: '{"n":1}' });
    const broken = await fetch(`${double.baseUrl}/b`, { method: 'POST', body: '{not json' });
    await fetch(`${double.baseUrl}/c`);

    expect(await json.json()).toEqual({ malformed: false });
    expect(await broken.json()).toEqual({ malformed: true });
    expect(double.requests).toMatchObject([
      { label: 'POST /a', method: 'POST', path: '/a', query: { x: '1', y: 'two' }, body: { n: 1 }, aborted: false },
      { label: 'POST /b', path: '/b', body: null },
      { label: 'GET /c', path: '/c', body: null },
    ]);
    expect(double.requests[0]?.endedAt).toBeGreaterThanOrEqual(double.requests[0]?.firstByteAt ?? Infinity);
  });

  it('turns a throwing handler into a 500 that names the bug, instead of a hung test', async () => {
    double = await start(() => {
      throw new Error('no route for this');
    });

    const response = await fetch(double.baseUrl);

    expect(response.status).toBe(500);
    expect(await response.text()).toContain('no route for this');
  });

  it('clearRequests() empties the same array callers hold', async () => {
    double = await start((exchange) => exchange.respond(204, {}, ''));
    const held = double.requests;
    await fetch(double.baseUrl);

    double.clearRequests();

    expect(held).toHaveLength(0);
  });

  it('close() finishes with a hung request and an idle keep-alive connection open', async () => {
    double = await start(async (exchange) => {
      if (exchange.call.path === '/hang') await untilAborted(exchange.signal);
      else exchange.respond(200, {}, 'ok');
    });
    await fetch(`${double.baseUrl}/idle`).then((response) => response.text());
    const hung = fetch(`${double.baseUrl}/hang`);
    await vi.waitFor(() => expect(double?.requests).toHaveLength(2));

    await double.close();

    await expect(hung).rejects.toThrow(TypeError);
    expect(double.closing.aborted).toBe(true);
  });

  it('refuses WebSocket upgrades when the double serves none', async () => {
    double = await start((exchange) => exchange.respond(200, {}, 'ok'));
    const { WebSocket } = await import('ws');
    const socket = new WebSocket(double.baseUrl.replace('http', 'ws'));

    const outcome = await new Promise<string>((resolve) => {
      socket.on('open', () => resolve('open'));
      socket.on('error', () => resolve('refused'));
    });

    expect(outcome).toBe('refused');
  });
});

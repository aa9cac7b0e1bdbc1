import { createServer, type Server } from 'node:http';
import { connect as connectTcp, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { z } from 'zod';
import { encodeFrame } from '../../shared/ipc/binary-frame';
import { stream, unary } from '../../shared/ipc/define';
import { err, ok } from '../../shared/result';
import { allowOrigins } from '../../electron/main/app/app-origin';
import { createRegistry, type Handlers } from '../../electron/main/ipc/registry';
import { createMemoryLogger } from '../../electron/main/log/logger';
import { COUNT_STREAM_CONTRACT } from '../support/count-stream-contract';
import { createTestCore } from '../support/test-core';
import { openSocket, SocketRefusedError } from './socket-client';
import { attachWsTransport, sameToken, SOCKET_FRAME_CEILING_BYTES, type WsTransport } from './ws-transport';

const TOKEN = 'test-token-0123456789';
const TOO_LARGE = { ok: false, error: { code: 'TOO_LARGE', message: 'The request is too large.' } };

const testContract = {
  'echo:say': unary({ input: z.strictObject({ text: z.string() }), output: z.object({ said: z.string() }) }),
  'work:wait': unary({ input: z.strictObject({}), output: z.object({}) }),
  // Audio the way issue 24 streams it: bytes in a request, bytes back in events.
  'bytes:play': stream({
    input: z.strictObject({ pcm: z.instanceof(Uint8Array) }),
    events: { 'bytes:chunk': z.object({ pcm: z.instanceof(Uint8Array) }) },
    done: z.object({ length: z.number() }),
    terminal: { done: 'bytes:done', error: 'bytes:error' },
  }),
  ...COUNT_STREAM_CONTRACT,
};

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function listen(): Promise<{ server: Server; origin: string; port: number }> {
  const server = createServer((_request, response) => response.writeHead(404).end());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  const { port } = server.address() as AddressInfo;
  return { server, origin: `http://127.0.0.1:${port}`, port };
}

/** A registry over a small contract whose "work:wait" runs until the caller's window goes away. */
async function setup() {
  const { server, origin, port } = await listen();
  const log = createMemoryLogger();
  const waiting: AbortSignal[] = [];
  const played: Uint8Array[] = [];
  const handlers: Handlers<typeof testContract> = {
    'echo:say': ({ text }) => ok({ said: text.toUpperCase() }),
    'work:wait': (_input, ctx) => {
      waiting.push(ctx.signal);
      return new Promise((resolve) => ctx.signal.addEventListener('abort', () => resolve(err('INTERNAL', 'stopped'))));
    },
    'bytes:play': async ({ pcm }, ctx) => {
      played.push(pcm);
      ctx.emit('bytes:chunk', { pcm: pcm.toReversed() });
      return ok({ length: pcm.byteLength });
    },
    'count:run': async ({ to }, ctx) => {
      for (let n = 1; n <= to; n++) ctx.emit('count:chunk', { n });
      return ok({ total: to });
    },
  };
  const registry = createRegistry({
    contract: testContract,
    handlers,
    isTrustedSender: allowOrigins([origin]),
    windowChannels: { main: ['echo:say', 'work:wait', 'count:run', 'bytes:play'], quickAsk: [], indicator: [], signIn: [] },
    windowOf: () => 'main',
    currentMember: () => null,
    log,
  });
  const transport = attachWsTransport({ server, registry, token: TOKEN, origin, log });
  cleanups.push(() => transport.close());
  return { transport, log, waiting, played, origin, url: `ws://127.0.0.1:${port}/ipc?token=${TOKEN}`, port };
}

async function connect(url: string, origin?: string) {
  const client = await openSocket(url, origin === undefined ? {} : { origin });
  cleanups.push(() => client.close());
  return client;
}

describe('WebSocket transport', () => {
  /** The real core behind the transport, each socket kept to its page's window as in the app. */
  async function realCore() {
    const { server, origin, port } = await listen();
    let windowOf: WsTransport['windowOf'] = () => null;
    const harness = createTestCore({ isTrustedSender: allowOrigins([origin]), windowOf: (sender) => windowOf(sender) });
    cleanups.push(() => harness.dispose());
    const transport = attachWsTransport({ server, registry: harness.core.registry, token: TOKEN, origin, log: harness.log });
    windowOf = transport.windowOf;
    cleanups.push(() => transport.close());
    return { origin, url: `ws://127.0.0.1:${port}/ipc?token=${TOKEN}` };
  }

  it('answers a call through the real core, by id', async () => {
    const { origin, url } = await realCore();
    const client = await connect(url, origin);
    client.sendRaw(JSON.stringify({ id: 7, channel: 'settings:update', input: { language: 'fr' } }));

    expect(await client.replyTo(7)).toEqual({ ok: true, value: expect.objectContaining({ language: 'fr' }) });
    expect(await client.call('settings:get')).toEqual({ ok: true, value: expect.objectContaining({ language: 'fr' }) });
  });

  it("SEC-6: keeps the quick-ask page to its window's channels, as the app does", async () => {
    const { origin, url } = await realCore();
    const quickAsk = await connect(`${url}&window=quickAsk`, origin);

    expect(await quickAsk.call('settings:get')).toMatchObject({ ok: true });
    expect(await quickAsk.call('settings:update', { language: 'fr' })).toMatchObject({ ok: false, error: { code: 'UNAUTHENTICATED' } });
    expect(await quickAsk.call('secrets:set', { name: 'gemini.apiKey', value: 'k' })).toMatchObject({ ok: false, error: { code: 'UNAUTHENTICATED' } });
    await expect(openSocket(`${url}&window=indicator`, { origin })).rejects.toEqual(new SocketRefusedError(404));
  });

  it('delivers stream events to the socket that started the stream', async () => {
    const { url } = await setup();
    const client = await connect(url);

    const started = await client.call('count:run', { to: 2 });
    const done = (await client.nextEvent('count:done')) as { requestId: string; value: unknown };

    expect(started).toEqual({ ok: true, value: { requestId: done.requestId } });
    expect(done.value).toEqual({ total: 2 });
    expect(await client.nextEvent('count:chunk')).toEqual({ requestId: done.requestId, data: { n: 1 } });
  });

  it('refuses a connection without the right token', async () => {
    const { port, log } = await setup();
    const base = `ws://127.0.0.1:${port}/ipc`;

    await expect(openSocket(base)).rejects.toEqual(new SocketRefusedError(403));
    await expect(openSocket(`${base}?token=wrong`)).rejects.toEqual(new SocketRefusedError(403));
    await expect(openSocket(`${base}?token=${TOKEN}x`)).rejects.toEqual(new SocketRefusedError(403));
    await expect(openSocket(`ws://127.0.0.1:${port}/elsewhere?token=${TOKEN}`)).rejects.toEqual(new SocketRefusedError(404));
    expect(log.lines.join('\n')).not.toContain(TOKEN);
  });

  it('refuses an upgrade to an unreadable address, and keeps serving', async () => {
    const { url, port } = await setup();
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connectTcp(port, '127.0.0.1', () => {
        socket.write(
          `GET //[bad?token=${TOKEN} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
            'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
        );
      });
      let received = '';
      socket.on('data', (chunk) => (received += chunk.toString()));
      socket.on('close', () => resolve(received));
      socket.on('error', reject);
    });

    expect(answer).toMatch(/^HTTP\/1\.1 404/);
    const client = await connect(url);
    expect(await client.call('echo:say', { text: 'fine' })).toEqual({ ok: true, value: { said: 'FINE' } });
  });

  it('refuses a browser page from another origin, even with the token', async () => {
    const { url, port } = await setup();

    await expect(openSocket(url, { origin: 'http://evil.example' })).rejects.toEqual(new SocketRefusedError(403));
    await expect(openSocket(url, { origin: `http://localhost:${port}` })).rejects.toEqual(new SocketRefusedError(403));
    await expect(openSocket(url, { origin: 'null' })).rejects.toEqual(new SocketRefusedError(403));
  });

  it('answers malformed frames with INVALID_INPUT when their id is readable, ignores the rest, and keeps serving', async () => {
    const { url, log } = await setup();
    const client = await connect(url);
    const invalid = { ok: false, error: expect.objectContaining({ code: 'INVALID_INPUT' }) };

    client.sendRaw('not json at all');
    client.sendRaw('[1, 2, 3]');
    client.sendRaw(JSON.stringify({ channel: 'echo:say', input: { text: 'no id' } }));
    client.sendRaw(JSON.stringify({ id: '5', channel: 'echo:say', input: { text: 'string id' } }));
    client.sendRaw('{"id": 11, "channel": "echo:s');
    client.sendRaw(JSON.stringify({ id: 12, channel: 42 }));

    expect(await client.replyTo(11)).toEqual(invalid);
    expect(await client.replyTo(12)).toEqual(invalid);
    expect(await client.call('echo:say', { text: 'still here' })).toEqual({ ok: true, value: { said: 'STILL HERE' } });
    const ids = client.frames.map((frame) => (JSON.parse(frame) as { id?: number }).id);
    expect(ids).toEqual([11, 12, expect.any(Number)]);
    expect(log.lines.filter((line) => line.includes('ipc frame ignored'))).toHaveLength(4);
  });

  it.each([1.5, 3, 5])('answers a %s MB frame with TOO_LARGE for its id, wherever the id sits, and keeps serving', async (megabytes) => {
    const { url } = await setup();
    const client = await connect(url);
    const big = 'x'.repeat(megabytes * 1_000_000);

    client.sendRaw(JSON.stringify({ id: 21, channel: 'echo:say', input: { text: big } }));
    client.sendRaw(JSON.stringify({ channel: 'echo:say', input: { text: big }, id: 22 }));

    expect(await client.replyTo(21)).toEqual(TOO_LARGE);
    expect(await client.replyTo(22)).toEqual(TOO_LARGE);
    expect(await client.call('echo:say', { text: 'still here' })).toEqual({ ok: true, value: { said: 'STILL HERE' } });
  });

  it('answers TOO_LARGE, not "not JSON", to a frame too large to read whose leading id is all that can be read', async () => {
    const { url } = await setup();
    const client = await connect(url);

    client.sendRaw(`{"id": 23, "channel": "echo:say", "input": {"text": "${'x'.repeat(5_000_000)}`);

    expect(await client.replyTo(23)).toEqual(TOO_LARGE);
  });

  it(`closes with 1009 (message too big), unread, a frame over the ${SOCKET_FRAME_CEILING_BYTES / 1_000_000} MB ceiling; other connections go on`, async () => {
    const { url } = await setup();
    const other = await connect(url);
    const ws = new WebSocket(url);
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));

    ws.send(Buffer.alloc(SOCKET_FRAME_CEILING_BYTES + 1, 0x20));

    expect(await closed).toBe(1009);
    expect(await other.call('echo:say', { text: 'fine' })).toEqual({ ok: true, value: { said: 'FINE' } });
  });

  it('releases the work a connection started when it closes', async () => {
    const { url, waiting } = await setup();
    const client = await connect(url);
    const other = await connect(url);

    client.sendRaw(JSON.stringify({ id: 1, channel: 'work:wait', input: {} }));
    other.sendRaw(JSON.stringify({ id: 1, channel: 'work:wait', input: {} }));
    await expect.poll(() => waiting.length).toBe(2);
    const [mine, theirs] = waiting;
    await client.close();

    await expect.poll(() => mine?.aborted).toBe(true);
    expect(theirs?.aborted).toBe(false);
  });

  it('sends a broadcast to every open connection, and skips one that has gone', async () => {
    const { url, transport } = await setup();
    const first = await connect(url);
    const second = await connect(url);
    const gone = await connect(url);
    await gone.close();

    transport.broadcast('auth:changed', { state: 'signed_out' });

    expect(await first.nextEvent('auth:changed')).toEqual({ state: 'signed_out' });
    expect(await second.nextEvent('auth:changed')).toEqual({ state: 'signed_out' });
    expect(gone.frames).toEqual([]);
  });

  it('drops every connection when closed', async () => {
    const { url, transport, waiting } = await setup();
    const client = await connect(url);
    client.sendRaw(JSON.stringify({ id: 1, channel: 'work:wait', input: {} }));
    await expect.poll(() => waiting.length).toBe(1);

    await transport.close();

    await expect.poll(() => waiting[0]?.aborted).toBe(true);
    await expect(openSocket(url)).rejects.toThrow();
  });
});

/** A binary frame written by hand, well-formed or not: the length as given, the head, then the bytes. */
function binaryFrame(head: string, bytes: number[] = [], headLength = Buffer.byteLength(head)): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32LE(headLength);
  return Buffer.concat([length, Buffer.from(head), Buffer.from(bytes)]);
}

describe('LV1-binary: binary frames on the harness socket', () => {
  /** A microphone frame as issue 24 sends it: 20 ms of 16 kHz PCM16, every byte value present. */
  const pcm = Uint8Array.from({ length: 640 }, (_, i) => (i * 37 + 11) % 256);

  it('LV1-binary: bytes in a request reach main byte-exact as a Uint8Array, and bytes in its events come back byte-exact', async () => {
    const { url, played } = await setup();
    const client = await connect(url);

    const started = await client.call('bytes:play', { pcm });
    const chunk = (await client.nextEvent('bytes:chunk')) as { requestId: string; data: { pcm: unknown } };

    expect(started).toEqual({ ok: true, value: { requestId: chunk.requestId } });
    expect(played).toHaveLength(1);
    expect(played[0]).toBeInstanceOf(Uint8Array);
    expect(played[0]).toEqual(pcm);
    expect(chunk.data.pcm).toEqual(pcm.toReversed());
    expect(await client.nextEvent('bytes:done')).toEqual({ requestId: chunk.requestId, value: { length: 640 } });
  });

  it('LV1-binary: a broadcast carrying a Buffer reaches every connection as its bytes', async () => {
    const { url, transport } = await setup();
    const client = await connect(url);

    transport.broadcast('assistant:liveAudio', { requestId: 'r1', data: { pcm: Buffer.from(pcm) } });

    expect(await client.nextEvent('assistant:liveAudio')).toEqual({ requestId: 'r1', data: { pcm } });
  });

  it('LV1-binary: a "$bytes" key in a text message stays text and is refused by the schema, not read as bytes', async () => {
    const { url, played } = await setup();
    const client = await connect(url);

    client.sendRaw(JSON.stringify({ id: 31, channel: 'bytes:play', input: { pcm: { $bytes: [0, 0] } } }));

    expect(await client.replyTo(31)).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', field: 'pcm' } });
    expect(played).toEqual([]);
  });

  it('LV1-binary: answers malformed binary frames with INVALID_INPUT when their id is readable, ignores the rest, and keeps serving', async () => {
    const { url, log, played } = await setup();
    const client = await connect(url);
    const invalid = (message: RegExp) => ({ ok: false, error: { code: 'INVALID_INPUT', message: expect.stringMatching(message) } });

    client.sendRaw(binaryFrame('{"id": 41, "channel": "bytes:play", "input": {"pcm": {"$bytes": [0, 3]}}}', [1, 2]));
    client.sendRaw(binaryFrame('{"id": 42, "channel": "bytes:pl', [1, 2]));
    client.sendRaw(Buffer.from(JSON.stringify({ id: 43, channel: 'echo:say', input: { text: 'JSON sent as bytes' } })));
    client.sendRaw(binaryFrame('{"channel": "bytes:play"}', [], 1_000));
    client.sendRaw(Buffer.from([1, 0]));

    expect(await client.replyTo(41)).toEqual(invalid(/must name bytes the message carries/));
    expect(await client.replyTo(42)).toEqual(invalid(/not valid JSON/));
    expect(await client.replyTo(43)).toEqual(invalid(/JSON alone goes in a text message/));
    expect(await client.call('bytes:play', { pcm })).toMatchObject({ ok: true });
    expect(played).toEqual([pcm]);
    expect(log.lines.filter((line) => line.includes('ipc frame ignored'))).toHaveLength(2);
  });

  it.each([1.5, 3, 5])('LV1-binary: answers a %s MB binary frame with TOO_LARGE for its id, wherever the id sits, and keeps serving', async (megabytes) => {
    const { url, played } = await setup();
    const client = await connect(url);
    const big = new Uint8Array(megabytes * 1_000_000);

    client.sendRaw(encodeFrame({ id: 51, channel: 'bytes:play', input: { pcm: big } }));
    client.sendRaw(encodeFrame({ channel: 'bytes:play', input: { pcm: big }, id: 52 }));

    expect(await client.replyTo(51)).toEqual(TOO_LARGE);
    expect(await client.replyTo(52)).toEqual(TOO_LARGE);
    expect(await client.call('bytes:play', { pcm })).toMatchObject({ ok: true });
    expect(played).toEqual([pcm]);
  });
});

describe('sameToken', () => {
  it('accepts only the exact token', () => {
    expect(sameToken(TOKEN, TOKEN)).toBe(true);
    expect(sameToken(`${TOKEN} `, TOKEN)).toBe(false);
    expect(sameToken('', TOKEN)).toBe(false);
    expect(sameToken(null, TOKEN)).toBe(false);
    expect(sameToken(undefined, TOKEN)).toBe(false);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { err, type Result } from '../../../shared/result';
import { createFakeMain } from '../testing/fake-main';
import { followStream } from './follow-stream';

const CODE = { stage: 'code' as const, userCode: 'WXYZ-4821', verificationUrl: 'https://accounts.zoho.eu/device', expiresAt: '2030-01-14T09:00:00.000Z' };
const MAILBOX = { email: 'ana.perez@crearack.example', accountId: '1709876190693100009' };

function watcher() {
  return { onProgress: vi.fn(), onDone: vi.fn(), onError: vi.fn() };
}

/** Lets every answer already on its way reach the page. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('followStream', () => {
  it("hands over the events main sent before the requestId reached the page, in order, and only its own call's", async () => {
    let codes = 0;
    const main = createFakeMain({
      configured: ['zoho.clientId', 'zoho.clientSecret'],
      streams: {
        'zoho:connect': (stream) => {
          stream.progress('zoho:progress', { ...CODE, userCode: `CODE-${++codes}` });
          stream.progress('zoho:progress', { stage: 'waiting' });
        },
      },
    });
    const calls = { start: () => main.api.zoho.connect({ method: 'device' }), cancel: (requestId: string) => main.api.zoho.cancel({ requestId }) };
    const first = watcher();
    const second = watcher();
    followStream(main.api, 'zoho:connect', calls, first);
    followStream(main.api, 'zoho:connect', calls, second);
    expect(first.onProgress).not.toHaveBeenCalled();
    await settle();

    const heard = (watch: ReturnType<typeof watcher>) => watch.onProgress.mock.calls.map(([event]) => [event.name, event.data]);
    expect(heard(first)).toEqual([['zoho:progress', { ...CODE, userCode: 'CODE-1' }], ['zoho:progress', { stage: 'waiting' }]]);
    expect(heard(second)).toEqual([['zoho:progress', { ...CODE, userCode: 'CODE-2' }], ['zoho:progress', { stage: 'waiting' }]]);
    main.streams('zoho:connect')[1]?.finish(MAILBOX);
    expect(second.onDone).toHaveBeenCalledWith(MAILBOX);
    expect(first.onDone).not.toHaveBeenCalled();
    main.streams('zoho:connect')[0]?.fail({ code: 'NOT_CONFIGURED', message: 'Declined.', reason: 'zoho_access_denied' });
    expect(first.onError).toHaveBeenCalledWith({ code: 'NOT_CONFIGURED', message: 'Declined.', reason: 'zoho_access_denied' });
    expect(main.listeners('zoho:progress')).toBe(0);
    expect(main.listeners('zoho:done')).toBe(0);
  });

  it('cancels a call the page gave up on before main named it, as soon as main does, and reports nothing of it', async () => {
    const main = createFakeMain({ configured: ['zoho.clientId', 'zoho.clientSecret'] });
    const watch = watcher();
    const cancel = vi.fn((requestId: string) => main.api.zoho.cancel({ requestId }));
    const followed = followStream(main.api, 'zoho:connect', { start: () => main.api.zoho.connect({ method: 'device' }), cancel }, watch);
    followed.cancel();
    await settle();

    const [stream] = main.streams('zoho:connect');
    expect(cancel).toHaveBeenCalledWith(stream?.requestId);
    expect(stream?.cancelled).toBe(true);
    expect(watch.onProgress).not.toHaveBeenCalled();
    expect(watch.onError).not.toHaveBeenCalled();
  });

  it('stops listening without cancelling when asked only to stop', async () => {
    const main = createFakeMain({ zohoMailbox: 'ana.perez@crearack.example' });
    const watch = watcher();
    const cancel = vi.fn();
    const followed = followStream(main.api, 'digest:run', { start: () => main.api.digest.run(), cancel }, watch);
    await settle();
    followed.stop();
    main.streams('digest:run')[0]?.progress('digest:progress', { stage: 'fetching' });

    expect(cancel).not.toHaveBeenCalled();
    expect(main.streams('digest:run')[0]?.cancelled).toBe(false);
    expect(watch.onProgress).not.toHaveBeenCalled();
  });

  it('reports a call main would not start as its error', async () => {
    const main = createFakeMain({ auth: { state: 'signed_out' } });
    const watch = watcher();
    const start = (): Promise<Result<{ requestId: string }>> => main.api.digest.run();
    followStream(main.api, 'digest:run', { start, cancel: vi.fn() }, watch);
    await settle();
    expect(watch.onError).toHaveBeenCalledWith(err('UNAUTHENTICATED', 'Sign in with your staff account first.').error);
    expect(main.listeners('digest:error')).toBe(0);
  });
});

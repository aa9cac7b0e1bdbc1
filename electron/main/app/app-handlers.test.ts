import { afterEach, describe, expect, it } from 'vitest';
import { manualClock } from '../../../test/support/auth-test-kit';
import { fakeSender } from '../../../test/support/fake-sender';
import { createTestCore, type TestCore } from '../../../test/support/test-core';
import { createMemoryLogger } from '../log/logger';
import { createStartupMarks } from '../startup/startup-marks';

let harness: TestCore;
afterEach(() => harness.dispose());

describe('app channels', () => {
  it('app:info tells the version and where the data lives', async () => {
    harness = createTestCore();
    const result = await harness.core.registry.call('app:info', {}, fakeSender().sender);
    expect(result).toEqual({ ok: true, value: { version: '0.0.0-test', dataPath: harness.dir, platform: 'linux', updates: 'linux' } });
  });

  it('app:copyText puts the text on the clipboard through main', async () => {
    harness = createTestCore();
    const result = await harness.core.registry.call('app:copyText', { text: 'WXYZ-4821' }, fakeSender().sender);
    expect(result).toEqual({ ok: true, value: { copied: true } });
    expect(harness.copies).toEqual(['WXYZ-4821']);
  });

  it('app:openExternal hands a parsed https link to the system browser', async () => {
    harness = createTestCore();
    const result = await harness.core.registry.call(
      'app:openExternal',
      { url: 'https://mail.zoho.eu/zm/#mail/folder/inbox' },
      fakeSender().sender,
    );
    expect(result).toEqual({ ok: true, value: { opened: true } });
    expect(harness.opens).toEqual(['https://mail.zoho.eu/zm/#mail/folder/inbox']);
  });

  it.each([
    'http://example.com/',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'https://user:pass@example.com/',
    'obsidian://open?vault=x',
    '//example.com/',
    'not a url',
  ])('app:openExternal refuses %s and opens nothing', async (url) => {
    harness = createTestCore();
    const result = await harness.core.registry.call('app:openExternal', { url }, fakeSender().sender);
    expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', field: 'url' } });
    expect(harness.opens).toEqual([]);
  });

  it('app:openExternal says so when the system browser cannot be opened', async () => {
    harness = createTestCore({
      openExternal: () => Promise.reject(new Error('xdg-open not found')),
    });
    const result = await harness.core.registry.call('app:openExternal', { url: 'https://example.com/' }, fakeSender().sender);
    expect(result).toMatchObject({ ok: false, error: { code: 'INTERNAL', message: 'The system browser could not be opened.' } });
  });

  it('RD4 app:painted marks the start’s first paint from the main window, signed out, once: a reload’s frame changes nothing', async () => {
    const clock = manualClock(0);
    const startup = createStartupMarks({ now: clock.now, startedHidden: false, timers: clock.timers, log: createMemoryLogger() });
    harness = createTestCore({ startup });
    clock.advance(1_250);
    expect(await harness.core.registry.call('app:painted', {}, fakeSender().sender)).toEqual({ ok: true, value: {} });
    clock.advance(4_000);
    expect(await harness.core.registry.call('app:painted', {}, fakeSender().sender)).toEqual({ ok: true, value: {} });
    expect(startup.figures().reached).toEqual([{ mark: 'firstPaint', ms: 1_250 }]);
  });

  it('RD4 app:painted is the main window’s alone: the quick-ask page cannot mark the start', async () => {
    const clock = manualClock(0);
    const startup = createStartupMarks({ now: clock.now, startedHidden: false, timers: clock.timers, log: createMemoryLogger() });
    harness = createTestCore({ startup, windowOf: () => 'quickAsk' });
    expect(await harness.core.registry.call('app:painted', {}, fakeSender().sender)).toMatchObject({ ok: false, error: { code: 'UNAUTHENTICATED' } });
    expect(startup.figures().reached).toEqual([]);
  });
});

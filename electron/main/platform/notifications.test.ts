import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryLogger } from '../log/logger';

const electron = await vi.hoisted(async () => {
  const { EventEmitter } = await import('node:events');
  class FakeNotification extends EventEmitter {
    static created: FakeNotification[] = [];
    static supported = true;
    static isSupported = () => FakeNotification.supported;
    readonly show = vi.fn();
    constructor(readonly options: { title: string; body: string }) {
      super();
      FakeNotification.created.push(this);
    }
  }
  return { Notification: FakeNotification };
});
vi.mock('electron', () => electron);

const { createNotify } = await import('./notifications');
const { Notification } = electron;

function setup() {
  const reveal = vi.fn();
  const log = createMemoryLogger();
  return { reveal, log, notify: createNotify({ reveal, log }) };
}

beforeEach(() => {
  Notification.created = [];
  Notification.supported = true;
});

describe('desktop notifications', () => {
  it('shows the notice with its title and body', () => {
    const { notify } = setup();
    notify({ title: 'Sign in again', body: 'Your company sign-in has ended.' });
    const shown = Notification.created[0]!;
    expect(shown.options).toEqual({ title: 'Sign in again', body: 'Your company sign-in has ended.' });
    expect(shown.show).toHaveBeenCalledOnce();
  });

  it('clicking it brings the app window forward', () => {
    const { notify, reveal } = setup();
    notify({ title: 'Sign in again', body: 'Your company sign-in has ended.' });
    expect(reveal).not.toHaveBeenCalled();
    Notification.created[0]!.emit('click');
    expect(reveal).toHaveBeenCalledOnce();
  });

  it('where the system has no notifications, shows nothing and logs that it could not', () => {
    Notification.supported = false;
    const { notify, log } = setup();
    notify({ title: 'Sign in again', body: 'Your company sign-in has ended.' });
    expect(Notification.created).toHaveLength(0);
    expect(log.lines.some((line) => line.includes('not supported'))).toBe(true);
  });
});

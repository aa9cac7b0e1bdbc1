import { afterEach, describe, expect, it, vi } from 'vitest';
import { sinceProcessStart } from './process-clock';

// Electron adds process.getCreationTime; plain Node has none.
const withCreationTime = (at: number | null) => Object.assign(process, { getCreationTime: vi.fn(() => at) });
afterEach(() => Reflect.deleteProperty(process, 'getCreationTime'));

describe('the start’s clock', () => {
  it('RD4 counts from the OS’s start of the process, before Node’s clock began', () => {
    withCreationTime(performance.timeOrigin - 400);
    const now = sinceProcessStart();
    const first = now();
    expect(first).toBeGreaterThanOrEqual(400);
    expect(now()).toBeGreaterThanOrEqual(first);
  });

  it('RD4 counts from Node’s start when the system cannot tell the process’s', () => {
    withCreationTime(null);
    const now = sinceProcessStart();
    const first = now();
    expect(first).toBeGreaterThanOrEqual(0);
    expect(now()).toBeGreaterThanOrEqual(first);
  });
});

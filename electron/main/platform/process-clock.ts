/**
 * Milliseconds since the operating system started this process (RD4): Node's own clocks begin only once Electron has
 * brought Node up, part of the start a member waits through. Read on the monotonic clock, from the OS's start time
 * where Electron can tell it (`process.getCreationTime`), else from Node's.
 */
export function sinceProcessStart(): () => number {
  const startedAt = process.getCreationTime() ?? performance.timeOrigin;
  return () => performance.timeOrigin + performance.now() - startedAt;
}

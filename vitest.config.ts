import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          include: ['electron/**/*.test.ts', 'shared/**/*.test.ts', 'test/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'test/e2e/**'],
          environment: 'node',
          // better-sqlite3 and keytar are native: one process per file, never threads.
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'e2e',
          // The harness as a child process and Debian's Chromium, driven like a member would (docs/testing.md).
          include: ['test/e2e/**/*.e2e.test.ts'],
          environment: 'node',
          pool: 'forks',
          globalSetup: ['test/e2e/global-setup.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'renderer',
          include: ['renderer/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // A component test clicks and types like a member; on a loaded 2-core CI machine 5 s is not enough headroom.
          testTimeout: 15_000,
          // Nor is 1 s for what a test waits to see (expect.poll here, findBy and waitFor in test-setup.ts): a
          // ceiling on waiting, never a claim about speed, so a busy machine does not fail a correct screen.
          expect: { poll: { timeout: 5_000 } },
          setupFiles: ['renderer/src/test-setup.ts'],
        },
      },
    ],
  },
});

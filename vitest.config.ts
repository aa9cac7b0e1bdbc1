import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          include: ['electron/**/*.test.ts', 'shared/**/*.test.ts', 'test/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          // better-sqlite3 and keytar are native: one process per file, never threads.
          pool: 'forks',
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'renderer',
          include: ['renderer/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['renderer/src/test-setup.ts'],
        },
      },
    ],
  },
});

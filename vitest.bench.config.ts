import { defineConfig } from 'vitest/config';

/** `npm run bench`: measurements, never assertions on time. Kept out of the test suite. */
export default defineConfig({
  test: {
    include: ['test/bench/**/*.bench-run.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 120_000,
  },
});

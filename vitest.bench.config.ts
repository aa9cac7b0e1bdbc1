import { defineConfig } from 'vitest/config';

// Packages are resolved as the app runs them: Vite's default `development` condition would pick builds with
// their assertions on (micromark's parses ~1.7x slower), which the packaged app never loads.
process.env.NODE_ENV = 'production';

/** `npm run bench`: measurements, never assertions on time. Kept out of the test suite. */
export default defineConfig({
  test: {
    include: ['test/bench/**/*.bench-run.ts'],
    environment: 'node',
    pool: 'forks',
    // One file at a time: measurements must not compete for the two cores, and they share one results file.
    fileParallelism: false,
    globalSetup: ['test/bench/bench-setup.ts'],
    testTimeout: 120_000,
  },
});

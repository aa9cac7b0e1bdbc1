import { defineConfig } from 'vitest/config';

// The real-Electron smoke suite (RD1): run through `npm run test:electron` (scripts/test-electron.mjs), which finds
// the Electron binary and builds the app first. One app at a time: each launches windows, a tray and global keys.
export default defineConfig({
  test: {
    name: 'electron',
    include: ['test/electron/**/*.smoke.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 120_000,
    // Packaging the app (electron-builder --dir) happens in a hook.
    hookTimeout: 900_000,
  },
});

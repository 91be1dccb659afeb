import { defineConfig } from 'vitest/config';

// Browser tests: one real server for the run (setup/server.ts), Chromium per file, files one at a time on 2 cores.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['tests/**/*.test.ts'],
    globalSetup: ['setup/server.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});

import { defineConfig } from 'vitest/config';

// The service's unit tests (beside the code) and API tests (test/, through app.inject on SQLite and, when
// TEST_DATABASE_URL is set, PostgreSQL too).
export default defineConfig({
  test: {
    name: 'server',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});

import { defineConfig } from 'vitest/config';

// One run for everything: unit and API tests per package, then the browser tests against a real server.
export default defineConfig({
  test: {
    projects: ['contract', 'server', 'web', 'e2e'],
  },
});

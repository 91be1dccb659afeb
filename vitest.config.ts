import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One run for everything: unit and API tests per package, then the browser tests against a real server.
export default defineConfig({
  test: {
    projects: ['contract', 'server', 'web', 'e2e'],
    // Vitest's default (one fewer than the cores) is a single worker on two: the tests wait on databases, peers and
    // Chromium at least as much as they compute, so two files at a time finish the run sooner there.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});

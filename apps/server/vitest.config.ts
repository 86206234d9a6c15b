import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    setupFiles: ['src/test/own-database.ts'],
    testTimeout: 90_000, // a test that opens its own PGlite app takes seconds on a busy 2-core machine
    hookTimeout: 120_000,
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: on CI's two cores one file at a time, the other core idle.
    maxWorkers: Math.min(Math.max(availableParallelism(), 2), 4),
  },
});

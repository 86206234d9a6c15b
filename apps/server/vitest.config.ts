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
    // A worker imports the app once for all its files (≈5 s each through vite's module runner, 188 files).
    isolate: false,
    // Vitest's default is one worker fewer than the cores: on CI's two cores one file at a time, the other core idle.
    maxWorkers: Math.min(Math.max(availableParallelism(), 2), 4),
  },
});

import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Files that need a process of their own: migrations.test.ts runs initdb on a data directory on disk, which hangs in a
 * worker where other files' PGlite instances already ran (seen with isolate: false: ENOENT writing postgresql.conf,
 * then a 90 s timeout).
 */
const isolated = ['src/db/migrations.test.ts'];

const common = {
  globalSetup: ['src/test/global-setup.ts'],
  setupFiles: ['src/test/own-database.ts'],
  testTimeout: 90_000, // a test that opens its own PGlite app takes seconds on a busy 2-core machine
  hookTimeout: 120_000,
  pool: 'forks' as const,
};

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: on CI's two cores one file at a time, the other core idle.
    maxWorkers: Math.min(Math.max(availableParallelism(), 2), 4),
    projects: [
      {
        // A worker imports the app's module graph once for all its files, not once per file (≈ 5 s each through
        // vite's module runner). Setup files (own-database.ts) still run before every file.
        test: { ...common, name: 'server', include: ['src/**/*.test.ts'], exclude: isolated, isolate: false },
      },
      { test: { ...common, name: 'server:isolated', include: isolated, isolate: true } },
    ],
  },
});

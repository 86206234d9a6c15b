import { defineConfig } from 'vitest/config';
import FixedOrderSequencer from './support/sequencer';
import { E2E_WORKERS } from './support/workers';

export default defineConfig({
  test: {
    include: ['specs/**/*.spec.ts'],
    globalSetup: ['support/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Spec files run E2E_WORKERS at a time, each worker with its own product (support/global-setup.ts).
    fileParallelism: E2E_WORKERS > 1,
    maxWorkers: E2E_WORKERS,
    // No retries: a flaky first failure is a defect to find and fix, not to hide.
    retry: 0,
    sequence: { sequencer: FixedOrderSequencer },
  },
});

import { defineConfig } from 'vitest/config';
import FixedOrderSequencer from './support/sequencer';

export default defineConfig({
  test: {
    include: ['specs/**/*.spec.ts'],
    globalSetup: ['support/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    // No retries: a flaky first failure is a defect to find and fix, not to hide.
    retry: 0,
    sequence: { sequencer: FixedOrderSequencer },
  },
});

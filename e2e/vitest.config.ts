import { defineConfig } from 'vitest/config';
import FixedOrderSequencer from './support/sequencer';

export default defineConfig({
  test: {
    include: ['specs/**/*.spec.ts'],
    globalSetup: ['support/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    // One retry absorbs a browser hiccup on a loaded CI machine; a real break still fails twice.
    retry: 1,
    sequence: { sequencer: FixedOrderSequencer },
  },
});

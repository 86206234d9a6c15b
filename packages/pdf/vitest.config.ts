import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: on CI's two cores one file at a time, the other core idle.
    maxWorkers: Math.min(Math.max(availableParallelism(), 2), 4),
  },
});

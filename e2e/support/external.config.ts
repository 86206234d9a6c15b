import { defineConfig } from 'vitest/config';

/** `E2E_BASE_URL=http://127.0.0.1:3000 npx vitest run -c support/external.config.ts specs/x.spec.ts` runs specs against a running product. */
export default defineConfig({
  test: {
    root: `${import.meta.dirname}/..`,
    include: ['specs/**/*.spec.ts'],
    globalSetup: ['support/external-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});

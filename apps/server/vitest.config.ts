import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Files share one module graph per worker (see vitest.config.ts): a spy never outlives its test.
    restoreMocks: true,
  },
});

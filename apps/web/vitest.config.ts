import { defineConfig, mergeConfig } from 'vitest/config';
import { maxWorkers } from '../../vitest.workers.ts';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      name: 'web',
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['src/test/setup.ts'],
      // A page test goes through the whole app (router, lazy pages, the store) while the other
      // suites share the machine: it waits for what a page shows (src/test/setup.ts) this long at most.
      testTimeout: 20_000,
      css: false,
      maxWorkers,
      // First, by themselves (with the contracts): see the API projects in vitest.config.ts.
      sequence: { groupOrder: 0 },
    },
  }),
);

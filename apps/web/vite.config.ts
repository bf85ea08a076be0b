import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { firstViewChunks } from './first-view-chunks.ts';
import { precompress } from './precompress.ts';

const firstViews = firstViewChunks();

/** The API server that serves `/api`, the translation files and the school/student images in development. */
const API_ORIGIN = 'http://127.0.0.1:3000';

export default defineConfig({
  resolve: {
    // The contracts' `z` is built on zod's mini schemas in the browser (src/lib/zod-chained.ts,
    // docs/decisions/034-contracts-on-zod-mini.md); `zod/mini` and the rest of zod resolve as they are.
    alias: [
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod-chained.ts', import.meta.url)) },
    ],
  },
  plugins: [
    react(),
    firstViews.plugin,
    tailwindcss(),
    // The service worker (src/service-worker/sw.ts) keeps the built app for offline use. The
    // manifest is each school's, served by the server at /manifest.webmanifest, and the app
    // registers the worker itself once loaded (src/lib/service-worker.ts): the plugin writes
    // neither (docs/decisions/025-passkeys-pwa-push.md).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/service-worker',
      filename: 'sw.ts',
      manifest: false,
      injectRegister: false,
      includeManifestIcons: false,
      injectManifest: {
        // The page, its scripts, styles and fonts, the theme script, the icon and every translation.
        globPatterns: [
          'index.html',
          'theme-boot.js',
          'favicon.svg',
          'assets/**/*.{js,css,woff2}',
          'locales/**/*.json',
        ],
        // The Vite manifest of the size bench is not part of the app.
        globIgnores: ['.vite/**'],
      },
      devOptions: { enabled: false },
    }),
    precompress(),
  ],
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    // Source maps are not served: the CSP and the bundle budget concern shipped files only.
    sourcemap: false,
    rolldownOptions: {
      // Building a zod schema has no side effect: this lets the bundler drop the schemas of
      // the shared contracts that a chunk does not use (e.g. the sign-in page only needs
      // `finalAdmissionPeriod` from contracts/school), keeping zod out of the first load.
      treeshake: { manualPureFunctions: ['z'] },
      // The public pages' modules in one chunk, and the icons in two: those of the entry and the
      // public pages, and every other one (first-view-chunks.ts, docs/decisions/026-first-load.md).
      output: { codeSplitting: { groups: firstViews.groups } },
    },
  },
  server: {
    proxy: {
      '/api': API_ORIGIN,
      '/locales': API_ORIGIN,
      '/media': API_ORIGIN,
      '/sandbox-pay': API_ORIGIN,
    },
  },
});

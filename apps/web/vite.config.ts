import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

/** The API server that serves `/api`, the translation files and the school/student images in development. */
const API_ORIGIN = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
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

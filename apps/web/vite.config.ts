import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

/** The API server that serves `/api`, the translation files and uploaded images in development. */
const API_ORIGIN = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    // Source maps are not served: the CSP and the bundle budget concern shipped files only.
    sourcemap: false,
  },
  server: {
    proxy: {
      '/api': API_ORIGIN,
      '/locales': API_ORIGIN,
      '/school-logos': API_ORIGIN,
      '/student-photos': API_ORIGIN,
    },
  },
});

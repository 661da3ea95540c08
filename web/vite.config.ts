/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Packages the customer booking page needs on first load, split into a few long-lived vendor chunks so that
// a release that only changes application code does not invalidate them. Anything not listed (including
// libraries used only by the admin back office) stays with the lazy chunk that imports it, so a customer
// never downloads it.
const vendorGroups = [
  { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
  { name: 'vendor-mantine', test: /node_modules[\\/]@mantine[\\/]/ },
  {
    name: 'vendor-data',
    test: /node_modules[\\/](@tanstack[\\/]query-core|@tanstack[\\/]react-query|i18next|react-i18next|i18next-browser-languagedetector|openapi-fetch)[\\/]/,
  },
];

const devApi = process.env.PITLANE_DEV_API ?? 'http://127.0.0.1:8080';

export default defineConfig({
  base: '/',
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    // `npm run dev` talks to a locally running `pitlane serve`; PITLANE_DEV_API overrides where it listens.
    proxy: { '/api': devApi, '/ws': { target: devApi, ws: true }, '/healthz': devApi },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: vendorGroups },
      },
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
  },
});

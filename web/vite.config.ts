/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

// The coffer binary serves web/dist at `/` and the API on the same origin, so the build uses
// relative asset paths (base './') and the dev server proxies API prefixes to a local coffer.
const apiTarget = process.env.COFFER_API ?? 'http://127.0.0.1:8080';

export default defineConfig({
  base: './',
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/common': { target: apiTarget, changeOrigin: true },
      '/admin': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The manifest maps each route's chunk to what it imports: scripts/bundle-size.mjs measures
    // the login page's JavaScript from it (docs/console.md, "Bundle budget").
    manifest: true,
    rollupOptions: {
      output: {
        // React is needed by every screen and changes rarely: its own cacheable chunk. antd is not
        // grouped: each route chunk carries the components it uses, so the login page loads only its own.
        manualChunks: {
          react: ['react', 'react-dom', 'react-router-dom'],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    css: false,
    // A whole antd screen renders in well under a second alone, but a loaded 2-core machine
    // (CI, or the Rust suite alongside) has taken over 5 s; a wrong screen still fails, only later.
    testTimeout: 30_000,
  },
});

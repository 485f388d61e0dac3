import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const apiServer = 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api': { target: apiServer, changeOrigin: true },
      '/config.json': { target: apiServer, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The budget that matters is first-load JS gzip (scripts/check-size.mjs); Vite's raw-size warning is only noise.
    chunkSizeWarningLimit: 800,
    // The page preloads everything the first screen imports. A screen loaded later names its own imports, so the
    // browser finds them when it arrives: listing every screen's imports up front for preloading cost the first load
    // a kilobyte of file names. Stylesheets are still loaded with their screen.
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    // Whole-screen tests click through several steps; on a busy two-core machine 5 s is too tight.
    testTimeout: 15_000,
  },
});

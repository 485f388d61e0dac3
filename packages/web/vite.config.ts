import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vitest/config';
import react from '@vitejs/plugin-react';

const apiServer = 'http://localhost:8080';

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every built file worth compressing, at the highest settings,
 * once per build; the server sends the copy a request's Accept-Encoding takes (README.md#compression). Tiny files,
 * and copies that would not save a tenth, are left out.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
    );
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!/\.(?:html|js|mjs|css|svg|json|txt|wav)$/.test(file)) continue;
        const plain = readFileSync(file);
        if (plain.length < 256) continue;
        const copies = {
          br: brotliCompressSync(plain, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
            },
          }),
          gz: gzipSync(plain, { level: 9 }),
        };
        for (const [extension, packed] of Object.entries(copies)) {
          if (packed.length < plain.length * 0.9) writeFileSync(`${file}.${extension}`, packed);
        }
      }
    },
  };
}

/**
 * The console's build, shown on About (docs/console/account-screens.md#about): `CONSOLE_BUILD_ID`, else the commit it was
 * built from (`-dirty` when the tree had changes), and the time of the build. Tests get fixed values.
 */
function buildInfo(): { id: string; time: string } {
  if (process.env.VITEST !== undefined) return { id: 'test-build', time: '2026-01-02T03:04:05.000Z' };
  let id = process.env.CONSOLE_BUILD_ID ?? '';
  if (id === '') {
    try {
      id = execFileSync('git', ['describe', '--always', '--dirty', '--abbrev=12'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim();
    } catch {
      // Built outside a git checkout: the time alone.
    }
  }
  return { id, time: new Date().toISOString() };
}

// The tests run with the clock in Pacific/Easter (UTC−6, UTC−5 in its summer) unless TZ says otherwise: a zone no
// developer or test machine is likely to be in, so date and time code that assumes UTC or the machine's zone fails.
// Set here, before the workers start, so that each inherits it.
if (process.env.VITEST !== undefined) process.env.TZ ??= 'Pacific/Easter';

const ALL_TESTS = ['src/**/*.test.{ts,tsx}'];
/** Test files that replace a module (vi.mock), so run each in a module graph of its own. */
const ISOLATED_TESTS = [
  'src/features/alerts/rowRenders.test.tsx',
  'src/features/alerts/grouping/groupRenders.test.tsx',
];

export default defineConfig({
  plugins: [react(), precompress()],
  define: { __CONSOLE_BUILD__: JSON.stringify(buildInfo()) },
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
    // a kilobyte of file names. Stylesheets are still loaded with their screen. The grouped view is the exception: a
    // console opened on a grouped list loads it at once (docs/console/alert-screens.md#grouped-view), and found one
    // import at a time its code took four round trips.
    modulePreload: {
      resolveDependencies: (file, deps, { hostType }) =>
        hostType === 'html' || /(?:^|\/)GroupedResults-[\w-]+\.js$/.test(file) ? deps : [],
    },
    // Everything the first screen needs goes into one file: fifteen small files cost more on the wire than one, each
    // with its own headers and compressed on its own (README.md#compression). Screens loaded later keep their chunks.
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: 'first-load', tags: ['$initial'] }] } },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    // Whole-screen tests click through several steps; on a busy two-core machine 5 s is too tight, and while the browser
    // tests run beside this suite a slow virtual machine took over 30 s for the longest of them (the settings screen).
    testTimeout: 60_000,
    // The tests spend much of their time waiting on timers and rendering: two workers take the suite from 132 s to 80 s
    // on two cores, for 15 % more CPU (the default is one worker fewer than the cores).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Test files share one module graph and one jsdom (setup.ts resets what a test may leave behind), which takes the
    // suite from six minutes to under two. A file that replaces a module with vi.mock needs a graph of its own, since
    // a module loaded by an earlier file would keep the real one: those files run apart.
    projects: [
      { extends: true, test: { name: 'shared', include: ALL_TESTS, exclude: ISOLATED_TESTS, isolate: false } },
      { extends: true, test: { name: 'isolated', include: ISOLATED_TESTS } },
    ],
  },
});

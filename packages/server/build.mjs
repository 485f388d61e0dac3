// Bundles the server into dist/main.js. Dependencies stay external (installed in node_modules) except the shared
// contract, which is TypeScript source and must be compiled in.
import { build } from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

await build({
  entryPoints: [join(here, 'src/main.ts')],
  outfile: join(here, 'dist/main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  packages: 'external',
  // Name the tsconfig so a stray one in a parent folder can never change the build.
  tsconfig: join(here, 'tsconfig.json'),
  // '@alerta/contract' resolves to TypeScript source; bundle it instead of leaving an import Node cannot run.
  plugins: [
    {
      name: 'bundle-contract',
      setup(b) {
        b.onResolve({ filter: /^@alerta\/contract$/ }, () => ({
          path: join(here, '../contract/src/index.ts'),
        }));
      },
    },
  ],
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'info',
});

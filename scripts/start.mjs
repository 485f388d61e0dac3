#!/usr/bin/env node
// `npm start`: builds the console and the server bundle when they are missing or older than their sources, then runs
// the server in this process (so signals reach it directly). Arguments after `--` pass through (e.g. `--demo`).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

function needsBuild(output, sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((source) => newestMtime(join(root, source)) > built);
}

function build(workspace) {
  console.log(`Building ${workspace} …`);
  const result = spawnSync('npm', ['run', 'build', '--workspace', workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const contract = 'packages/contract/src';
if (needsBuild(join(root, 'packages/web/dist/index.html'), ['packages/web/src', 'packages/web/index.html', contract])) {
  build('packages/web');
}
if (needsBuild(join(root, 'packages/server/dist/main.js'), ['packages/server/src', contract])) {
  build('packages/server');
}

process.chdir(root);
await import(pathToFileURL(join(root, 'packages/server/dist/main.js')).href);

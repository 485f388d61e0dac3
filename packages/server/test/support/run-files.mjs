#!/usr/bin/env node
// The server's test runner (README.md#testing-it): node:test, with the test files grouped into a few processes
// instead of one process per file.
//
// Loading TypeScript and the whole server costs a process more than a second of CPU, more than most test files take
// to run, so `node --test` (a process per file) spent a third of the suite loading modules. Here the files are dealt
// into groups of about equal size, each group runs in one process, its files one after another (each file's tests
// use databases of their own, see engines.ts), and SERVER_TEST_JOBS groups run at once (three by default: the tests mostly
// wait on the database). A group's TAP output is printed whole when it ends; the last lines sum up every group, as
// `node --test` would. Arguments name the files to run (default: test/*.test.ts).
//
// One file alone still runs the usual way: node --import tsx --test test/<name>.test.ts
import { spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const jobs = Math.max(1, Number(process.env.SERVER_TEST_JOBS ?? 3) || 3);
const named = process.argv.slice(2);
const files = (
  named.length > 0
    ? named.map((file) => join(process.cwd(), file))
    : readdirSync(join(packageDir, 'test'))
        .filter((name) => name.endsWith('.test.ts'))
        .map((name) => join(packageDir, 'test', name))
).map((path) => ({ path, size: statSync(path).size }));

// Four groups per job, so that a slow group is not the last one running alone; the largest files are dealt first,
// each to the group that is smallest so far.
const groupCount = Math.min(files.length, jobs * 4);
const groups = Array.from({ length: groupCount }, () => ({ files: [], size: 0 }));
for (const file of [...files].sort((a, b) => b.size - a.size)) {
  const smallest = groups.reduce((min, group) => (group.size < min.size ? group : min));
  smallest.files.push(file.path);
  smallest.size += file.size;
}

const entry = join(packageDir, 'test', 'support', 'run-group.ts');

/** Runs one group and resolves with its output and exit code. */
function runGroup(group) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--test-reporter=tap', entry, ...group.files], {
      cwd: packageDir,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code, signal) => resolve({ code: code ?? 1, signal, output }));
  });
}

const totals = { tests: 0, pass: 0, fail: 0, cancelled: 0, skipped: 0, todo: 0 };
let failedGroups = 0;
const queue = [...groups].sort((a, b) => b.size - a.size);
const started = Date.now();

async function worker() {
  for (let group = queue.shift(); group !== undefined; group = queue.shift()) {
    const { code, signal, output } = await runGroup(group);
    const names = group.files.map((file) => relative(packageDir, file)).join(' ');
    process.stdout.write(`# group: ${names}\n${output}`);
    for (const key of Object.keys(totals)) {
      const match = output.match(new RegExp(`^# ${key} (\\d+)$`, 'm'));
      totals[key] += Number(match?.[1] ?? 0);
    }
    if (code !== 0) {
      failedGroups += 1;
      process.stdout.write(`# group ended with ${signal ?? `exit code ${String(code)}`}: ${names}\n`);
    }
  }
}

await Promise.all(Array.from({ length: Math.min(jobs, groups.length) }, worker));

// A group that crashed before its summary counts as a failure even when no test reported one.
if (failedGroups > 0 && totals.fail === 0) totals.fail = failedGroups;
for (const [key, value] of Object.entries(totals)) process.stdout.write(`# ${key} ${String(value)}\n`);
process.stdout.write(`# duration_ms ${String(Date.now() - started)}\n`);
process.exit(failedGroups > 0 ? 1 : 0);

#!/usr/bin/env node
// `npm test`: every check and every test suite, in order, with one throwaway PostgreSQL cluster for the server suite.
// Each step runs even when an earlier one failed, so one run shows everything that is wrong; the exit code is non-zero
// when anything failed. The last line sums the tests of all suites.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const only = process.argv.slice(2);

/** Runs a command, streaming its output, and resolves with its exit code and what it printed. */
function run(command, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const forward = (stream, sink) =>
      stream.on('data', (chunk) => {
        output += chunk;
        sink.write(chunk);
      });
    forward(child.stdout, process.stdout);
    forward(child.stderr, process.stderr);
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

// Counts from the closing lines of node:test (TAP), vitest and Playwright.
function countTests(output) {
  const plain = output.replace(/\x1b\[[0-9;]*m/g, '');
  const tapPass = [...plain.matchAll(/^# pass (\d+)$/gm)].map((m) => Number(m[1]));
  const tapFail = [...plain.matchAll(/^# fail (\d+)$/gm)].map((m) => Number(m[1]));
  if (tapPass.length > 0) return { passed: tapPass.at(-1), failed: tapFail.at(-1) ?? 0 };
  const vitest = plain.match(/^\s*Tests\s+(.*)\(\d+\)\s*$/m);
  if (vitest) {
    const passed = Number(vitest[1].match(/(\d+) passed/)?.[1] ?? 0);
    const failed = Number(vitest[1].match(/(\d+) failed/)?.[1] ?? 0);
    return { passed, failed };
  }
  const pwPassed = plain.match(/^\s*(\d+) passed \(/m);
  const pwFailed = plain.match(/^\s*(\d+) failed$/m);
  if (pwPassed || pwFailed) return { passed: Number(pwPassed?.[1] ?? 0), failed: Number(pwFailed?.[1] ?? 0) };
  return undefined;
}

/** Starts one PostgreSQL cluster for the server suite unless the caller supplied DATABASE_URL_TEST. */
async function startPostgres() {
  if (process.env.DATABASE_URL_TEST) return { url: process.env.DATABASE_URL_TEST, stop: async () => {} };
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/test/support/postgres.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.on('close', resolve));
  const url = await new Promise((resolve) => {
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      const match = line.match(/^DATABASE_URL_TEST=(.+)$/);
      if (match) resolve(match[1]);
    });
    child.on('close', () => resolve(undefined));
  });
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

const steps = [
  { name: 'format', cmd: ['npx', 'prettier', '--check', '.'] },
  { name: 'lint', cmd: ['npx', 'eslint', '--max-warnings', '0', '.'] },
  { name: 'typecheck', cmd: ['npm', 'run', 'typecheck'] },
  { name: 'contract', cmd: ['npm', 'test', '--workspace', 'packages/contract'], suite: true },
  { name: 'web', cmd: ['npm', 'test', '--workspace', 'packages/web'], suite: true },
  { name: 'server', cmd: ['npm', 'test', '--workspace', 'packages/server'], suite: true, postgres: true },
  { name: 'build', cmd: ['npm', 'run', 'build'] },
  { name: 'size', cmd: ['node', 'scripts/check-size.mjs'] },
  { name: 'e2e', cmd: ['npx', 'playwright', 'test'], suite: true },
];

const results = [];
for (const step of steps) {
  if (only.length > 0 && !only.includes(step.name)) continue;
  console.log(`\n━━━ ${step.name} ━━━`);
  const started = Date.now();
  let env = {};
  let postgres;
  if (step.postgres) {
    postgres = await startPostgres();
    if (!postgres.url) {
      console.error('Could not start a throwaway PostgreSQL cluster (see the message above).');
      results.push({ name: step.name, ok: false, seconds: 0 });
      continue;
    }
    env = { DATABASE_URL_TEST: postgres.url };
  }
  const { code, output } = await run(step.cmd[0], step.cmd.slice(1), env);
  await postgres?.stop();
  const counts = step.suite ? countTests(output) : undefined;
  results.push({ name: step.name, ok: code === 0, seconds: (Date.now() - started) / 1000, counts });
}

console.log('\n━━━ summary ━━━');
let passed = 0;
let failed = 0;
for (const r of results) {
  const counts = r.counts ? ` ${r.counts.passed} passed, ${r.counts.failed} failed` : '';
  console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name.padEnd(10)} ${r.seconds.toFixed(1).padStart(6)} s${counts}`);
  if (r.counts) {
    passed += r.counts.passed;
    failed += r.counts.failed;
  } else if (!r.ok) {
    failed += 1;
  }
}
const allOk = results.every((r) => r.ok);
if (!allOk && failed === 0) failed = 1;
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(allOk ? 0 : 1);

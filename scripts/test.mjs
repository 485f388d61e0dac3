#!/usr/bin/env node
// `npm test`: every check and every test suite, with one throwaway PostgreSQL cluster for the suites that need one.
// Each step runs even when an earlier one failed, so one run shows everything that is wrong; the exit code is non-zero
// when anything failed. The last line sums the tests of all suites.
//
// Steps run two at a time, the longest first, each once the steps it needs have ended. Within a step the suites use
// both cores where they spend their time waiting: two Playwright workers (one used under half a core), two Vitest
// workers, three server test processes (packages/server/test/support/run-files.mjs). Running more at once was
// measured slower: with the browser tests beside two other steps the machine was so busy that the console's suite took
// three times as long and its timed-out tests failed. A step's output is printed whole when it ends, so two steps
// never interleave. TEST_JOBS=1 runs them one after another.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const only = process.argv.slice(2);
const jobs = Math.max(1, Number(process.env.TEST_JOBS ?? 2) || 2);

/** Runs a command and resolves with its exit code and everything it printed. */
function run(command, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const collect = (chunk) => {
      output += chunk;
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
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
  const pwFlaky = plain.match(/^\s*(\d+) flaky$/m);
  if (pwPassed || pwFailed) {
    // A test that passed only on its retry (playwright.config.ts) counts as passed and is named below the summary.
    const flaky = Number(pwFlaky?.[1] ?? 0);
    return { passed: Number(pwPassed?.[1] ?? 0) + flaky, failed: Number(pwFailed?.[1] ?? 0), flaky };
  }
  return undefined;
}

// The names of the tests that failed (or passed only on a retry) and the first lines of what each printed, taken
// from a step's output, so the end of the log says what to look at even when only its last lines are kept.
function failures(output) {
  const lines = output.replace(/\x1b\[[0-9;]*m/g, '').split('\n');
  const found = [];
  // Report lines as the list quotes them: blank ones left out, each trimmed, cut at 160 characters and indented.
  const quoted = (block, indent) =>
    block.filter((line) => line.trim() !== '').map((line) => `${indent}${line.trim().slice(0, 160)}`);
  lines.forEach((line, index) => {
    // Playwright's closing lists ("  2 failed", "  1 flaky"), one test per line, each with the first error line
    // of its report above ("  1) e2e/x.spec.ts:10:3 › title", then the error).
    const list = line.match(/^\s+\d+ (failed|flaky)$/);
    if (list) {
      for (const entry of lines.slice(index + 1)) {
        const name = entry.match(/^\s+(\S+\.spec\.ts:\d+:\d+ › .*?)[\s─]*$/);
        if (!name) break;
        const report = lines.findIndex((l) => l.includes(`) ${name[1]}`));
        const after = report < 0 ? [] : lines.slice(report + 1, report + 60);
        const error = after.findIndex((l) => /^\s+\w*Error\b/.test(l));
        const detail = error < 0 ? [] : quoted(after.slice(error), '    ').slice(0, 4);
        found.push([`  ${list[1]}: ${name[1]}`, ...detail].join('\n'));
      }
    }
    // Vitest: " FAIL  src/x.test.tsx > group > title", then the error.
    if (/^\s*FAIL\s+\S+.* > /.test(line)) found.push(quoted(lines.slice(index, index + 3), '  ').join('\n'));
    // node:test (TAP): a "not ok" whose own code failed (not a suite failing for its tests), with its place and error.
    else if (/^\s*not ok \d+ - /.test(line)) {
      const end = lines.findIndex((l, i) => i > index && /^\s*\.\.\.$/.test(l));
      const block = lines.slice(index + 1, end < 0 ? index + 40 : end);
      if (block.some((l) => /failureType: 'subtestsFailed'/.test(l))) return;
      // A YAML block scalar (`error: |-`) holds the message on the lines below: its first line stands for it.
      const detail = block.flatMap((l, i) => {
        if (!/^\s+(location|error): /.test(l)) return [];
        return [/: \|-?$/.test(l) ? `${l.trim().replace(/\|-?$/, '')}${block[i + 1]?.trim() ?? ''}` : l];
      });
      found.push([`  ${line.trim()}`, ...quoted(detail, '    ')].join('\n'));
    }
  });
  // The server's runner prints a group's report and its failures again at the end: each is named once.
  return [...new Set(found)];
}

/** Starts one PostgreSQL cluster for the suites that need one, unless the caller supplied DATABASE_URL_TEST. */
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

// In the order they start when a slot is free: the longest first, so the two slots end close together.
// `needs`: steps that must have ended first (when they are part of this run); `postgres`: gets DATABASE_URL_TEST;
// `env`: more environment variables for the step; `foreground`: runs at normal priority, the others at nice 10.
const steps = [
  { name: 'build', cmd: ['npm', 'run', 'build'] },
  { name: 'e2e', cmd: ['npx', 'playwright', 'test'], suite: true, needs: ['build'], postgres: true, foreground: true },
  // The official alerta CLI and Python SDK against the built server, on both engines (compat/README.md).
  {
    name: 'clients',
    cmd: ['sh', '-c', 'node --import tsx --test --test-concurrency=4 compat/*.test.ts'],
    suite: true,
    postgres: true,
    needs: ['build'],
  },
  // The console's tests run with the clock in Pacific/Easter (UTC−6, UTC−5 in its summer), a zone no developer or
  // test machine is likely to be in, so date and time code that assumes UTC or the machine's zone fails
  // (packages/web/vite.config.ts).
  { name: 'web', cmd: ['npm', 'test', '--workspace', 'packages/web'], suite: true, env: { TZ: 'Pacific/Easter' } },
  { name: 'server', cmd: ['npm', 'test', '--workspace', 'packages/server'], suite: true, postgres: true },
  { name: 'lint', cmd: ['npx', 'eslint', '--max-warnings', '0', '.'] },
  // Unused files, exports and dependencies in every workspace (knip.jsonc).
  { name: 'knip', cmd: ['npx', 'knip', '--no-progress'] },
  { name: 'typecheck', cmd: ['npm', 'run', 'typecheck'] },
  { name: 'format', cmd: ['npx', 'prettier', '--check', '.'] },
  { name: 'contract', cmd: ['npm', 'test', '--workspace', 'packages/contract'], suite: true },
  { name: 'docs', cmd: ['node', 'scripts/check-docs.mjs'] },
  // The console's first load in Chromium against the built server, counted in bytes received (README.md#testing-it).
  { name: 'size', cmd: ['node', '--import', 'tsx', 'scripts/check-size.mjs'], needs: ['build'] },
];

const selected = steps.filter((step) => only.length === 0 || only.includes(step.name));
const unknown = only.filter((name) => !steps.some((step) => step.name === name));
if (unknown.length > 0) {
  console.error(`Unknown step: ${unknown.join(', ')}. Steps: ${steps.map((step) => step.name).join(', ')}`);
  process.exit(2);
}

let postgres;
if (selected.some((step) => step.postgres)) {
  postgres = await startPostgres();
  if (!postgres.url) console.error('Could not start a throwaway PostgreSQL cluster (see the message above).');
}

const results = new Map();
const ended = new Set();
const waiting = [...selected];
const running = new Set();
const started = Date.now();

async function runStep(step) {
  const begun = Date.now();
  console.log(`▶ ${step.name} started`);
  let outcome;
  if (step.postgres && !postgres?.url) {
    outcome = { code: 1, output: 'No PostgreSQL cluster for this step.\n' };
  } else {
    // Every step but the browser tests runs at a lower priority (nice 10), so that whenever the browser tests have work
    // it is done at once and they take about the time they take alone, while the step beside them gets every cycle they
    // leave.
    const [command, ...args] = step.foreground ? step.cmd : ['nice', '-n', '10', ...step.cmd];
    outcome = await run(command, args, {
      ...step.env,
      ...(step.postgres ? { DATABASE_URL_TEST: postgres.url } : {}),
    });
  }
  const seconds = (Date.now() - begun) / 1000;
  console.log(`\n━━━ ${step.name} (${seconds.toFixed(1)} s) ━━━`);
  process.stdout.write(outcome.output);
  const counts = step.suite ? countTests(outcome.output) : undefined;
  const failed = outcome.code === 0 && !/\d+ flaky/.test(outcome.output) ? [] : failures(outcome.output);
  results.set(step.name, { name: step.name, ok: outcome.code === 0, seconds, counts, failed });
}

await new Promise((resolveAll) => {
  const next = () => {
    if (waiting.length === 0 && running.size === 0) {
      resolveAll();
      return;
    }
    while (running.size < jobs) {
      const index = waiting.findIndex((step) =>
        (step.needs ?? []).every((need) => ended.has(need) || !selected.some((s) => s.name === need)),
      );
      if (index < 0) break;
      const [step] = waiting.splice(index, 1);
      const promise = runStep(step).then(() => {
        running.delete(promise);
        ended.add(step.name);
        next();
      });
      running.add(promise);
    }
  };
  next();
});
await postgres?.stop();

const named = selected.flatMap((step) =>
  (results.get(step.name)?.failed ?? []).map((text) => `${step.name}:\n${text}`),
);
if (named.length > 0) {
  console.log('\n━━━ failed or flaky tests ━━━');
  // At most a dozen, so the summary below stays within the last lines of the log.
  console.log(named.slice(0, 12).join('\n'));
  if (named.length > 12) console.log(`… and ${named.length - 12} more above`);
}

console.log(`\n━━━ summary (${((Date.now() - started) / 1000).toFixed(1)} s, ${jobs} at a time) ━━━`);
let passed = 0;
let failed = 0;
const ordered = selected.map((step) => results.get(step.name));
for (const r of ordered) {
  const flaky = r.counts?.flaky ? ` (${r.counts.flaky} flaky)` : '';
  const counts = r.counts ? ` ${r.counts.passed} passed, ${r.counts.failed} failed${flaky}` : '';
  console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name.padEnd(10)} ${r.seconds.toFixed(1).padStart(6)} s${counts}`);
  if (r.counts) {
    passed += r.counts.passed;
    failed += r.counts.failed;
  } else if (!r.ok) {
    failed += 1;
  }
}
const allOk = ordered.every((r) => r.ok);
if (!allOk && failed === 0) failed = 1;
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(allOk ? 0 : 1);

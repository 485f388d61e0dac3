import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { loadSettings } from '../src/settings.js';

/**
 * README.md#settings lists every setting the server reads, and only those. The names the code reads are found in the
 * code itself: every variable loadSettings looks up in the environment it is given, and every `process.env.NAME` that
 * any source file reads directly.
 */

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const srcDir = join(serverDir, 'src');
const readme = join(serverDir, '..', '..', 'README.md');

const SETTING_NAME = /^[A-Z][A-Z0-9_]*$/;

/** The variables loadSettings reads: it is handed an empty environment that notes every name asked of it. */
function namesLoadSettingsReads(): Set<string> {
  const asked = new Set<string>();
  const environment = new Proxy<Record<string, string | undefined>>(
    {},
    {
      get(target, key) {
        if (typeof key === 'string' && SETTING_NAME.test(key)) asked.add(key);
        return Reflect.get(target, key) as unknown;
      },
      has(target, key) {
        if (typeof key === 'string' && SETTING_NAME.test(key)) asked.add(key);
        return Reflect.has(target, key);
      },
    },
  );
  loadSettings(environment);
  return asked;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/**
 * Names read straight from process.env anywhere in src/. The whole environment may go only to loadSettings, whose
 * reads are found above; any other use of it would read names this test cannot see, and fails it.
 */
function namesReadFromProcessEnv(): { names: Set<string>; unseen: string[] } {
  const names = new Set<string>();
  const unseen: string[] = [];
  for (const file of sourceFiles(srcDir)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/process\.env\b(\??\.\s*([A-Za-z_$][\w$]*)|\s*\[\s*(['"`])([^'"`]+)\3\s*\])?/g)) {
      const name = match[2] ?? match[4];
      if (name !== undefined) {
        names.add(name);
        continue;
      }
      const before = text.slice(Math.max(0, (match.index ?? 0) - 'loadSettings('.length), match.index);
      if (before !== 'loadSettings(')
        unseen.push(`${relative(serverDir, file)}: ${text.slice(match.index).split('\n')[0] ?? ''}`);
    }
  }
  return { names, unseen };
}

/** The names in the first column of the table under `## Settings` in the README, one row naming one or several. */
function namesInReadmeTable(): Set<string> {
  const lines = readFileSync(readme, 'utf8').split('\n');
  const start = lines.findIndex((line) => line === '## Settings');
  assert.ok(start >= 0, 'README.md has a "## Settings" section');
  const rows: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (/^#{1,2} /.test(line)) break;
    if (line.startsWith('|')) rows.push(line);
    else if (rows.length > 0) break;
  }
  assert.ok(rows.length > 2, 'the Settings section has a table');
  const [header, rule, ...body] = rows;
  assert.match(header ?? '', /^\| setting \|/);
  assert.match(rule ?? '', /^\|[-| ]+\|$/);
  const names = new Set<string>();
  for (const row of body) {
    const cell = row.split('|')[1] ?? '';
    const inCell = [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? '');
    assert.ok(inCell.length > 0, `a row without a setting name: ${row.slice(0, 80)}`);
    for (const name of inCell) {
      assert.match(name, SETTING_NAME, `not a setting name in the table: ${name}`);
      assert.ok(!names.has(name), `${name} has two rows`);
      names.add(name);
    }
  }
  return names;
}

describe('the README settings table', () => {
  const { names: fromProcessEnv, unseen } = namesReadFromProcessEnv();
  const read = new Set([...namesLoadSettingsReads(), ...fromProcessEnv]);
  const documented = namesInReadmeTable();

  it('finds the settings in the code', () => {
    assert.deepEqual(unseen, [], 'process.env is handed to something other than loadSettings');
    // A floor, so that a change in how settings are read cannot leave this test comparing nothing.
    assert.ok(read.size > 100, `only ${read.size} settings found`);
    for (const known of ['PORT', 'DATABASE_URL', 'CORS_ORIGINS', 'SLACK_SIGNING_SECRET']) assert.ok(read.has(known));
  });

  it('has a row for every setting the code reads', () => {
    const missing = [...read].filter((name) => !documented.has(name)).sort();
    assert.deepEqual(missing, [], `settings read by the code but missing from README.md#settings`);
  });

  it('lists no setting the code does not read', () => {
    const unread = [...documented].filter((name) => !read.has(name)).sort();
    assert.deepEqual(unread, [], `settings in README.md#settings that the code does not read`);
  });
});

#!/usr/bin/env node
// The repository explains itself: every `docs/….md#anchor` a source file cites, and every relative link in the README
// and docs/, must name a file and a heading that exist; and no file may cite a document kept outside the repository.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => file !== '' && existsSync(join(root, file)));

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens; repeats get -1, -2 … */
function anchorsOf(markdown) {
  const anchors = new Set();
  const seen = new Map();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = heading[1]
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

const anchorCache = new Map();
function headingsOf(file) {
  if (!anchorCache.has(file)) anchorCache.set(file, anchorsOf(readFileSync(join(root, file), 'utf8')));
  return anchorCache.get(file);
}

const problems = [];
/** Checks that `target` (a path from the repository root, maybe with #anchor) exists. */
function check(where, target) {
  const [path, anchor] = target.split('#');
  if (!tracked.includes(path)) {
    problems.push(`${where}: ${target}: no such file`);
  } else if (anchor !== undefined && anchor !== '' && path.endsWith('.md') && !headingsOf(path).has(anchor)) {
    problems.push(`${where}: ${target}: no heading with that anchor`);
  }
}

const SOURCE = /\.(ts|tsx|mjs|js|py|css|html)$/;
const CITATION = /(?<![\w./-])docs\/[\w./-]+\.md(?:#[\w-]+)?/g;
// The specifications the code once cited by section, kept outside the repository.
const OUTSIDE = /(?<![\w/.-])(?:api|console|screens)\.md\b|\.\.\/shared\/spec|\bspec README\b/;
const isDoc = (file) => file === 'README.md' || (file.startsWith('docs/') && file.endsWith('.md'));

for (const file of tracked) {
  if (file === 'scripts/check-docs.mjs') continue;
  if (!SOURCE.test(file) && !isDoc(file) && !file.endsWith('/README.md')) continue;
  const lines = readFileSync(join(root, file), 'utf8').split('\n');
  lines.forEach((line, index) => {
    const where = `${file}:${index + 1}`;
    if (OUTSIDE.test(line)) problems.push(`${where}: cites a document outside the repository: ${line.trim()}`);
    if (SOURCE.test(file)) for (const [target] of line.matchAll(CITATION)) check(where, target.replace(/[.]+$/, ''));
    if (file.endsWith('.md')) {
      for (const [, link] of line.replace(/`[^`]*`/g, '').matchAll(/\]\(([^)\s]+)\)/g)) {
        // Absolute URLs, and placeholders such as `(<DASHBOARD_URL>/alert/<id>)` in a code span across lines.
        if (/^[a-z]+:/i.test(link) || link.includes('<')) continue;
        const [path, anchor] = link.split('#');
        const resolved = path === '' ? file : normalize(relative(root, join(root, dirname(file), path)));
        check(where, anchor === undefined ? resolved : `${resolved}#${anchor}`);
      }
    }
  });
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(`\n${problems.length} broken or outside citations.`);
  process.exit(1);
}
console.log(`Citations and links checked in ${tracked.length} files: all resolve inside the repository.`);

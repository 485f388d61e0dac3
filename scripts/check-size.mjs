#!/usr/bin/env node
// The console's first-load JavaScript budget: every script and modulepreload that index.html pulls in before any lazy
// route chunk, gzipped. Fails when the total exceeds the budget, and prints every lazy chunk for the record.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 200;
// The console's build, or another build folder given as the first argument.
const dist = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'packages', 'web', 'dist');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const initial = new Set(
  [...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1]),
);
const gzipKb = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024;

let total = 0;
console.log('first-load JS (gzip):');
for (const file of initial) {
  const kb = gzipKb(file);
  total += kb;
  console.log(`  ${file.padEnd(48)} ${kb.toFixed(1).padStart(7)} kB`);
}
console.log(`  ${'total'.padEnd(48)} ${total.toFixed(1).padStart(7)} kB (budget ${BUDGET_KB} kB)`);
console.log('lazy chunks (gzip):');
for (const file of readdirSync(join(dist, 'assets')).sort()) {
  const path = `assets/${file}`;
  if (file.endsWith('.js') && !initial.has(path))
    console.log(`  ${path.padEnd(48)} ${gzipKb(path).toFixed(1).padStart(7)} kB`);
}
if (initial.size === 0) {
  console.error('No script found in index.html: is the console built?');
  process.exit(1);
}
if (total > BUDGET_KB) {
  console.error(`First-load JS is ${total.toFixed(1)} kB gzip, over the ${BUDGET_KB} kB budget.`);
  process.exit(1);
}

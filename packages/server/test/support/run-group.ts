// One group of test files in one process (run-files.mjs): each file is loaded in turn, and node:test runs their
// tests one after another, as it would if the files were one.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

for (const file of process.argv.slice(2)) {
  await import(pathToFileURL(resolve(file)).href);
}

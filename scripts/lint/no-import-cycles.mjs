// ESLint rule: no module may import, directly or through others, a module that imports it back (README.md#architecture).
// Every static `import` and `export … from` counts, type-only ones included, since a cycle of types is as tangled a
// design as a cycle of values; `import()` does not, as it loads nothing when the module does.
//
// Options: `{ root }`, the folder whose modules are checked (relative to the working directory); imports leaving it are
// not followed. The graph is read from the files on disk with TypeScript's import scanner and kept for the run.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/** Resolved file → { mtime, imports } */
const cache = new Map();

function resolveLocal(from, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const target = resolve(dirname(from), specifier);
  const stem = target.replace(/\.(js|jsx|mjs)$/, '');
  for (const candidate of [`${stem}.ts`, `${stem}.tsx`, `${stem}/index.ts`]) {
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

function staticImports(file) {
  const mtime = statSync(file).mtimeMs;
  const known = cache.get(file);
  if (known?.mtime === mtime) return known.imports;
  const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, false);
  const imports = info.importedFiles.map((f) => resolveLocal(file, f.fileName)).filter((f) => f !== undefined);
  cache.set(file, { mtime, imports });
  return imports;
}

/** A path of imports from `start` back to `goal`, or undefined. */
function pathBack(start, goal, inside) {
  const seen = new Set();
  const stack = [[start, [start]]];
  while (stack.length > 0) {
    const [file, path] = stack.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    for (const next of staticImports(file)) {
      if (!inside(next)) continue;
      if (next === goal) return path;
      if (!seen.has(next)) stack.push([next, [...path, next]]);
    }
  }
  return undefined;
}

export const noImportCycles = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbids import cycles between the modules of a folder' },
    schema: [{ type: 'object', properties: { root: { type: 'string' } }, additionalProperties: false }],
    messages: { cycle: 'Import cycle: {{path}}' },
  },
  create(context) {
    const root = resolve(context.cwd, context.options[0]?.root ?? '.');
    const inside = (file) => file === root || file.startsWith(root + sep);
    const file = context.physicalFilename;
    if (!inside(file)) return {};
    const show = (f) => relative(root, f);
    const check = (node) => {
      if (node.source === null || node.source === undefined || typeof node.source.value !== 'string') return;
      const target = resolveLocal(file, node.source.value);
      if (target === undefined || !inside(target)) return;
      const back = target === file ? [] : pathBack(target, file, inside);
      if (back === undefined) return;
      const path = [file, ...back, file].map(show).join(' → ');
      context.report({ node: node.source, messageId: 'cycle', data: { path } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

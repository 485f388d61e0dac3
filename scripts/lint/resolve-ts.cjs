// Import resolver for ESLint plugins that follow imports (eslint-plugin-boundaries): TypeScript sources import each
// other as `./name.js`, the file they will compile to, so a relative `.js` specifier is looked up as `.ts` or `.tsx`
// first. Anything else is left to the next resolver in `import/resolver`.
const { existsSync } = require('node:fs');
const { dirname, resolve } = require('node:path');

exports.interfaceVersion = 2;

exports.resolve = (source, file) => {
  if (!source.startsWith('.')) return { found: false };
  const target = resolve(dirname(file), source);
  const stem = target.replace(/\.(js|jsx|mjs)$/, '');
  for (const candidate of [`${stem}.ts`, `${stem}.tsx`, target]) {
    if (existsSync(candidate)) return { found: true, path: candidate };
  }
  return { found: false };
};

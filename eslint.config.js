import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import boundaries from 'eslint-plugin-boundaries';
import { fileURLToPath } from 'node:url';
import { noImportCycles } from './scripts/lint/no-import-cycles.mjs';

/** Server modules in these folders of packages/server/src ('top': the modules directly in it). */
const layers = (...types) => types.map((type) => ({ element: { type } }));
/** The modules directly in packages/server/src that wire the application together. */
const wiring = {
  element: { type: 'top', fileInternalPath: ['app.ts', 'main.ts', 'context.ts', 'housekeeping-timer.ts'] },
};
/** The modules directly in packages/server/src that every layer may use: errors and settings. */
const shared = {
  element: { type: 'top', fileInternalPath: ['errors.ts', 'settings.ts', 'settings-parsers.ts', 'secret.ts'] },
};
/** The store's public interface: its types, its fields, and the function that opens it. */
const storeApi = {
  element: {
    type: 'store',
    fileInternalPath: ['types.ts', 'records.ts', '*-types.ts', 'fields.ts', 'open.ts', 'unavailable.ts'],
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'playwright-report/**',
      'test-results/**',
      '**/*.mjs',
      '**/*.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['packages/web/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  // The console's feature boundaries (README.md#architecture): a feature imports another one only through its public
  // entry (`../<feature>`, its index.ts), and code that several features use lives in src/shared, which imports no
  // feature. Tests and their kits may reach into other features for fixtures.
  {
    files: ['packages/web/src/features/**/*.{ts,tsx}'],
    ignores: ['**/*{test,Test}*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./[^./][^/]*/',
              message:
                "Import another feature through its public entry ('../<feature>', its index.ts), or move what several features use to src/shared.",
            },
            {
              regex: '^(\\.\\./)+features/',
              message: "Import another feature through its public entry ('../<feature>', its index.ts).",
            },
          ],
        },
      ],
    },
  },
  // The rest of the console (the app's frame, i18n, api …) takes a feature through its public entry too; a screen loaded
  // as a chunk of its own is named by its file in a dynamic import(), which this rule does not look at, and the type
  // of an area's catalogue comes from its messages folder.
  {
    files: ['packages/web/src/**/*.{ts,tsx}'],
    ignores: ['packages/web/src/features/**', 'packages/web/src/test/**', '**/*{test,Test}*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)features/[^/]+/(?!messages/)',
              message: "Import a feature through its public entry ('…/features/<feature>', its index.ts).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/web/src/shared/**/*.{ts,tsx}'],
    ignores: ['**/*{test,Test}*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^|/)features(/|$)', message: 'Shared code imports no feature.' }] },
      ],
    },
  },
  // The server's layers (README.md#architecture): each folder may import only the folders listed for it, modules
  // outside store/ reach the store only through its public interface, and no module imports one that imports it back.
  { ignores: ['scripts/lint/*.cjs'] },
  {
    files: ['packages/server/src/**/*.ts'],
    plugins: { boundaries, alerta: { rules: { 'no-import-cycles': noImportCycles } } },
    settings: {
      'import/resolver': { [fileURLToPath(new URL('./scripts/lint/resolve-ts.cjs', import.meta.url))]: {}, node: {} },
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
      // The first folder a file lies in names its layer; the modules directly in src/ are one layer.
      'boundaries/elements': [
        ...['store', 'auth', 'domain', 'http', 'openapi', 'routes'].map((folder) => ({
          type: folder,
          pattern: `packages/server/src/${folder}`,
          partialMatch: false,
        })),
        { type: 'top', pattern: 'packages/server/src', partialMatch: false },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          checkUnknownLocals: true,
          // Imports within one folder are checked too, so shared modules cannot reach the wiring beside them.
          checkInternals: true,
          policies: [
            { from: wiring, allow: { to: layers('top', 'store', 'auth', 'domain', 'http', 'openapi', 'routes') } },
            {
              from: layers('routes'),
              allow: { to: [...layers('routes', 'top', 'auth', 'domain', 'http', 'openapi'), storeApi] },
            },
            { from: layers('openapi'), allow: { to: [...layers('openapi', 'http'), shared, storeApi] } },
            { from: layers('http'), allow: { to: [...layers('http', 'auth'), shared, storeApi] } },
            { from: layers('domain'), allow: { to: [...layers('domain', 'auth'), shared, storeApi] } },
            { from: layers('auth'), allow: { to: [...layers('auth'), shared, storeApi] } },
            // Only the type of the application context, which these modules are handed.
            { from: layers('http', 'auth'), allow: { to: wiring, dependency: { kind: 'type' } } },
            { from: layers('store'), allow: { to: [...layers('store'), shared] } },
            // Each subsystem parses its own settings; settings.ts gathers them.
            { from: shared, allow: { to: [...layers('auth', 'http'), shared] } },
          ],
        },
      ],
      'alerta/no-import-cycles': ['error', { root: 'packages/server/src' }],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.ts', 'compat/**/*.ts'],
    rules: {
      // node:test's describe/it return promises that the runner itself awaits.
      '@typescript-eslint/no-floating-promises': 'off',
    },
  },
);

import fs from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import tseslint from 'typescript-eslint';

/** Sub-folders of a folder, read at lint time so a new API module or web feature gets its zone without editing this file. */
const foldersOf = (dir) =>
  fs
    .readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const apiModules = foldersOf('./apps/api/src/modules/');
const webFeatures = foldersOf('./apps/web/src/features/');

/** The web app's layers: components, lib, config -> features -> app, no feature imports another, and no API code. */
const webZones = [
  { target: './apps/web', from: ['./apps/api', './e2e', './bench'], message: 'The web app sees the API only through @coffee/contract.' },
  {
    target: ['./apps/web/src/components', './apps/web/src/lib', './apps/web/src/config'],
    from: ['./apps/web/src/features', './apps/web/src/app'],
    message: 'Shared code (components, lib, config) does not import features or the app layer.',
  },
  ...webFeatures.map((feature) => ({
    target: `./apps/web/src/features/${feature}`,
    from: './apps/web/src/features',
    except: [`./${feature}`],
    message: 'A feature does not import another feature: move what both need to components or lib, or compose them in app.',
  })),
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-simulator/**', '**/dist-ssr/**', '**/node_modules/**', 'data/**', 'e2e/.data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      // Every TypeScript file belongs to a tsconfig.json (tests included), so the project service finds them all.
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { 'import-x': importX },
    settings: {
      // Resolves `./x.js` to x.ts and @coffee/contract to its source, as TypeScript does.
      'import-x/resolver-next': [createTypeScriptImportResolver()],
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      // `import { type A }` still loads the module at run time (verbatimModuleSyntax); `import type` does not.
      '@typescript-eslint/no-import-type-side-effects': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Template literals with numbers are how the code builds texts and paths; objects and nullish values are still caught.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      // A promise handed to an attribute expecting void (onClick={async () => ...}) is React's normal event idiom.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    // Plain JavaScript (this file, scripts, the e2e server): linted without type information.
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'apps/*/src/test/**', 'apps/web/src/testing/**', 'e2e/**'],
    rules: {
      // expect(mock.method).toHaveBeenCalled() and friends pass methods around unbound on purpose.
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Import direction, checked on resolved paths so a relative path cannot slip past it.
    files: ['packages/contract/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [{ target: './packages/contract', from: ['./apps', './e2e', './bench'], message: 'The contract imports nothing of ours.' }] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: webZones }] },
  },
  {
    // Tests of a feature may render it inside the app's providers and routes; the feature's own code may not reach up.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...webZones, { target: './apps/web/src/features', from: './apps/web/src/app', message: 'Features do not import the app layer.' }] },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@coffee/api', '@coffee/api/*'], message: 'The web app sees the API only through @coffee/contract.' }] }],
    },
  },
  {
    // API modules form a tree joined at their services: another module is reached only through its <name>.service.ts.
    // app.ts wires every module's routes, and tests may build state through any module.
    files: ['apps/api/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: apiModules.map((name) => ({
            target: `./apps/api/src/modules/${name}`,
            from: './apps/api/src/modules',
            except: [`./${name}`, ...apiModules.filter((other) => other !== name).map((other) => `./${other}/${other}.service.ts`)],
            message: 'Another API module is used only through its <name>.service.ts.',
          })),
        },
      ],
    },
  },
  {
    // Services hold the rules and repositories the SQL: neither knows about HTTP.
    files: ['apps/api/src/**/*.service.ts', 'apps/api/src/**/*.repository.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'fastify', message: 'Services and repositories do not import Fastify.' }],
          patterns: [{ group: ['@fastify/*', 'fastify-*'], message: 'Services and repositories do not import Fastify.' }],
        },
      ],
    },
  },
  {
    // A refusal is read in the customer's language (decision 037): its words are a text the catalogues know, so not
    // a string built at run time. Values go in a descriptor: /*i18n*/ { id: '{name} is sold out', values: { name } }.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/api/src/test/**', 'apps/api/src/payments-simulator/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.name=/^(badRequest|notFound|conflict|unauthorized|forbidden)$/] > TemplateLiteral.arguments:first-child',
          message: 'A text built at run time cannot be translated: give /*i18n*/ { id, values } instead.',
        },
        {
          selector: 'NewExpression[callee.name="AppError"] > TemplateLiteral:nth-child(2)',
          message: 'A text built at run time cannot be translated: give /*i18n*/ { id, values } instead.',
        },
      ],
    },
  },
);

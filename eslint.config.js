import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importPlugin from 'eslint-plugin-import';

/** The folders under `dir` (web features, server modules): each is a boundary the rules below keep. */
const foldersOf = (dir) =>
  readdirSync(join(import.meta.dirname, dir), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

const WEB = './apps/web/src';
const SERVER = './apps/server/src';

/**
 * The architecture's boundaries (../shared/design/architecture.md, rules 2 and 7), enforced so they hold without anyone
 * remembering them: web features do not import each other nor the app that composes them (route files in app/ compose
 * features); shared components/ and lib/ know no feature and no route; a server module reaches another module only
 * through its service (or its schema, which the database aggregation needs), never its repository or routes; providers
 * (outside services, chosen by configuration) import nothing from the business modules that call them.
 */
const boundaries = [
  ...foldersOf(`${WEB}/features`).map((feature) => ({
    target: `${WEB}/features/${feature}`,
    from: `${WEB}/features`,
    except: [`./${feature}`],
    message: 'Features do not import each other: compose them in a route file under app/.',
  })),
  {
    target: `${WEB}/features`,
    from: `${WEB}/app`,
    message: 'Features do not import the app (router, providers, layouts, routes): app/ composes features.',
  },
  {
    target: [`${WEB}/components`, `${WEB}/lib`],
    from: [`${WEB}/features`, `${WEB}/app`],
    message: 'Shared components and lib know nothing of features or routes.',
  },
  ...foldersOf(`${SERVER}/modules`).map((module) => ({
    target: `${SERVER}/modules/${module}/**`,
    from: `${SERVER}/modules/!(${module})/!(*-service|*-schema|*-module).ts`,
    message: 'A module uses another module through its service, never its repository or routes.',
  })),
  {
    target: `${SERVER}/providers`,
    from: `${SERVER}/modules`,
    message:
      'Providers import nothing from the modules (their repositories, services, routes): modules call providers.',
  },
];

/** Our own small rules, where no plugin rule says it (rule 7: no barrel files below a package's root). */
const kaskita = {
  rules: {
    'no-barrel-files': {
      meta: {
        type: 'problem',
        schema: [],
        messages: {
          barrel:
            'No barrel files below a package root: import the file that defines the thing, not an index.',
        },
      },
      create: (context) => ({
        Program(node) {
          if (/^index\.[cm]?[jt]sx?$/.test(basename(context.filename)))
            context.report({ node, messageId: 'barrel' });
        },
      }),
    },
  },
};

// The one rule that needs types, no-floating-promises (a promise nobody awaits loses its error, and an unhandled
// rejection crashes Node), is oxlint's (`oxlint --type-aware`, .oxlintrc.json), checked on TypeScript 7's type checker:
// measured on 2026-11-30 (2 cores), ESLint with typed linting took 59 s and 83 CPU seconds, without it 24 s and 35;
// oxlint's typed pass takes 10 s and 20 CPU seconds. tooling/lint-rules.test.ts probes it.
export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-output/**', 'apps/server/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { files: ['apps/web/src/**/*.{ts,tsx}'], ...reactHooks.configs.flat.recommended },
  { files: ['apps/admin/src/**/*.{ts,tsx}'], ...reactHooks.configs.flat.recommended },
  {
    files: ['apps/*/src/**/*.{ts,tsx}'],
    plugins: { import: importPlugin },
    rules: { 'import/no-restricted-paths': ['error', { zones: boundaries }] },
  },
  {
    // No import loops in the server: a loop of value imports makes module order matter (a constant read before its
    // module ran). The plugin reads our .ts files with the TypeScript parser and skips node_modules (measured: about
    // +2.5 s of CPU on `eslint .`, +6%). It ignores `import type` edges, which cost nothing at run time.
    files: ['apps/server/src/**/*.ts'],
    plugins: { import: importPlugin },
    settings: {
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/extensions': ['.ts', '.tsx', '.js'],
      'import/ignore': ['node_modules'],
    },
    rules: { 'import/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: [
      'apps/*/src/**/*.{ts,tsx,js,jsx,mts,cts,mjs,cjs}',
      'packages/domain/src/**/*.{ts,tsx,js,jsx,mts,cts,mjs,cjs}',
    ],
    plugins: { kaskita },
    rules: { 'kaskita/no-barrel-files': 'error' },
  },
  {
    // Configuration comes from env.ts only (architecture rule 8): it validates every setting once. Tests, bench and
    // scripts outside src/ pass their own settings (or read DATABASE_URL to choose a database) and are not covered.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/env.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read settings through env.ts (loadEnv), the only reader of process.env.',
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: ['process', 'node:process'].map((name) => ({
            name,
            importNames: ['env'],
            message: 'Read settings through env.ts (loadEnv), the only reader of process.env.',
          })),
        },
      ],
    },
  },
  {
    // The borrower's bundle stays the borrower's: the back office's desktop kit and its code live in apps/admin, its
    // own build (apps/admin/e2e/bundles-apart.e2e.ts checks the built files too).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(antd|@ant-design/.*)(/|$)',
              message: 'antd is the back office kit: the borrower app uses antd-mobile.',
            },
            {
              regex: '(^@kaskita/admin|(^|/)apps/admin/|^(\\.\\./)+admin/)',
              message: 'apps/web imports nothing from apps/admin.',
            },
          ],
        },
      ],
    },
  },
  {
    // The domain package is pure: no Node, no I/O, no React, nothing from the apps (architecture: packages/domain).
    files: ['packages/domain/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^node:', message: 'packages/domain is pure: no Node APIs.' },
            {
              regex:
                '^(fs|path|os|crypto|http|https|url|util|child_process|worker_threads|stream|buffer|events)(/|$)',
              message: 'packages/domain is pure: no Node APIs.',
            },
            {
              regex: '^(react|react-dom|react-router|antd-mobile|fastify|drizzle-orm|pg)(/|$)',
              message: 'packages/domain imports nothing from the web or the server.',
            },
            { regex: '^@kaskita/(server|web)', message: 'packages/domain imports nothing from the apps.' },
            { regex: '(^|/)apps/', message: 'packages/domain imports nothing from the apps.' },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'process', message: 'packages/domain is pure: configuration is passed in.' },
        { name: 'window', message: 'packages/domain is pure: no browser APIs.' },
        { name: 'document', message: 'packages/domain is pure: no browser APIs.' },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'packages/domain takes time from a clock passed in.' },
      ],
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
);

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
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
 * remembering them: web features do not import each other (route files in app/ compose them); shared components/ and
 * lib/ know no feature and no route; a server module reaches another module only through its service (or its schema,
 * which the database aggregation needs), never its repository or routes.
 */
const boundaries = [
  ...foldersOf(`${WEB}/features`).map((feature) => ({
    target: `${WEB}/features/${feature}`,
    from: `${WEB}/features`,
    except: [`./${feature}`],
    message: 'Features do not import each other: compose them in a route file under app/.',
  })),
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
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-output/**', 'apps/server/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { files: ['apps/web/src/**/*.{ts,tsx}'], ...reactHooks.configs.flat.recommended },
  {
    files: ['apps/*/src/**/*.{ts,tsx}'],
    plugins: { import: importPlugin },
    rules: { 'import/no-restricted-paths': ['error', { zones: boundaries }] },
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

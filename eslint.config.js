// Lint: TypeScript and React hooks rules, plus the direction of imports between the three layers
// (shared → nothing of ours, and of libraries only zod and date-fns; web → shared only; server →
// shared only).
import fs from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const featuresOf = (folder) =>
  fs
    .readdirSync(new URL(folder, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const serverFeatures = featuresOf('./src/server/features');
const webFeatures = featuresOf('./src/web/features');

const serverOnly = ['drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/*', 'better-auth/adapters/*', 'sharp', 'nodemailer', 'pino', 'hono', 'hono/*', '@hono/*'];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'bench/.work/**', 'src/server/db/migrations/**', 'coverage/**', '.tmp/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Issue 24: no function so long that it does several jobs; tests' describe blocks are exempt.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    rules: { 'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true, IIFEs: true }] },
  },
  {
    files: ['src/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser }, sourceType: 'script' },
    rules: { 'no-var': 'off' },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', '@server/*'], message: 'The web app never imports server code.' },
            { group: serverOnly, message: 'The web app never imports the database or server libraries.' },
            { group: ['date-fns', 'date-fns/*', '@date-fns/*'], message: 'Format dates with src/shared/rules/date-format.ts, the one date formatter.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    ignores: ['src/shared/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', '**/web/**', '@server/*', '@web/*'], message: 'shared imports nothing of ours outside src/shared.' },
            // date-fns (and its time zones) is the one date formatter, for web and server alike.
            { regex: '^(?!zod$|zod/|date-fns$|@date-fns/tz$|\\.{1,2}/|node:test$).*', message: 'shared may import only zod and date-fns.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/web/**', '@web/*'], message: 'The server never imports web code.' }] },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/db/transaction.ts', 'src/server/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='transaction']:not([callee.object.name='tx'])",
          message: 'Open transactions with inTransaction (src/server/db/transaction.ts): it runs a deadlock victim again.',
        },
      ],
    },
  },

  // ── Features side by side (server) ───────────────────────────────────────────────────────────
  // A feature imports another only through its public entry (features/<name>/index.ts), and lib/
  // and db/ never import features. Import cycles, type-only ones included, are dependency-cruiser's
  // (.dependency-cruiser.cjs, in `npm run lint`): ESLint's import plugins skip `import type`.
  // Tests and their helpers may reach inside a feature. To cover src/web, add a block like this one.
  {
    files: ['src/server/**/*.ts'],
    ignores: [
      'src/server/**/*.test.ts',
      'src/server/features/*/testing/**',
      'src/server/features/ideas/api-test-helpers.ts',
      // Page rendering still reads the session in lib/; it moves with the server-rendering work.
      'src/server/lib/page-data.ts',
      'src/server/lib/visitor-fast-path.ts',
    ],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: ['./src/server/lib', './src/server/db'],
              from: './src/server/features',
              message: 'lib/ and db/ sit below the features: move what they need down, or publish an event.',
            },
            ...serverFeatures.map((name) => ({
              target: `./src/server/features/!(${name})/**`,
              from: `./src/server/features/${name}`,
              except: ['./index.ts'],
              message: `Import the ${name} feature through its public entry, features/${name}/index.ts.`,
            })),
          ],
        },
      ],
    },
  },

  // ── Features side by side (web) ──────────────────────────────────────────────────────────────
  // A web feature imports another only through its public entry (features/<name>/index.ts);
  // components/ and lib/ sit below the features and never import them; no import cycles. app/
  // (the routes and layouts) may reach into a feature.
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Without these the plugin reads no TypeScript file and no-cycle sees no imports at all.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'], tsconfig: { configFile: 'tsconfig.json' } })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: ['./src/web/components', './src/web/lib'],
              from: './src/web/features',
              message: 'components/ and lib/ sit below the features: move what they need down, or take it as a prop.',
            },
            ...webFeatures.map((name) => ({
              target: `./src/web/features/!(${name})/**/!(*.test).{ts,tsx}`,
              from: `./src/web/features/${name}`,
              except: ['./index.ts'],
              message: `Import the ${name} feature through its public entry, features/${name}/index.ts.`,
            })),
          ],
        },
      ],
    },
  },
);

// Lint: TypeScript and React hooks rules, plus the direction of imports between the three layers
// (shared → nothing of ours; web → shared only; server → shared only).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
            { regex: '^(?!zod$|zod/|\\.{1,2}/|node:test$).*', message: 'shared may import only zod.' },
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
);

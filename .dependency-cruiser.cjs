// Import cycles, type-only imports included (ESLint's import plugins skip `import type` by design).
// `npm run lint` runs it over src/server and src/shared; add src/web to that command to cover it.
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Two modules that need each other: move what both need lower (a rule in src/shared, a lib module, an event).',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['src/server/db/migrations'] },
  },
};

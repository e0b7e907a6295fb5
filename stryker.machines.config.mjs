// Mutation testing of machines/ (`npm run mutation`; not in CI). Target: score ≥ 90 %.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'tests/mutation/vitest.machines.config.ts', related: false },
  mutate: [
    'machines/**/*.ts',
    '!machines/index.ts',
    '!machines/types.ts',
    '!machines/outcomeTypes.ts',
  ],
  coverageAnalysis: 'perTest',
  // Static mutants (module-level code, such as a machine's config object) re-run every test,
  // hours on two cores; the contract-table tests guard the machines' transitions instead.
  ignoreStatic: true,
  concurrency: 2,
  incremental: true,
  incrementalFile: 'reports/mutation/machines.incremental.json',
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/machines.html' },
  jsonReporter: { fileName: 'reports/mutation/machines.json' },
  thresholds: { high: 95, low: 90, break: 90 },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};

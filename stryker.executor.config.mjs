// Mutation testing of the chain's executor and mempool against the fast in-process tests
// (`npm run mutation:executor`; not in CI). Target: score ≥ 85 %. Re-measuring after a change to
// these files is this one command; see tests/README.md for the time it takes.
import machines from './stryker.machines.config.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...machines,
  vitest: { configFile: 'tests/mutation/vitest.executor.config.ts', related: false },
  mutate: ['localnet/executor/**/*.ts', 'localnet/mempool/**/*.ts'],
  // Two cores shared by many: one mutant at a time.
  concurrency: 1,
  // Fast enough to run in full; an incremental file reused stale survivors after tests changed.
  incremental: false,
  incrementalFile: 'reports/mutation/executor.incremental.json',
  htmlReporter: { fileName: 'reports/mutation/executor.html' },
  jsonReporter: { fileName: 'reports/mutation/executor.json' },
  thresholds: { high: 90, low: 85, break: 85 },
};

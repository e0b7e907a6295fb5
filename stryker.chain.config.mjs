// Mutation testing of the chain's executor and mempool, the fee and amount helpers and the dev
// wallet's signing checks (`npm run mutation`; not in CI). Target: score ≥ 85 %.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'tests/mutation/vitest.chain.config.ts', related: false },
  mutate: [
    'localnet/executor/**/*.ts',
    'localnet/mempool/**/*.ts',
    'src/format/amounts.ts',
    'src/features/compose/results/gasFee.ts',
    // The signing checks: #signingRefusal, #recheckSigning, #prepareSignTransaction.
    'src/devwallet/DevWallet.ts:801-886',
  ],
  coverageAnalysis: 'perTest',
  // Static mutants (module-level code, such as a machine's config object) re-run every test,
  // hours on two cores; the contract-table tests guard the machines' transitions instead.
  ignoreStatic: true,
  concurrency: 2,
  incremental: true,
  incrementalFile: 'reports/mutation/chain.incremental.json',
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/chain.html' },
  jsonReporter: { fileName: 'reports/mutation/chain.json' },
  thresholds: { high: 90, low: 85, break: 85 },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};

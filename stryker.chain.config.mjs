// Mutation testing of the fee and amount helpers and the dev wallet's signing checks
// (`npm run mutation:chain`; not in CI). Target: score ≥ 85 %. The chain's executor and mempool
// have their own scope with fast in-process tests: stryker.executor.config.mjs.
import machines from './stryker.machines.config.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...machines,
  vitest: { configFile: 'tests/mutation/vitest.chain.config.ts', related: false },
  mutate: [
    'src/format/amounts.ts',
    'src/features/transaction/gasFee.ts',
    // The dev wallet's pure signing checks, split out of DevWallet.ts.
    'src/devwallet/signingChecks.ts',
  ],
  incrementalFile: 'reports/mutation/chain.incremental.json',
  htmlReporter: { fileName: 'reports/mutation/chain.html' },
  jsonReporter: { fileName: 'reports/mutation/chain.json' },
  thresholds: { high: 90, low: 85, break: 85 },
};

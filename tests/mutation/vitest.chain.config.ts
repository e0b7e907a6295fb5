import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * The tests Stryker runs against mutants of the fee and amount helpers and the dev wallet's signing
 * checks (see stryker.chain.config.mjs). The executor and mempool: vitest.executor.config.ts.
 */
export default defineConfig({
  plugins: [react()],
  test: {
    // Instrumented code on two shared cores: the UI tests can need more than 5 s.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'ui',
          environment: 'jsdom',
          include: [
            'tests/ui/compose/gasFee.test.tsx',
            'tests/ui/compose/balanceChanges.test.tsx',
            'tests/ui/chain/chainQueries.test.tsx',
            'tests/ui/format/amounts.test.tsx',
            'tests/ui/devwallet/DevWallet.test.tsx',
            'tests/ui/devwallet/keys.test.tsx',
            'tests/ui/devwallet/signingChecks.test.tsx',
          ],
          setupFiles: ['tests/test-utils/setup.ts'],
        },
      },
    ],
  },
});

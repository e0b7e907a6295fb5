import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * The tests Stryker runs against mutants of the chain's executor and mempool, the fee and amount
 * helpers and the dev wallet's signing checks (see stryker.chain.config.mjs).
 */
export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'node', environment: 'node', include: ['tests/localnet/**/*.test.ts'] },
      },
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
          ],
          setupFiles: ['tests/test-utils/setup.ts'],
        },
      },
    ],
  },
});

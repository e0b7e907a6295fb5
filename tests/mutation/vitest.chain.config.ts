import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * The tests Stryker runs against mutants of the chain's executor and mempool, the fee and amount
 * helpers and the dev wallet's signing checks (see stryker.chain.config.mjs).
 */
export default defineConfig({
  plugins: [react()],
  test: {
    // Instrumented code on two shared cores: the fuzz and chain tests need far more than 5 s.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['tests/localnet/**/*.test.ts'],
          // These run the chain in a child process, which never sees Stryker's active mutant,
          // so they cannot kill one; they only cost time.
          exclude: [
            'tests/localnet/durability.test.ts',
            'tests/localnet/logRecovery.test.ts',
            'tests/localnet/killRound.test.ts',
          ],
        },
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
            'tests/ui/devwallet/signingChecks.test.tsx',
          ],
          setupFiles: ['tests/test-utils/setup.ts'],
        },
      },
    ],
  },
});

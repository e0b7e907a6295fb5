import { defineConfig } from 'vitest/config';

/**
 * The tests Stryker runs against mutants of the chain's executor and mempool
 * (stryker.executor.config.mjs): in-process tests only, with no HTTP server, fixed port, child
 * process or sleep, so a mutant costs seconds. They are ordinary tests and run in `npm test` too.
 * The HTTP chain tests (tests/localnet/*.test.ts) kill more mutants but take about a minute per
 * mutant; they are left to `npm test`.
 */
export default defineConfig({
  test: {
    environment: 'node',
    // One module graph for all the files: the ts-sdk is loaded once per run, not once per file
    // (about 3× faster per mutant). These tests keep no state between files.
    isolate: false,
    include: ['tests/localnet/**/*.unit.test.ts', 'tests/localnet/gasMeter.test.ts'],
  },
});

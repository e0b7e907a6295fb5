import { defineConfig } from 'vitest/config';

/**
 * The tests Stryker runs against mutants of `machines/` (see stryker.machines.config.mjs): the
 * machine tests, and the replay tests (they live with the run files, but test machines/replay.ts).
 */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['tests/machines/**/*.test.ts', 'tests/runs/replay.test.ts'],
  },
});

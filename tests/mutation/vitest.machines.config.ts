import { defineConfig } from 'vitest/config';

/** The tests Stryker runs against mutants of `machines/` (see stryker.machines.config.mjs). */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['tests/machines/**/*.test.ts'],
  },
});

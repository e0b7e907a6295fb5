import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { pool: 'forks', maxWorkers: 4, fileParallelism: true, include: ['parallel/*.test.ts'] },
});

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { RequireTestsReporter } from './tests/test-utils/requireTestsReporter.ts';

export default defineConfig({
  plugins: [react()],
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  preview: { host: '127.0.0.1' },
  // Vite's dependency scan does not follow `new Worker(new URL(...))`: a dependency only a worker
  // imports was found on first use, and the dev server then reloaded the page, losing the run in
  // progress (`npm start`, first visit to the Visualizer). Pre-bundle those up front.
  // Dexie: only the run store's worker loads it (the page never does).
  optimizeDeps: { include: ['elkjs/lib/elk.bundled.js', 'dexie'] },
  build: { sourcemap: true },
  test: {
    // A run that finds no test must fail, in every project.
    passWithNoTests: false,
    reporters: ['default', new RequireTestsReporter(['node', 'ui'])],
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['tests/{machines,localnet,cli,tooling,runs,package}/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'ui',
          environment: 'jsdom',
          include: ['tests/ui/**/*.test.tsx'],
          setupFiles: ['tests/test-utils/setup.ts'],
          // user-event types key by key; on a loaded 2-core machine a long phrase takes over 5 s.
          testTimeout: 20_000,
        },
      },
    ],
  },
});

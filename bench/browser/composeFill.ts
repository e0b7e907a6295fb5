/// <reference lib="dom" />
import { createRunStore } from '../../src/features/runs/runStore.ts';
import { realisticRun, STORED } from '../historyWorkload.ts';

/**
 * The fill half of `npm run bench compose-browser`: bundled by Vite and loaded on the app's own
 * origin before the app, so the History the app opens holds {@link STORED} runs (the app's own
 * run store and database name). Node calls `composeFill.fill()` through `page.evaluate`.
 */
async function fill(count: number = STORED): Promise<number> {
  const store = createRunStore();
  await store.putRuns(
    Array.from({ length: count }, (_, index) => realisticRun(`stored-${index}`, index + 1)),
  );
  return count;
}

(globalThis as { composeFill?: { fill: typeof fill } }).composeFill = { fill };

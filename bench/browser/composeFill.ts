/// <reference lib="dom" />
import { createRunStore } from '../../src/features/runs/runStore.ts';
import { realisticRun, STORED } from '../historyWorkload.ts';

/**
 * The fill half of `npm run bench compose-browser`: bundled by Vite and loaded on the app's own
 * origin before the app, so the History the app opens holds {@link STORED} runs (the app's own
 * run store and database name). Node calls `composeFill.fill()` through `page.evaluate`.
 */
async function fill(): Promise<number> {
  const store = createRunStore();
  await store.putRuns(
    Array.from({ length: STORED }, (_, index) => realisticRun(`stored-${index}`, index + 1)),
  );
  return STORED;
}

(globalThis as { composeFill?: { fill: typeof fill } }).composeFill = { fill };

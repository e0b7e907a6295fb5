import type { WorkbenchRun } from '../../../machines';
import { serializeRunFile } from '../../../schemas/runFile';

/** Saves runs as a run file through the browser's download. */
export function downloadRuns(runs: readonly WorkbenchRun[], name?: string): void {
  const text = serializeRunFile(runs);
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download =
    name ?? (runs.length === 1 ? `run-${runs[0].id}.json` : `runs-${runs.length}.json`);
  link.click();
  URL.revokeObjectURL(url);
}

import type { RunRecord } from '../../../../machines';
import { runStore } from '../../runs';

/** A stored run by id (History writes them), or `null`. */
export async function getStoredRun(id: string): Promise<RunRecord | null> {
  return (await runStore.getRun(id)) ?? null;
}

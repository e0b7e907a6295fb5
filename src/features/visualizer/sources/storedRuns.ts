import type { RunRecord } from '../../../../machines';

/**
 * A stored run by id. History (issue "History and replay") writes the records; until its store
 * is part of the app, nothing is stored.
 */
export async function getStoredRun(_id: string): Promise<RunRecord | null> {
  return null;
}

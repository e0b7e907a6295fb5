import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { workbenchTrace } from '../../../inspection/workbenchTrace';
import { useLiveRunRecord } from '../../runs';
import type { MachineGraph } from '../graph/machineGraph';
import { getStoredRun } from './storedRuns';
import type { VisualizerRoute } from './useVisualizerRoute';
import { rebuildContexts } from './rebuildContexts';
import {
  fromRunRecord,
  fromWorkbenchTrace,
  parseVisualizerFile,
  withRebuiltContexts,
  type VisualizerData,
} from './visualizerData';

/** Where a loaded file is kept, so that `#/visualizer/file` survives a reload. */
export const FILE_STORAGE_KEY = 'workbench.visualizer.file';

/**
 * The file loaded in this tab. It is kept here as well as in session storage, so that a file too
 * large for the storage is still shown until the page is left, and so that loading another file
 * on the same route is seen.
 */
const loadedFile = {
  text: null as string | null,
  version: 0,
  listeners: new Set<() => void>(),
};

function subscribeFile(onChange: () => void) {
  loadedFile.listeners.add(onChange);
  return () => loadedFile.listeners.delete(onChange);
}

/**
 * Keeps a loaded file's text for `#/visualizer/file`.
 *
 * @returns `false` when session storage refused it (too large): a reload will not find it.
 */
export function keepVisualizerFile(text: string): boolean {
  loadedFile.text = text;
  loadedFile.version += 1;
  let kept = true;
  try {
    window.sessionStorage.setItem(FILE_STORAGE_KEY, text);
  } catch {
    // Too large for the storage: it is shown from memory until the page is left.
    window.sessionStorage.removeItem(FILE_STORAGE_KEY);
    kept = false;
  }
  for (const listener of loadedFile.listeners) listener();
  return kept;
}

type Loaded = { data: VisualizerData | null; error: string | null; loading: boolean };

/**
 * A run record's data, then the same with the contexts rebuilt by re-running the record (run
 * records keep none). Other sources pass through.
 */
function useRebuiltContexts(loaded: Loaded): Loaded {
  const base = loaded.data;
  const [rebuilt, setRebuilt] = useState<{ base: VisualizerData; data: VisualizerData } | null>(
    null,
  );
  useEffect(() => {
    const record = base?.record;
    if (!base || !record) return;
    let current = true;
    rebuildContexts(record).then(
      (contexts) => current && setRebuilt({ base, data: withRebuiltContexts(base, contexts) }),
      (error: unknown) =>
        current &&
        setRebuilt({
          base,
          data: { ...base, contextNote: `The contexts could not be rebuilt: ${String(error)}` },
        }),
    );
    return () => {
      current = false;
    };
  }, [base]);
  return base && rebuilt?.base === base ? { ...loaded, data: rebuilt.data } : loaded;
}

/**
 * The run a route names: the live trace (re-read on every transition; also when the id is the
 * live run's), the file loaded in this tab, or a stored run (its contexts rebuilt).
 */
export function useVisualizerData(route: VisualizerRoute, graph: MachineGraph): Loaded {
  return useRebuiltContexts(useSource(route, graph));
}

function useSource(route: VisualizerRoute, graph: MachineGraph): Loaded {
  const version = useSyncExternalStore(workbenchTrace.subscribe, workbenchTrace.getVersion);
  const liveRunId = useLiveRunRecord()?.id ?? null;
  const showsLive = route.kind === 'live' || (route.kind === 'stored' && route.runId === liveRunId);
  const live = useMemo(
    () => (showsLive ? fromWorkbenchTrace(workbenchTrace.getSnapshot(), liveRunId) : null),
    // `version` changes whenever the trace grows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [showsLive, liveRunId, version],
  );
  const fileRun = route.kind === 'file' ? (route.run ?? 0) : 0;
  const fileVersion = useSyncExternalStore(subscribeFile, () => loadedFile.version);
  const file = useMemo((): Loaded | null => {
    if (route.kind !== 'file') return null;
    const text = loadedFile.text ?? window.sessionStorage.getItem(FILE_STORAGE_KEY);
    if (text === null)
      return {
        data: null,
        error: 'No file is loaded in this tab. Load one with “Load JSON file”.',
        loading: false,
      };
    try {
      return { data: parseVisualizerFile(text, graph, fileRun), error: null, loading: false };
    } catch (error) {
      return {
        data: null,
        error: error instanceof Error ? error.message : String(error),
        loading: false,
      };
    }
    // `fileVersion` changes whenever another file is loaded.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [route.kind, fileRun, graph, fileVersion]);
  const runId = route.kind === 'stored' && !showsLive ? route.runId : null;
  const [stored, setStored] = useState<Loaded & { runId: string | null }>({
    runId: null,
    data: null,
    error: null,
    loading: false,
  });
  useEffect(() => {
    if (runId === null) return;
    let current = true;
    getStoredRun(runId).then(
      (record) =>
        current &&
        setStored({
          runId,
          data: record ? fromRunRecord(record, graph) : null,
          error: record
            ? null
            : `No stored run has the id ${runId}. Pick one in History, or load a file.`,
          loading: false,
        }),
      (error: unknown) =>
        current && setStored({ runId, data: null, error: String(error), loading: false }),
    );
    return () => {
      current = false;
    };
  }, [runId, graph]);

  if (live) return { data: live, error: null, loading: false };
  if (file) return file;
  if (stored.runId !== runId) return { data: null, error: null, loading: true };
  return stored;
}

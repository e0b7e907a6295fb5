import { useCallback, useContext, useMemo } from 'react';
import type { WorkbenchRun } from '../../../machines';
import type { MoveTrace } from '../../../replay/moveTrace';
import { storedMoveTrace, withMoveTrace } from '../../../replay/runTrace';
import type { RunStore } from '../runs';
import { RunsContext } from '../runs/RunsContext';

/**
 * A stored run's Move trace for its Trace tab: the one kept with it (shown when the chain cannot
 * answer), and what to do with a trace the chain answers: keep it with the run (compact, when it
 * is of the run's execution and new), so exports carry it. A run still live goes to its
 * recorder's holder (RunsProvider), since its next save would not hold a trace put here.
 *
 * @param args.record - the stored run.
 * @param args.store - the run history.
 * @param args.live - whether the run is Compose's, still running.
 * @example
 * ```tsx
 * const { stored, onTrace } = useKeptTrace({ record, store, live });
 * ```
 */
export function useKeptTrace(args: { record: WorkbenchRun; store: RunStore; live: boolean }): {
  stored: MoveTrace | null;
  onTrace: (trace: MoveTrace) => void;
} {
  const { record, store, live } = args;
  const keepLive = useContext(RunsContext)?.keepTrace;
  const stored = useMemo(() => storedMoveTrace(record), [record]);
  const onTrace = useCallback(
    (trace: MoveTrace) => {
      if (live) {
        keepLive?.(trace);
        return;
      }
      const kept = withMoveTrace(record, trace);
      if (kept !== record) void store.putRun(kept);
    },
    [record, store, live, keepLive],
  );
  return { stored, onTrace };
}

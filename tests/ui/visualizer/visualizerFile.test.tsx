import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { createReplayRecorder, transactionMachine, type WorkbenchRun } from '../../../machines';
import { serializeRunFile } from '../../../schemas/runFile';
import { machineGraph } from '../../../src/features/visualizer/graph/machineGraph';
import { RunsContext, type RunsContextValue } from '../../../src/features/runs/RunsContext';
import {
  FILE_STORAGE_KEY,
  keepVisualizerFile,
  useVisualizerData,
} from '../../../src/features/visualizer/sources/useVisualizerData';
import { hashOf, routeFromHash } from '../../../src/features/visualizer/sources/useVisualizerRoute';
import { parseVisualizerFile } from '../../../src/features/visualizer/sources/visualizerData';
import { startTransaction } from '../../machines/support/harness';
import {
  committedAbort,
  HASH,
  sampleBuilt,
  simulationSuccess,
} from '../../machines/support/transactionSamples';

const graph = machineGraph(transactionMachine);

/** Two runs as the workbench records them: a failed one, then one that stopped in `built`. */
async function recordTwoRuns(): Promise<WorkbenchRun[]> {
  const recorder = createReplayRecorder({
    now: (() => {
      let at = 80_000;
      return () => (at += 3);
    })(),
    newRunId: (attempt) => `run-${attempt}-aaaaaaaa`,
  });
  const { actor } = startTransaction({
    responders: {
      buildTransaction: () => sampleBuilt,
      simulateTransaction: () => simulationSuccess,
      signTransaction: () => ({ status: 'APPROVED', authenticatorHex: '0x00', hash: HASH }),
      submitTransaction: () => ({ hash: HASH }),
      waitForTransaction: () => committedAbort,
    },
    inspect: recorder.inspect,
  });
  actor.send({ type: 'run' });
  await waitFor(actor, (snapshot) => snapshot.matches('failed'));
  actor.send({ type: 'edit' });
  actor.send({ type: 'build' });
  await waitFor(actor, (snapshot) => snapshot.matches('built'));
  actor.stop();
  const runs = JSON.parse(JSON.stringify(recorder.runs())) as WorkbenchRun[];
  expect(runs.map((run) => run.state)).toEqual(['failed', 'built']);
  return runs;
}

describe('files the visualizer loads', () => {
  it('reads a run file of one run (the headless runner’s --out) without a run picker', async () => {
    const [failed] = await recordTwoRuns();
    if (!failed) throw new Error('no run');
    const data = parseVisualizerFile(serializeRunFile([failed]), graph);
    expect(data.kind).toBe('file');
    expect(data.runId).toBe(failed.id);
    expect(data.title).toBe(`Run ${failed.id} (attempt 1, failed)`);
    expect(data.timelines.transaction.rows.at(-1)?.target).toBe('failed');
    expect(data.fileRuns).toBeUndefined();
  });

  it('shows the chosen run of History’s export of several runs, and labels each', async () => {
    const runs = await recordTwoRuns();
    const text = serializeRunFile(runs);
    const first = parseVisualizerFile(text, graph);
    expect(first.runId).toBe(runs[0]?.id);
    expect(first.fileRuns).toEqual({
      index: 0,
      labels: [
        `1. ${runs[0]?.draft.payload.function} → failed (run-1-aa)`,
        `2. ${runs[1]?.draft.payload.function} → built (run-2-aa)`,
      ],
    });
    const second = parseVisualizerFile(text, graph, 1);
    expect(second.runId).toBe(runs[1]?.id);
    expect(second.fileRuns?.index).toBe(1);
    expect(second.timelines.transaction.rows.at(-1)?.target).toBe('built');
    // Out of range (a hand-edited URL): the first run.
    expect(parseVisualizerFile(text, graph, 7).runId).toBe(runs[0]?.id);
  });

  it('refuses a run file with no runs, or with a bad run, saying where', () => {
    const empty = JSON.stringify({
      format: 'transaction-workbench.runs',
      schemaVersion: 1,
      runs: [],
    });
    expect(() => parseVisualizerFile(empty, graph)).toThrow(/holds no runs.*tx-workbench run/);
    const bad = JSON.stringify({
      format: 'transaction-workbench.runs',
      schemaVersion: 1,
      runs: [{ id: 'x' }],
    });
    expect(() => parseVisualizerFile(bad, graph)).toThrow(/runs\[0\]/);
  });

  it('says a draft is a transaction not yet run, and how to make a run of it', () => {
    const draft = JSON.stringify({
      payload: { function: '0x1::aptos_account::transfer', functionArguments: ['0x1', '1'] },
      options: {},
    });
    expect(() => parseVisualizerFile(draft, graph)).toThrow(
      /^This is a draft: .*`npx tx-workbench run draft\.json --out run\.json`/,
    );
  });

  it('names what it reads when the file is something else, or not JSON', () => {
    expect(() => parseVisualizerFile('{"hello": 1}', graph)).toThrow(
      /^The file is not one the visualizer reads\. Load a run file/,
    );
    expect(() => parseVisualizerFile('{"hello": ', graph)).toThrow(
      /^The file is not JSON \(.+\)\. Load a run file/,
    );
  });
});

describe('the file route', () => {
  it('names a run of the loaded file from 1 in the URL and from 0 in the route', () => {
    expect(routeFromHash('#/visualizer/file')).toEqual({ kind: 'file' });
    expect(routeFromHash('#/visualizer/file?run=2')).toEqual({ kind: 'file', run: 1 });
    expect(routeFromHash('#/visualizer/file?run=0')).toEqual({ kind: 'file' });
    expect(routeFromHash('#/visualizer/file?run=abc')).toEqual({ kind: 'file' });
    expect(hashOf({ kind: 'file', run: 1 })).toBe('#/visualizer/file?run=2');
    expect(hashOf({ kind: 'file', run: 0 })).toBe('#/visualizer/file');
    expect(routeFromHash(hashOf({ kind: 'file', run: 4 }))).toEqual({ kind: 'file', run: 4 });
    expect(routeFromHash('#/visualizer/run-1?x=1')).toEqual({ kind: 'stored', runId: 'run-1' });
  });
});

describe('the file loaded in this tab', () => {
  it('shows each newly loaded file on the same route, and one too large for the storage', async () => {
    const runs = await recordTwoRuns();
    // No live run: the hook reads only the live record from the runs context.
    const runsContext = {
      live: { subscribe: () => () => {}, get: () => null },
    } as unknown as RunsContextValue;
    const wrapper = ({ children }: { children: ReactNode }) => (
      <RunsContext.Provider value={runsContext}>{children}</RunsContext.Provider>
    );
    expect(keepVisualizerFile(serializeRunFile(runs.slice(0, 1)))).toBe(true);
    const { result } = renderHook(() => useVisualizerData({ kind: 'file' }, graph), { wrapper });
    expect(result.current.data?.runId).toBe(runs[0]?.id);

    // Another file, the route unchanged (`#/visualizer/file` both times).
    act(() => {
      expect(keepVisualizerFile(serializeRunFile(runs.slice(1)))).toBe(true);
    });
    expect(result.current.data?.runId).toBe(runs[1]?.id);
    expect(window.sessionStorage.getItem(FILE_STORAGE_KEY)).toContain(runs[1]?.id);

    // Session storage refuses it: still shown from memory, and not left stale in the storage.
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    try {
      act(() => {
        expect(keepVisualizerFile(serializeRunFile(runs.slice(0, 1)))).toBe(false);
      });
    } finally {
      Storage.prototype.setItem = setItem;
    }
    expect(result.current.data?.runId).toBe(runs[0]?.id);
    expect(window.sessionStorage.getItem(FILE_STORAGE_KEY)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import {
  createReplayRecorder,
  type JsonValue,
  type TransactionEvent,
  type WorkbenchRun,
} from '../../../machines';
import { machineGraph } from '../../../src/features/visualizer/graph/machineGraph';
import { rebuildContexts } from '../../../src/features/visualizer/sources/rebuildContexts';
import {
  fromRunRecord,
  parseVisualizerFile,
  REBUILDING_NOTE,
  REBUILT_NOTE,
  withRebuiltContexts,
} from '../../../src/features/visualizer/sources/visualizerData';
import { contextDiff } from '../../../src/features/visualizer/timeline/timelineModel';
import { transactionMachine } from '../../../machines';
import {
  startTransaction,
  steppingClock,
  type Responder,
  type TransactionActorId,
} from '../../machines/support/harness';
import {
  committedAbort,
  HASH,
  sampleBuilt,
  simulationSuccess,
} from '../../machines/support/transactionSamples';

type Responders = Partial<Record<TransactionActorId, Responder>>;

const happy: Responders = {
  buildTransaction: () => sampleBuilt,
  simulateTransaction: () => simulationSuccess,
  signTransaction: () => ({ status: 'APPROVED', authenticatorHex: '0x00', hash: HASH }),
  submitTransaction: () => ({ hash: HASH }),
  waitForTransaction: () => committedAbort,
};

/** A run recorded as the workbench records it, read back as JSON (as the store returns it). */
async function recordRun(
  responders: Responders,
  script: TransactionEvent[] = [{ type: 'run' }],
): Promise<WorkbenchRun> {
  const recorder = createReplayRecorder({
    now: steppingClock(50_000, 4),
    newRunId: (attempt) => `run-${attempt}`,
  });
  const { actor } = startTransaction({
    responders: { ...happy, ...responders },
    inspect: recorder.inspect,
  });
  for (const event of script) actor.send(event);
  await waitFor(actor, (snapshot) => !snapshot.hasTag('busy'));
  actor.stop();
  const [run] = JSON.parse(JSON.stringify(recorder.runs())) as WorkbenchRun[];
  if (!run) throw new Error('nothing recorded');
  return run;
}

/** The diff of the transition whose target is `state` (the first such). */
function diffEntering(transitions: { target: string; context?: JsonValue }[], state: string) {
  const index = transitions.findIndex((transition) => transition.target === state);
  const row = transitions[index];
  if (index < 0 || row?.context === undefined) throw new Error(`no context entering ${state}`);
  return contextDiff(transitions[index - 1]?.context ?? null, row.context);
}

const SECRET = `ed25519-priv-0x${'5a'.repeat(32)}`;

describe('contexts rebuilt for a stored run', () => {
  it('gives a failed run a context per transition, with the expected diffs', async () => {
    const record = await recordRun({});
    expect(record.state).toBe('failed');
    // Run records keep no context per transition.
    expect(record.transitions.some((transition) => 'context' in transition)).toBe(false);

    const { transitions, rebuilt, note } = await rebuildContexts(record);
    expect(note).toBeNull();
    expect(rebuilt).toBe(record.transitions.length);
    expect(transitions.map(({ seq, target }) => [seq, target])).toEqual(
      record.transitions.map(({ seq, target }) => [seq, target]),
    );

    const built = diffEntering(transitions, 'built');
    expect(built).toContainEqual(
      expect.objectContaining({ kind: 'changed', path: 'built', before: null }),
    );
    expect(built.find((change) => change.path === 'built')?.after).toMatchObject({
      rawTransactionHex: sampleBuilt.rawTransactionHex,
      sequenceNumber: '0',
    });

    const simulated = diffEntering(transitions, 'simulated.success');
    expect(simulated.map((change) => change.path)).toContain('simulation');

    // The wallet's signature brings the hash.
    const signed = diffEntering(transitions, 'signed');
    expect(signed).toContainEqual(
      expect.objectContaining({ kind: 'changed', path: 'hash', before: null, after: HASH }),
    );
    expect(signed.map((change) => change.path)).toContain('signature');

    const failed = diffEntering(transitions, 'failed');
    expect(failed).toContainEqual(
      expect.objectContaining({
        kind: 'changed',
        path: 'outcome.state',
        before: 'pending',
        after: 'failed',
      }),
    );
    expect(failed).toContainEqual(
      expect.objectContaining({ kind: 'changed', path: 'mode', before: 'run', after: 'step' }),
    );
    expect(failed.find((change) => change.path === 'committed')).toMatchObject({
      kind: 'changed',
      before: null,
      after: { success: false, gasUsed: '9' },
    });
    expect(failed.find((change) => change.path === 'outcome.details.vmStatus')?.after).toMatch(
      /EINSUFFICIENT_BALANCE/,
    );

    // Every row of the timeline now has its context, so the diff panel has something to show.
    const data = fromRunRecord({ ...record, transitions }, machineGraph(transactionMachine));
    expect(data.timelines.transaction.rows.every((row) => row.context !== null)).toBe(true);
  });

  it('rebuilds the contexts of a run record loaded from a JSON file', async () => {
    const record = await recordRun({});
    const graph = machineGraph(transactionMachine);
    const loaded = parseVisualizerFile(JSON.stringify(record), graph);
    expect(loaded.kind).toBe('file');
    expect(loaded.contextNote).toBe(REBUILDING_NOTE);
    expect(loaded.timelines.transaction.rows.every((row) => row.context === null)).toBe(true);
    if (!loaded.record) throw new Error('the file data keeps its record');
    const shown = withRebuiltContexts(loaded, await rebuildContexts(loaded.record));
    expect(shown.contextNote).toBe(REBUILT_NOTE);
    const rows = shown.timelines.transaction.rows;
    expect(rows.map((row) => row.seq)).toEqual(record.transitions.map(({ seq }) => seq));
    const failed = rows.findIndex((row) => row.target === 'failed');
    expect(
      contextDiff(rows[failed - 1]?.context ?? null, rows[failed]?.context ?? null).map(
        (change) => change.path,
      ),
    ).toContain('outcome.state');
  });

  it('keeps secrets redacted, even from a record that was not', async () => {
    const record = await recordRun({
      buildTransaction: () => {
        throw Object.assign(new Error(`could not build with ${SECRET}`), { name: 'Error' });
      },
    });
    expect(record.state).toBe('buildError');
    expect(JSON.stringify(record)).not.toContain(SECRET);
    // A file from elsewhere, whose answers carry the key in clear.
    const tampered: WorkbenchRun = {
      ...record,
      replay: {
        input: record.replay?.input ?? { draft: record.draft, signingMode: 'sign' },
        answers: [
          {
            actor: 'buildTransaction',
            error: { name: 'Error', message: `could not build with ${SECRET}` },
          },
        ],
      },
    };
    for (const each of [record, tampered]) {
      const { transitions, rebuilt } = await rebuildContexts(each);
      expect(rebuilt).toBe(each.transitions.length);
      const text = JSON.stringify(transitions);
      expect(text).not.toContain(SECRET);
      expect(text).toContain('[redacted]');
      expect(diffEntering(transitions, 'buildError').map((change) => change.path)).toContain(
        'outcome',
      );
    }
  });

  it('says why when a record cannot be re-run, and keeps its transitions', async () => {
    const record = await recordRun({});
    const { replay: _dropped, ...withoutReplay } = record;
    const result = await rebuildContexts(withoutReplay);
    expect(result.rebuilt).toBe(0);
    expect(result.transitions).toEqual(record.transitions);
    expect(result.note).toMatch(/no replay data/);
  });

  it('gives no context after the point where the re-run differs from the record', async () => {
    const record = await recordRun({});
    // The record says the wait answered "committed" where the re-run's classifier… differs:
    // here the recorded trace is edited so its last step no longer matches the re-run.
    const transitions = record.transitions.map((transition, index, all) =>
      index === all.length - 1 ? { ...transition, target: 'committed' } : transition,
    );
    const result = await rebuildContexts({ ...record, transitions });
    expect(result.rebuilt).toBe(transitions.length - 1);
    expect(result.transitions.at(-1)?.context).toBeUndefined();
    expect(result.transitions.at(-2)?.context).toBeDefined();
    expect(result.note).toMatch(/differs from the record at seq \d+ \(target\)/);
  });
});

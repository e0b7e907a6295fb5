import { describe, expect, it } from 'vitest';
import type { WorkbenchRun } from '../../machines';
import {
  compactMoveTrace,
  RUN_TRACE_FRAMES,
  storedMoveTrace,
  traceIsOfRun,
  withMoveTrace,
} from '../../replay/runTrace';
import { failingFrame, failingPath, parseMoveTrace } from '../../replay/moveTrace';
import { parseRunFile, RunFileError, serializeRunFile } from '../../schemas/runFile';
import { threeFrameSteps } from '../fixtures/moveTraceSteps';
import { fungibleAssetTransfer, generatedTrace, threeFrameAbort } from '../fixtures/moveTraces';
import { sampleRun } from './sampleRuns';

/** A run that committed at version 42 with the stepping fixture's hash. */
function committedRun(): WorkbenchRun {
  const run = sampleRun({ id: 'traced' });
  return {
    ...run,
    chain: { ...run.chain, version: '42', hash: threeFrameSteps().hash, success: false },
  };
}

describe('a run’s Move trace', () => {
  it('is kept without its steps, only when it is of the run’s execution', () => {
    const run = committedRun();
    const trace = threeFrameSteps();
    const kept = withMoveTrace(run, trace);
    expect(kept).not.toBe(run);
    expect(kept.moveTrace?.steps).toBeUndefined();
    expect(kept.moveTrace?.frames).toEqual(trace.frames);
    expect(kept.moveTrace?.sources).toEqual(trace.sources);
    // Kept again: nothing changes, so nothing is saved.
    expect(withMoveTrace(kept, trace)).toBe(kept);
    // Another chain's transaction at that version, or another version: not this run's.
    expect(withMoveTrace(run, { ...trace, hash: '0xother' })).toBe(run);
    expect(withMoveTrace(run, { ...trace, version: '43' })).toBe(run);
    expect(traceIsOfRun({ ...trace, kind: 'simulation' }, run)).toBe(false);
    // A run that never committed keeps a simulation's trace.
    expect(traceIsOfRun({ ...trace, kind: 'simulation' }, sampleRun({ id: 'sim' }))).toBe(true);
    expect(traceIsOfRun(trace, sampleRun({ id: 'sim' }))).toBe(false);
  });

  it('reads back checked, and is null when missing or damaged', () => {
    const run = withMoveTrace(committedRun(), threeFrameSteps());
    expect(storedMoveTrace(run)?.frames).toHaveLength(4);
    expect(storedMoveTrace(committedRun())).toBeNull();
    const damaged = { ...run, moveTrace: { ...threeFrameAbort(), gasUsed: 5 } } as unknown;
    expect(storedMoveTrace(damaged as WorkbenchRun)).toBeNull();
  });

  it('compacts a trace that had steps cut short to one that says none are kept', () => {
    const trace = { ...threeFrameSteps(), truncated: { frames: false, steps: true } };
    expect(compactMoveTrace(trace).truncated).toEqual({ frames: false, steps: false });
    const plain = threeFrameAbort();
    expect(compactMoveTrace(plain)).toBe(plain);
  });
});

describe('a long trace kept with a run', () => {
  it('keeps the first frames and the failing path whole, renumbered, with nothing dangling', () => {
    const trace = generatedTrace(10_000);
    const pathLength = failingPath(trace).length;
    const kept = compactMoveTrace(trace);
    expect(kept.truncated.frames).toBe(true);
    expect(kept.frames.length).toBeLessThanOrEqual(RUN_TRACE_FRAMES + pathLength);
    expect(kept.frames.length).toBeGreaterThanOrEqual(RUN_TRACE_FRAMES);
    // Still a trace, its failing frame the same one, reached through the same functions.
    expect(() => parseMoveTrace(JSON.parse(JSON.stringify(kept)))).not.toThrow();
    expect(failingFrame(kept)?.function).toBe('0xcafe::deep::fail');
    expect(failingPath(kept).map((id) => kept.frames[id]?.function)).toEqual(
      failingPath(trace).map((id) => trace.frames[id]?.function),
    );
    kept.frames.forEach((frame, index) => {
      expect(frame.id).toBe(index);
      expect(frame.parent).toBeLessThan(index);
    });
    // Every read, write and event stays, listed by the kept frame it now belongs to.
    expect(kept.events).toHaveLength(trace.events.length);
    expect(kept.reads).toHaveLength(trace.reads.length);
    expect(kept.writes).toHaveLength(trace.writes.length);
    kept.writes.forEach((write, index) => {
      expect(kept.frames[write.frame]?.writes).toContain(index);
    });
    // A short trace is kept as it is.
    expect(compactMoveTrace(generatedTrace(50)).frames).toHaveLength(50);
  });
});

describe('run files with Move traces (schema version 2)', () => {
  it('export a run’s trace and import it unchanged', () => {
    const runs = [
      withMoveTrace(committedRun(), threeFrameSteps()),
      { ...sampleRun({ id: 'fa' }), moveTrace: fungibleAssetTransfer() },
      sampleRun({ id: 'none' }),
    ];
    const text = serializeRunFile(runs, new Date(0));
    const parsed = parseRunFile(text);
    expect(parsed.schemaVersion).toBe(2);
    expect(parsed.runs).toEqual(runs);
  });

  it('export a trace with steps without them, and write a stored version 1 run as version 2', () => {
    const old = { ...committedRun(), schemaVersion: 1 } as unknown as WorkbenchRun;
    const text = serializeRunFile([{ ...old, moveTrace: threeFrameSteps() }], new Date(0));
    const file = JSON.parse(text) as { runs: Array<{ schemaVersion: number; moveTrace: object }> };
    expect(file.runs[0]?.schemaVersion).toBe(2);
    expect(file.runs[0]?.moveTrace).not.toHaveProperty('steps');
    expect(parseRunFile(text).runs[0]?.moveTrace?.frames).toHaveLength(4);
  });

  it('refuse a damaged trace and a trace with steps, saying where', () => {
    const refusal = (file: unknown) => {
      try {
        parseRunFile(JSON.stringify(file));
      } catch (error) {
        if (error instanceof RunFileError) return error;
        throw error;
      }
      throw new Error('accepted');
    };
    const file = JSON.parse(
      serializeRunFile([withMoveTrace(committedRun(), threeFrameSteps())], new Date(0)),
    ) as { schemaVersion: number; runs: Array<Record<string, unknown> & { moveTrace: never }> };
    const damaged = structuredClone(file);
    const frames = (damaged.runs[0]?.moveTrace as { frames: Array<{ gas: object }> }).frames;
    frames[2] = { ...frames[2], gas: { execution: 1 } };
    expect(refusal(damaged).path).toMatch(/^runs\[0\]\.moveTrace\.frames\[2\]\.gas/);
    const stepped = structuredClone(file);
    (stepped.runs[0] as Record<string, unknown>).moveTrace = threeFrameSteps();
    expect(refusal(stepped).path).toBe('runs[0].moveTrace');
  });
});

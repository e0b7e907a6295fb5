import { describe, expect, it, vi } from 'vitest';
import type { WorkbenchRun } from '../../machines';
import { createKeptTrace } from '../../src/features/runs/keptTrace';
import { threeFrameSteps } from '../fixtures/moveTraceSteps';
import { sampleRun } from './sampleRuns';

/** The live run before it committed (its Trace tab traced the simulation), then after. */
const simulated = (): WorkbenchRun => sampleRun({ id: 'live' });
const committed = (): WorkbenchRun => {
  const run = simulated();
  return { ...run, chain: { ...run.chain, version: '42', hash: threeFrameSteps().hash } };
};
const simulation = { ...threeFrameSteps(), kind: 'simulation' as const };

describe('the Move trace kept with the live run', () => {
  it('saves the run at once when its Trace tab fetched a trace of it, without steps', () => {
    const kept = createKeptTrace();
    const save = vi.fn();
    kept.setSave(save);
    kept.keep(simulated(), simulation);
    expect(save).toHaveBeenCalledTimes(1);
    const saved = kept.apply(simulated());
    expect(saved.moveTrace?.kind).toBe('simulation');
    expect(saved.moveTrace?.steps).toBeUndefined();
    // Told again (the tab re-rendered): nothing more to save.
    kept.keep(saved, simulation);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('keeps it on later saves until the run commits, and only for that run', () => {
    const kept = createKeptTrace();
    kept.setSave(() => undefined);
    kept.keep(simulated(), simulation);
    expect(kept.apply(simulated()).moveTrace).toBeDefined();
    expect(kept.apply(sampleRun({ id: 'next attempt' })).moveTrace).toBeUndefined();
    // Committed: a simulation's trace is no longer the run's execution.
    expect(kept.apply(committed()).moveTrace).toBeUndefined();
    const save = vi.fn();
    kept.setSave(save);
    kept.keep(committed(), threeFrameSteps());
    expect(save).toHaveBeenCalledTimes(1);
    expect(kept.apply(committed()).moveTrace?.kind).toBe('committed');
  });

  it('saves nothing for a trace of another execution', () => {
    const kept = createKeptTrace();
    const save = vi.fn();
    kept.setSave(save);
    kept.keep(committed(), { ...threeFrameSteps(), hash: '0xother' });
    expect(save).not.toHaveBeenCalled();
    expect(kept.apply(committed()).moveTrace).toBeUndefined();
  });
});

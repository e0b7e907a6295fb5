/** History's run list: a run's duration is its work, not the time its draft was being composed. */
import { describe, expect, it } from 'vitest';
import type { TraceTransition, WorkbenchRun } from '../../../machines';
import { durationMs, formatDuration } from '../../../src/features/history/runView';
import { sampleRun } from '../../runs/sampleRuns';

function withTransitions(
  steps: Array<[atMs: number, source: string | null, target: string, event: string]>,
): WorkbenchRun {
  const transitions: TraceTransition[] = steps.map(([atMs, source, target, type], index) => ({
    seq: index + 1,
    atMs,
    event: { type },
    source,
    target,
    eventless: false,
  }));
  return { ...sampleRun({ id: 'timed' }), transitions };
}

describe('durationMs', () => {
  it('counts from the first step, not from the start of editing', () => {
    const run = withTransitions([
      [0, null, 'editing', 'xstate.init'],
      [2_000, 'editing', 'editing', 'draft.update'],
      [5_400, 'editing', 'building', 'run'],
      [5_460, 'building', 'built', 'xstate.done.actor.buildTransaction'],
      [5_501, 'simulating', 'simulated.failure', 'xstate.done.actor.simulateTransaction'],
    ]);
    expect(durationMs(run)).toBe(101);
  });

  it('counts a retried attempt from its first transition', () => {
    const run = withTransitions([
      [0, 'failed', 'building', 'retry'],
      [30, 'building', 'built', 'xstate.done.actor.buildTransaction'],
    ]);
    expect(durationMs(run)).toBe(30);
  });

  it('has no duration for a run that never left editing', () => {
    expect(durationMs(withTransitions([[0, null, 'editing', 'xstate.init']]))).toBeNull();
    expect(durationMs(withTransitions([]))).toBeNull();
  });
});

describe('formatDuration', () => {
  it('shows milliseconds under 10 s, seconds above, and a dash for none', () => {
    expect(formatDuration(101)).toBe('101 ms');
    expect(formatDuration(9_999.6)).toBe('10000 ms');
    expect(formatDuration(12_345)).toBe('12.3 s');
    expect(formatDuration(null)).toBe('—');
  });
});

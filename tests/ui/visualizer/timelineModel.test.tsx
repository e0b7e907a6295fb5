import { describe, expect, it } from 'vitest';
import {
  buildTimeline,
  contextDiff,
  filterTimeline,
  NO_FILTER,
  type SourceTransition,
} from '../../../src/features/visualizer/timeline/timelineModel';

const transitions: SourceTransition[] = [
  {
    seq: 1,
    atMs: 0,
    event: { type: 'xstate.init' },
    source: null,
    target: 'editing',
    eventless: false,
  },
  {
    seq: 2,
    atMs: 5,
    event: { type: 'draft.update', draft: { sender: '0xa11ce' } },
    source: 'editing',
    target: 'editing',
    eventless: false,
  },
  {
    seq: 3,
    atMs: 40,
    event: { type: 'build' },
    source: 'editing',
    target: 'building',
    eventless: false,
  },
  {
    seq: 4,
    atMs: 90,
    event: { type: 'xstate.done.actor.buildTransaction' },
    source: 'building',
    target: 'built',
    eventless: false,
  },
  {
    seq: 5,
    atMs: 95,
    event: { type: 'simulate' },
    source: 'built',
    target: 'simulating',
    eventless: false,
  },
  {
    seq: 6,
    atMs: 130,
    event: { type: 'xstate.done.actor.simulateTransaction' },
    source: 'simulating',
    target: 'simulated.failure',
    eventless: false,
  },
  {
    seq: 7,
    atMs: 131,
    event: { type: 'xstate.done.actor.x' },
    source: 'simulated.failure',
    target: 'simulated.success',
    eventless: true,
  },
];

describe('the timeline model', () => {
  const timeline = buildTimeline(transitions, 3);

  it('keeps the order and measures the time spent in each source state', () => {
    expect(timeline.rows.map((row) => row.seq)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    // editing was entered at 0: a self-transition at 5 does not restart it.
    expect(timeline.rows.map((row) => row.inSourceMs)).toEqual([0, 5, 40, 50, 5, 35, 1]);
    expect(timeline.dropped).toBe(3);
    expect(timeline.states).toEqual([
      'building',
      'built',
      'editing',
      'simulated.failure',
      'simulated.success',
      'simulating',
    ]);
  });

  it('filters by event type', () => {
    const kept = filterTimeline(timeline.rows, { ...NO_FILTER, eventTypes: ['build', 'simulate'] });
    expect(kept.map((row) => row.seq)).toEqual([3, 5]);
  });

  it('filters by state, including the states inside a compound one', () => {
    expect(
      filterTimeline(timeline.rows, { ...NO_FILTER, state: 'simulated' }).map((row) => row.seq),
    ).toEqual([6, 7]);
    expect(
      filterTimeline(timeline.rows, { ...NO_FILTER, state: 'built' }).map((row) => row.seq),
    ).toEqual([4, 5]);
  });

  it('searches payloads without regard to case, and combines filters', () => {
    expect(
      filterTimeline(timeline.rows, { ...NO_FILTER, search: '0xA11CE' }).map((row) => row.seq),
    ).toEqual([2]);
    expect(
      filterTimeline(timeline.rows, {
        eventTypes: ['draft.update'],
        state: 'building',
        search: '',
      }),
    ).toEqual([]);
    expect(filterTimeline(timeline.rows, NO_FILTER)).toHaveLength(7);
  });

  it('ingests 10,000 transitions into rows', () => {
    const many = Array.from({ length: 10_000 }, (_, index) => ({
      ...(transitions[index % 7] as SourceTransition),
      seq: index + 1,
      atMs: index,
    }));
    const big = buildTimeline(many);
    expect(big.rows).toHaveLength(10_000);
    expect(big.rows[9_999]?.index).toBe(9_999);
  });
});

describe('the context diff', () => {
  it('lists added, removed and changed paths, sorted', () => {
    const before = {
      mode: 'step',
      built: null,
      draft: { sender: '0x1', options: { maxGasAmount: '100' } },
      walletRequests: [{ status: 'PENDING' }],
    };
    const after = {
      mode: 'run',
      built: { sequenceNumber: '7' },
      draft: { sender: '0x1', options: {} },
      walletRequests: [{ status: 'APPROVED' }, { status: 'REJECTED' }],
    };
    expect(contextDiff(before, after)).toEqual([
      { kind: 'changed', path: 'built', before: null, after: { sequenceNumber: '7' } },
      { kind: 'removed', path: 'draft.options.maxGasAmount', before: '100' },
      { kind: 'changed', path: 'mode', before: 'step', after: 'run' },
      { kind: 'changed', path: 'walletRequests.0.status', before: 'PENDING', after: 'APPROVED' },
      { kind: 'added', path: 'walletRequests.1', after: { status: 'REJECTED' } },
    ]);
  });

  it('treats the first context as all added, and equal contexts as unchanged', () => {
    expect(contextDiff(null, { a: 1 })).toEqual([{ kind: 'added', path: 'a', after: 1 }]);
    expect(contextDiff({ a: [1, 2] }, { a: [1, 2] })).toEqual([]);
  });
});

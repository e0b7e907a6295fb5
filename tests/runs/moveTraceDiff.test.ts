import { describe, expect, it } from 'vitest';
import type { MoveTrace, TraceFrame } from '../../replay/moveTrace';
import { diffMoveTraces, traceDiffSummary } from '../../replay/moveTraceDiff';
import { generatedTrace, threeFrameAbort } from '../fixtures/moveTraces';

function at<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`nothing at ${index}`);
  return item;
}

interface Spec {
  parent: number;
  fn: string;
  args?: TraceFrame['args'];
  returns?: TraceFrame['returns'];
  status?: TraceFrame['status'];
  abort?: string;
  error?: string;
  /** Own execution gas, internal units. */
  own: number;
}

/** A trace from frame specs in call order; inclusive gas summed from the own gas. */
function traceOf(kind: MoveTrace['kind'], specs: Spec[]): MoveTrace {
  const frames: TraceFrame[] = specs.map((spec, id) => ({
    id,
    parent: spec.parent,
    depth: 0,
    function: spec.fn,
    kind: id === 0 ? 'transaction' : 'bytecode',
    typeArgs: [],
    args: spec.args ?? [],
    returns: spec.returns === undefined ? [] : spec.returns,
    status: spec.status ?? 'success',
    ...(spec.abort === undefined ? {} : { abort: { code: spec.abort } }),
    ...(spec.error === undefined ? {} : { error: spec.error }),
    gas: { execution: '0', io: '0', storageOctas: '0' },
    selfGas: { execution: String(spec.own), io: '0', storageOctas: '0' },
    events: [],
    reads: [],
    writes: [],
  }));
  const inclusive = specs.map((spec) => spec.own);
  for (const frame of frames)
    frame.depth = frame.parent < 0 ? 0 : at(frames, frame.parent).depth + 1;
  for (let id = frames.length - 1; id > 0; id -= 1) {
    const parent = at(frames, id).parent;
    inclusive[parent] = at(inclusive, parent) + at(inclusive, id);
  }
  frames.forEach((frame, id) => {
    frame.gas = { execution: String(inclusive[id]), io: '0', storageOctas: '0' };
  });
  return {
    format: 'tx-workbench/move-trace@1',
    kind,
    version: '7',
    hash: '0xabc',
    success: frames[0]?.status === 'success',
    vmStatus: 'x',
    gasUsed: '1',
    gasUnitPrice: '100',
    gasScale: '1000000',
    fee: { totalGasUnits: '1', executionGasUnits: '1', ioGasUnits: '0', storageFeeOctas: '0' },
    frames,
    reads: [],
    writes: [],
    events: [],
    truncated: { frames: false, steps: false },
  };
}

const failed = { status: 'abort' as const, returns: null };

/** a → b → c; c ran out of gas after calling n (original), or went on to call m (modified). */
function outOfGas(): MoveTrace {
  return traceOf('committed', [
    { parent: -1, fn: 'transaction', ...failed, status: 'out_of_gas', own: 100 },
    { parent: 0, fn: '0xcafe::m::a', args: ['5'], ...failed, status: 'out_of_gas', own: 10 },
    { parent: 1, fn: '0xcafe::m::b', args: ['5'], returns: ['6'], own: 20 },
    {
      parent: 1,
      fn: '0xcafe::m::c',
      args: ['6'],
      ...failed,
      status: 'out_of_gas',
      error: 'OUT_OF_GAS',
      own: 30,
    },
    { parent: 3, fn: '0x1::n::n', args: [], returns: [], own: 5 },
  ]);
}

function moreGas(): MoveTrace {
  return traceOf('reexecution', [
    { parent: -1, fn: 'transaction', own: 100 },
    { parent: 0, fn: '0xcafe::m::a', args: ['5'], own: 12 },
    { parent: 1, fn: '0xcafe::m::b', args: ['5'], returns: ['6'], own: 20 },
    { parent: 1, fn: '0xcafe::m::c', args: ['6'], returns: ['7'], own: 40 },
    { parent: 3, fn: '0x1::n::n', args: [], returns: [], own: 5 },
    { parent: 3, fn: '0x1::n::m', args: ['7'], returns: [], own: 8 },
  ]);
}

describe('diffMoveTraces', () => {
  it('finds two identical traces identical, every frame paired once', () => {
    const diff = diffMoveTraces({ original: threeFrameAbort(), modified: threeFrameAbort() });
    expect(diff.divergence).toBeNull();
    expect(diff.pairs).toHaveLength(4);
    expect(diff.pairs.every((pair) => pair.differences.length === 0)).toBe(true);
    expect(diff.pairs.map((pair) => pair.original?.id)).toEqual([0, 1, 2, 3]);
    expect(traceDiffSummary(diff)).toBe(
      'Identical: the same 4 frames, arguments, returns, status and gas.',
    );
  });

  it('names the frame that ran out of gas as where a run with more gas went on', () => {
    const diff = diffMoveTraces({ original: outOfGas(), modified: moreGas() });
    const divergence = diff.divergence;
    expect(divergence).toEqual({ pair: 3, identicalFrames: 5 });
    const pair = at(diff.pairs, 3);
    expect(pair.original?.function).toBe('0xcafe::m::c');
    expect(pair.modified?.id).toBe(3);
    expect(pair.differences.map((each) => each.aspect)).toEqual([
      'calls',
      'status',
      'returns',
      'gas',
    ]);
    expect(pair.differences[0]).toEqual({
      aspect: 'calls',
      original: 'none',
      modified: '0x1::n::m',
    });
    expect(pair.differences[1]).toEqual({
      aspect: 'status',
      original: 'OUT_OF_GAS',
      modified: 'success',
    });
    expect(traceDiffSummary(diff)).toMatch(
      /^Identical up to frame 5; diverges at 0xcafe::m::c: calls none → 0x1::n::m; status OUT_OF_GAS → success; returns \(did not return\) → \(7\); gas/,
    );
  });

  it('lists every frame once, aligned in call order, with a call made only in one', () => {
    const diff = diffMoveTraces({ original: outOfGas(), modified: moreGas() });
    expect(
      diff.pairs.map((pair) => [pair.original?.id ?? null, pair.modified?.id ?? null]),
    ).toEqual([
      [0, 0],
      [1, 1],
      [2, 2],
      [3, 3],
      [4, 4],
      [null, 5],
    ]);
    expect(diff.pairs[5]?.differences).toEqual([
      { aspect: 'called', original: 'not called', modified: 'called 0x1::n::m' },
    ]);
    // b ran the same: no difference; a's own gas differs (it went on after c).
    expect(diff.pairs[2]?.differences).toEqual([]);
    expect(diff.pairs[1]?.differences.map((each) => each.aspect)).toEqual([
      'status',
      'returns',
      'gas',
    ]);
  });

  it('finds a callee entered with other arguments before its caller ends otherwise', () => {
    const original = threeFrameAbort();
    const modified = threeFrameAbort();
    modified.frames[3] = { ...at(modified.frames, 3), args: ['50'] };
    const diff = diffMoveTraces({ original, modified });
    expect(diff.divergence).toEqual({ pair: 3, identicalFrames: 3 });
    expect(diff.pairs[3]?.differences).toEqual([
      { aspect: 'args', original: '(5)', modified: '(50)' },
    ]);
  });

  it('aligns callees by function when one run calls another function in between', () => {
    const original = traceOf('committed', [
      { parent: -1, fn: 'transaction', own: 1 },
      { parent: 0, fn: '0xcafe::m::a', own: 1 },
      { parent: 1, fn: '0xcafe::m::x', own: 1 },
      { parent: 1, fn: '0xcafe::m::y', own: 1 },
    ]);
    const modified = traceOf('reexecution', [
      { parent: -1, fn: 'transaction', own: 1 },
      { parent: 0, fn: '0xcafe::m::a', own: 1 },
      { parent: 1, fn: '0xcafe::m::x', own: 1 },
      { parent: 1, fn: '0xcafe::m::w', own: 1 },
      { parent: 3, fn: '0xcafe::m::v', own: 1 },
      { parent: 1, fn: '0xcafe::m::y', own: 1 },
    ]);
    const diff = diffMoveTraces({ original, modified });
    expect(
      diff.pairs.map((pair) => [pair.original?.id ?? null, pair.modified?.id ?? null]),
    ).toEqual([
      [0, 0],
      [1, 1],
      [2, 2],
      [null, 3],
      [null, 4],
      [3, 5],
    ]);
    // a made a call the original did not, after x: that is where they went apart.
    expect(diff.divergence).toEqual({ pair: 1, identicalFrames: 3 });
    expect(traceDiffSummary(diff)).toContain('diverges at 0xcafe::m::a: calls none → 0xcafe::m::w');
  });

  it('pairs a 10,000-frame trace with itself quickly and finds one changed return', () => {
    const original = generatedTrace();
    const modified = generatedTrace();
    const last = modified.frames.length - 2;
    modified.frames[last] = { ...at(modified.frames, last), returns: ['changed'] };
    const started = performance.now();
    const diff = diffMoveTraces({ original, modified });
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(diff.pairs).toHaveLength(original.frames.length);
    expect(diff.pairs[diff.divergence?.pair ?? -1]?.original?.id).toBe(last);
  });

  it('names the transaction when only its end differs and a frame’s IO or storage moved', () => {
    // Out of gas charging the writes, raised outside every frame; with more gas the write's
    // storage fee is put on a, its last writer, after execution.
    const original = traceOf('committed', [
      {
        parent: -1,
        fn: 'transaction',
        ...failed,
        status: 'out_of_gas',
        error: 'OUT_OF_GAS',
        own: 9,
      },
      { parent: 0, fn: '0xcafe::m::a', own: 5 },
    ]);
    const modified = traceOf('reexecution', [
      { parent: -1, fn: 'transaction', own: 9 },
      { parent: 0, fn: '0xcafe::m::a', own: 5 },
    ]);
    const a = at(modified.frames, 1);
    a.selfGas = { ...a.selfGas, storageOctas: '40000' };
    a.gas = { ...a.gas, storageOctas: '40000' };
    const diff = diffMoveTraces({ original, modified });
    expect(at(diff.pairs, 1).differences.map((each) => each.aspect)).toEqual(['gas']);
    expect(diff.divergence).toEqual({ pair: 0, identicalFrames: 2 });
    expect(traceDiffSummary(diff)).toMatch(
      /^Identical up to frame 2; diverges at transaction: status OUT_OF_GAS → success; returns/,
    );
  });

  it('diverges at the root when one trace holds no frame', () => {
    const empty = { ...threeFrameAbort(), frames: [] };
    const diff = diffMoveTraces({ original: empty, modified: threeFrameAbort() });
    expect(diff.divergence).toEqual({ pair: 0, identicalFrames: 0 });
    expect(diff.pairs).toHaveLength(4);
  });
});

import { describe, expect, it } from 'vitest';
import {
  describeStep,
  firstStepOfFrame,
  localTexts,
  sourceAround,
  stepIndex,
  stepTarget,
  type StepMove,
} from '../../replay/moveTraceSteps';
import { returnThenAbortSteps, threeFrameSteps } from '../fixtures/moveTraceSteps';
import { threeFrameAbort } from '../fixtures/moveTraces';

/** Follows `move` from `from` until it goes nowhere; the positions visited. */
function walk(trace: ReturnType<typeof threeFrameSteps>, from: number, move: StepMove): number[] {
  const index = stepIndex(trace);
  const visited: number[] = [];
  for (let at: number | null = stepTarget(index, from, move); at !== null;) {
    visited.push(at);
    at = stepTarget(index, at, move);
  }
  return visited;
}

describe('stepIndex', () => {
  it("takes each step's depth from its frame and finds the abort's step", () => {
    const index = stepIndex(threeFrameSteps());
    expect(Array.from(index.depths)).toEqual([1, 1, ...Array(7).fill(2), ...Array(10).fill(3)]);
    expect(index.abort).toBe(18);
  });

  it('has no abort for a trace that succeeded, and no steps without steps: true', () => {
    const ok = returnThenAbortSteps();
    ok.frames = ok.frames.map((frame) => {
      const { abort: _abort, ...rest } = frame;
      return { ...rest, status: 'success' };
    });
    expect(stepIndex(ok).abort).toBeNull();
    const plain = threeFrameAbort();
    expect(stepIndex(plain).steps).toEqual([]);
    expect(stepTarget(stepIndex(plain), 0, 'into')).toBeNull();
  });
});

describe('stepTarget on the three-frame abort', () => {
  const index = stepIndex(threeFrameSteps());

  it('steps into from the entry to the abort, one instruction at a time, and back', () => {
    expect(walk(threeFrameSteps(), 0, 'into')).toEqual(Array.from({ length: 18 }, (_, i) => i + 1));
    expect(walk(threeFrameSteps(), 18, 'backInto')).toEqual(
      Array.from({ length: 18 }, (_, i) => 17 - i),
    );
  });

  it('steps over a call whose callee aborts to where execution stopped', () => {
    expect(stepTarget(index, 0, 'over')).toBe(1);
    // a's call to b never comes back: over lands on c's Abort.
    expect(stepTarget(index, 1, 'over')).toBe(18);
    expect(stepTarget(index, 18, 'over')).toBeNull();
  });

  it('steps out of b to the end, and back out of c to the call that entered it', () => {
    expect(stepTarget(index, 3, 'out')).toBe(18);
    expect(stepTarget(index, 12, 'backOut')).toBe(8);
    expect(stepTarget(index, 8, 'backOut')).toBe(1);
    // The entry function has no caller with steps: back out goes to the start.
    expect(stepTarget(index, 1, 'backOut')).toBe(0);
    expect(stepTarget(index, 0, 'backOut')).toBeNull();
  });

  it("steps back over c's instructions to b's call, then b's to a's call", () => {
    expect(walk(threeFrameSteps(), 18, 'backOver')).toEqual([
      17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0,
    ]);
    expect(stepTarget(index, 9, 'backOver')).toBe(8);
  });

  it('goes to the start and to the abort, and nowhere when already there', () => {
    expect(stepTarget(index, 11, 'start')).toBe(0);
    expect(stepTarget(index, 0, 'start')).toBeNull();
    expect(stepTarget(index, 4, 'abort')).toBe(18);
    expect(stepTarget(index, 18, 'abort')).toBeNull();
    expect(stepTarget(index, 19, 'into')).toBeNull();
  });
});

describe('stepTarget over a call that returns and a native', () => {
  const trace = returnThenAbortSteps();
  const index = stepIndex(trace);

  it('steps over a returning call to the next instruction of the caller', () => {
    expect(stepTarget(index, 1, 'over')).toBe(6);
    // A native has no steps: over and into both go to the next instruction.
    expect(stepTarget(index, 3, 'over')).toBe(4);
    expect(stepTarget(index, 3, 'into')).toBe(4);
    // c aborts one level down: a's over from its call to c ends at the abort.
    expect(stepTarget(index, 6, 'over')).toBe(8);
  });

  it('steps out of b into a after the return, and back over b as one step', () => {
    expect(stepTarget(index, 2, 'out')).toBe(6);
    expect(stepTarget(index, 6, 'backOver')).toBe(1);
    expect(stepTarget(index, 4, 'backOut')).toBe(1);
    expect(stepTarget(index, 7, 'backOver')).toBe(6);
  });
});

describe('firstStepOfFrame', () => {
  it("starts a bytecode frame at its first instruction, a native at its caller's call", () => {
    const trace = returnThenAbortSteps();
    expect(firstStepOfFrame(trace, 1)).toBe(0);
    expect(firstStepOfFrame(trace, 2)).toBe(2);
    expect(firstStepOfFrame(trace, 0)).toBe(0);
  });

  it("finds a native's call among several calls of its caller", () => {
    const trace = returnThenAbortSteps();
    expect(firstStepOfFrame(trace, 3)).toBe(3);
    expect(firstStepOfFrame(trace, 4)).toBe(4);
    expect(firstStepOfFrame(trace, 5)).toBe(7);
    expect(firstStepOfFrame(threeFrameAbort(), 2)).toBeNull();
  });
});

describe('words and lines for the stepper', () => {
  const trace = threeFrameSteps();

  it('describes a position with its frame, offset, instruction, line and depth', () => {
    expect(describeStep(trace, 11)).toBe(
      'Step 12 of 19: 0xcafe::chain::c, offset 2, Mul, chain.move:6, depth 3',
    );
    expect(describeStep(threeFrameAbort(), 0)).toBe('No instruction steps.');
  });

  it("shows a step's source line with the lines around it", () => {
    const lines = sourceAround(trace, { file: 'Chain/sources/chain.move', line: 6, column: 9 }, 2);
    expect(lines.map((each) => [each.number, each.current])).toEqual([
      [4, false],
      [5, false],
      [6, true],
      [7, false],
      [8, false],
    ]);
    expect(lines[2]?.text).toContain('abort E_TOO_BIG');
    expect(sourceAround(trace, { file: 'other.move', line: 1, column: 1 })).toEqual([]);
    expect(
      sourceAround(trace, { file: 'Chain/sources/chain.move', line: 1, column: 1 }, 1),
    ).toHaveLength(2);
  });

  it('prints unset locals as unset and values on one line', () => {
    const [first, , , , , , , , , , , , , , , , , , last] = trace.steps ?? [];
    expect(first && localTexts(first)).toEqual(['0xcafe', '5', 'unset']);
    expect(last && localTexts(last)).toEqual(['6', '3', '18']);
  });
});

/**
 * The control-flow graph of one function's code, as the Move bytecode verifier builds it
 * (move-binary-format `control_flow_graph.rs`): a block starts at offset 0, at every branch
 * target and after every branch, `ret` or `abort`; its successors are its branch targets and,
 * for a conditional branch or a non-terminating last instruction, the next block. `analyze` is
 * the abstract interpreter's fixpoint (`absint.rs`) that locals and reference safety share.
 */
import type { Bytecode } from '../binary/types.ts';

export interface Block {
  start: number;
  /** The last instruction's offset (inclusive). */
  end: number;
  successors: number[];
}

export interface Cfg {
  /** Keyed by the block's start offset; in code order. */
  blocks: Map<number, Block>;
  /** Block starts in code order. */
  order: number[];
}

const isBranch = (i: Bytecode): boolean =>
  i.op === 'BrTrue' || i.op === 'BrFalse' || i.op === 'Branch';

/** Whether control never falls through to the next instruction. */
export const isUnconditional = (i: Bytecode): boolean =>
  i.op === 'Ret' || i.op === 'Abort' || i.op === 'AbortMsg' || i.op === 'Branch';

export function buildCfg(code: readonly Bytecode[]): Cfg {
  const starts = new Set<number>([0]);
  code.forEach((instr, pc) => {
    if (isBranch(instr)) starts.add((instr as { offset: number }).offset);
    if ((isBranch(instr) || isUnconditional(instr)) && pc + 1 < code.length) starts.add(pc + 1);
  });
  const order = [...starts].filter((s) => s < code.length).sort((a, b) => a - b);
  const blocks = new Map<number, Block>();
  order.forEach((start, i) => {
    const end = (order[i + 1] ?? code.length) - 1;
    const last = code[end] as Bytecode;
    const successors: number[] = [];
    if (isBranch(last)) successors.push((last as { offset: number }).offset);
    if (!isUnconditional(last) && end + 1 < code.length && !successors.includes(end + 1))
      successors.push(end + 1);
    blocks.set(start, { start, end, successors });
  });
  return { blocks, order };
}

/** An abstract domain: `join` merges `incoming` into `into`, saying whether `into` changed. */
export interface Domain<S> {
  clone(state: S): S;
  join(into: S, incoming: S): { state: S; changed: boolean };
  /** Runs one instruction on `state` (mutating it); throws the verifier's error. */
  execute(state: S, instr: Bytecode, pc: number, lastInBlock: boolean): void;
}

/**
 * Runs `domain` over the reachable blocks to a fixpoint, from `initial` at the entry block; the
 * first error an instruction raises is thrown.
 */
export function analyze<S>(
  code: readonly Bytecode[],
  cfg: Cfg,
  initial: S,
  domain: Domain<S>,
): void {
  const pre = new Map<number, S>([[0, initial]]);
  const work: number[] = [0];
  const queued = new Set<number>([0]);
  while (work.length > 0) {
    // Lowest offset first: close to the verifier's code-order walk, and loops converge sooner.
    work.sort((a, b) => b - a);
    const start = work.pop() as number;
    queued.delete(start);
    const block = cfg.blocks.get(start) as Block;
    const state = domain.clone(pre.get(start) as S);
    for (let pc = block.start; pc <= block.end; pc += 1)
      domain.execute(state, code[pc] as Bytecode, pc, pc === block.end);
    block.successors.forEach((next, i) => {
      const old = pre.get(next);
      let changed: boolean;
      if (old === undefined) {
        // The last successor takes the state itself: nothing else reads it.
        pre.set(next, i === block.successors.length - 1 ? state : domain.clone(state));
        changed = true;
      } else {
        const joined = domain.join(old, state);
        pre.set(next, joined.state);
        changed = joined.changed;
      }
      if (changed && !queued.has(next)) {
        queued.add(next);
        work.push(next);
      }
    });
  }
}

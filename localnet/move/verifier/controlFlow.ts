/**
 * Control flow (move-bytecode-verifier `control_flow.rs`, `loop_summary.rs`, bytecode v6+): the
 * code is not empty (`EMPTY_CODE_UNIT`) and its last instruction does not fall through
 * (`INVALID_FALL_THROUGH`); branch targets are in the code (`INDEX_OUT_OF_BOUNDS`); the graph is reducible, every loop entered through its head only
 * (Tarjan's test over a depth-first spanning tree: `INVALID_LOOP_SPLIT`), with loops nested at
 * most `MAX_LOOP_DEPTH` deep (`LOOP_MAX_DEPTH_REACHED`); and at most `MAX_BASIC_BLOCKS` blocks
 * (`TOO_MANY_BASIC_BLOCKS`, the production `VerifierConfig`).
 */
import type { Bytecode } from '../binary/types.ts';
import { vmError } from '../vm/errors.ts';
import type { Cfg } from './cfg.ts';
import { buildCfg, isUnconditional } from './cfg.ts';

/** Aptos's production verifier config (`aptos_prod_verifier_config`). */
export const MAX_LOOP_DEPTH = 5;
export const MAX_BASIC_BLOCKS = 1024;

export function verifyControlFlow(id: string, code: readonly Bytecode[]): Cfg {
  const last = code[code.length - 1];
  if (last === undefined) throw vmError('EMPTY_CODE_UNIT', id);
  if (!isUnconditional(last)) throw vmError('INVALID_FALL_THROUGH', `${id}+${code.length - 1}`);
  // Branch targets inside the code (the binary reader's bounds check, for code built in memory).
  code.forEach((instr, pc) => {
    if (
      (instr.op === 'BrTrue' || instr.op === 'BrFalse' || instr.op === 'Branch') &&
      instr.offset >= code.length
    )
      throw vmError('INDEX_OUT_OF_BOUNDS', `${id}+${pc}`);
  });
  const cfg = buildCfg(code);
  checkReducible(id, cfg);
  if (cfg.order.length > MAX_BASIC_BLOCKS) throw vmError('TOO_MANY_BASIC_BLOCKS', `${id}+0`);
  return cfg;
}

function checkReducible(id: string, cfg: Cfg): void {
  // Depth-first spanning tree: nodes numbered in preorder, with their descendant counts; incoming
  // edges split into back edges (to a node still being explored) and the rest.
  const nodeOf = new Map<number, number>();
  const blockOf: number[] = [];
  const descs: number[] = [];
  const backs: number[][] = [];
  const preds: number[][] = [];
  const done = new Set<number>();
  const visit = (block: number): number => {
    const node = blockOf.length;
    nodeOf.set(block, node);
    blockOf.push(block);
    descs.push(0);
    backs.push([]);
    preds.push([]);
    return node;
  };
  type Frame =
    | { kind: 'visit'; from: number; to: number }
    | { kind: 'finish'; block: number; node: number; parent: number };
  const root = visit(0);
  const stack: Frame[] = (cfg.blocks.get(0)?.successors ?? []).map((to) => ({
    kind: 'visit',
    from: root,
    to,
  }));
  while (stack.length > 0) {
    const frame = stack.pop() as Frame;
    if (frame.kind === 'finish') {
      descs[frame.parent] = (descs[frame.parent] as number) + 1 + (descs[frame.node] as number);
      done.add(frame.block);
      continue;
    }
    const seen = nodeOf.get(frame.to);
    if (seen !== undefined) {
      (done.has(frame.to) ? (preds[seen] as number[]) : (backs[seen] as number[])).push(frame.from);
      continue;
    }
    const node = visit(frame.to);
    (preds[node] as number[]).push(frame.from);
    stack.push({ kind: 'finish', block: frame.to, node, parent: frame.from });
    for (const to of cfg.blocks.get(frame.to)?.successors ?? [])
      stack.push({ kind: 'visit', from: node, to });
  }
  const isDescendant = (ancestor: number, node: number): boolean =>
    ancestor <= node && node <= ancestor + (descs[ancestor] as number);
  // Collapse loops innermost first (reverse preorder) into their heads (a disjoint-set).
  const parent = blockOf.map((_, i) => i);
  const depth = blockOf.map(() => 0);
  const find = (n: number): number => {
    let r = n;
    while (parent[r] !== r) r = parent[r] as number;
    let c = n;
    while (parent[c] !== r) {
      const next = parent[c] as number;
      parent[c] = r;
      c = next;
    }
    return r;
  };
  for (let head = blockOf.length - 1; head >= 0; head -= 1) {
    const back = backs[head] as number[];
    if (back.length === 0) continue;
    const body = new Set<number>();
    for (const n of back) {
      const c = find(n);
      if (c !== head) body.add(c);
    }
    const frontier = [...body];
    while (frontier.length > 0) {
      const n = frontier.pop() as number;
      for (const p of preds[n] as number[]) {
        const c = find(p);
        if (!isDescendant(head, c))
          throw vmError('INVALID_LOOP_SPLIT', `${id}+${blockOf[c] as number}`);
        if (c !== head && !body.has(c)) {
          body.add(c);
          frontier.push(c);
        }
      }
    }
    let d = depth[head] as number;
    for (const c of body) {
      parent[c] = head;
      d = Math.max(d, depth[c] as number);
    }
    depth[head] = d + 1;
    if (d + 1 > MAX_LOOP_DEPTH)
      throw vmError('LOOP_MAX_DEPTH_REACHED', `${id}+${blockOf[head] as number}`);
  }
}

/** The navigation and update steps `0x1::big_ordered_map`'s public functions share. */
import { vmError } from '../errors.ts';
import type { NativeHost } from '../loader.ts';
import type { Ty } from '../ty.ts';
import type { Value } from '../values.ts';
import { copyValue, Ref } from '../values.ts';
import type { Entry } from './bigOrderedMapNodes.ts';
import {
  abort,
  addChild,
  childrenOf,
  constantSize,
  deref,
  findIndex,
  FIRST_SLOT,
  invariant,
  isLeaf,
  leafChild,
  lowerBound,
  newNode,
  NULL,
  ROOT,
  sizeOf,
  slotOf,
  STEP,
  upsert,
} from './bigOrderedMapNodes.ts';
import { Tree } from './bigOrderedMapTree.ts';
import { compareValues } from './orderedMap.ts';

export const END: Value = [0];
export const iter = (node: bigint, position: number, key: Value): Value => [
  1,
  node,
  [1, BigInt(position)],
  copyValue(deref(key)),
];
export const isEnd = (it: Value | undefined): boolean => (deref(it as Value) as Value[])[0] === 0;
/** `[node_index, position, key]` of a `Some` iterator; `End` aborts `EITER_OUT_OF_BOUNDS`. */
export function parts(it: Value | undefined): [bigint, number, Value] {
  const f = deref(it as Value) as Value[];
  if (f[0] === 0) abort(0x10003n);
  return [f[1] as bigint, Number((f[2] as Value[])[1] as bigint), f[3] as Value];
}

export function create(
  host: NativeHost,
  tys: readonly Ty[],
  inner: number,
  leaf: number,
  reuse: boolean,
) {
  if (inner !== 0 && (inner < 4 || inner > 4096)) abort(0x1000bn);
  if (leaf !== 0 && (leaf < 3 || leaf > 4096)) abort(0x1000bn);
  const map: Value = [
    0,
    newNode(true),
    [0, [[]], FIRST_SLOT, reuse, NULL, 0],
    ROOT,
    ROOT,
    false,
    inner,
    leaf,
  ];
  new Tree(host, tys, map).validateStaticSize();
  return map;
}
export function requireConstant(host: NativeHost, tys: readonly Ty[]): void {
  if (constantSize(host, tys[0] as Ty) === null || constantSize(host, tys[1] as Ty) === null)
    abort(0x10010n);
}

/** `add_or_upsert_impl`: the overwritten value's child, or `null`. */
export function addOrUpsert(t: Tree, key: Value, value: Value, overwrite: boolean): Value | null {
  t.host.charge(STEP);
  if (!t.constantKv) t.validateSize(sizeOf(t.host, t.keyTy, key), sizeOf(t.host, t.valueTy, value));
  const root = t.root;
  if (isLeaf(root) && BigInt(childrenOf(root).length) < t.maxDegree(true)) {
    const old = upsert(childrenOf(root), key, leafChild(value));
    if (!overwrite && old !== null) abort(0x10001n);
    return old;
  }
  let path = t.findLeafPath(key);
  if (path.length === 0) {
    // A key past every other: each inner node's last key becomes it on the way down.
    path = [];
    let current = ROOT;
    for (;;) {
      path.push(current);
      const node = t.node(current);
      if (isLeaf(node)) break;
      const entries = childrenOf(node);
      const last = entries.pop() as Entry;
      current = slotOf(last[1]);
      addChild(entries, key, last[1]);
    }
  }
  return t.addAt(path, key, leafChild(value), overwrite);
}

export function remove(t: Tree, key: Value): Value | null {
  t.host.charge(STEP);
  if (isLeaf(t.root)) {
    const entries = childrenOf(t.root);
    const i = findIndex(entries, key);
    return i < 0 ? null : (entries.splice(i, 1)[0] as Entry)[1];
  }
  const path = t.findLeafPath(key);
  return path.length === 0 ? null : t.removeAt(path, key, null);
}
export const valueOf = (child: Value | null): Value => (child as Value[])[1] as Value;

export function lowerBoundIter(t: Tree, key: Value): Value {
  const leaf = t.findLeaf(key);
  if (leaf === NULL) return END;
  const node = t.node(leaf);
  invariant(isLeaf(node));
  const entries = childrenOf(node);
  const i = lowerBound(entries, key);
  return i === entries.length ? END : iter(leaf, i, (entries[i] as Entry)[0]);
}
export function findIter(t: Tree, key: Value): Value {
  const it = lowerBoundIter(t, key);
  if (isEnd(it)) return it;
  const [, , found] = parts(it);
  return compareValues(found, key) === 0 ? it : END;
}
export function beginIter(t: Tree): Value {
  if (t.isEmpty()) return END;
  const entries = childrenOf(t.node(t.minLeaf));
  invariant(entries.length > 0);
  return iter(t.minLeaf, 0, (entries[0] as Entry)[0]);
}
export function next(t: Tree, it: Value): Value {
  const [index, position] = parts(it);
  const node = t.node(index);
  const entries = childrenOf(node);
  if (position + 1 < entries.length)
    return iter(index, position + 1, (entries[position + 1] as Entry)[0]);
  const following = node[4] as bigint;
  if (following === NULL) return END;
  const first = childrenOf(t.node(following))[0];
  invariant(first !== undefined);
  return iter(following, 0, (first as Entry)[0]);
}
export function prev(t: Tree, it: Value): Value {
  let index: bigint;
  if (isEnd(it)) index = t.maxLeaf;
  else {
    const [at, position] = parts(it);
    const node = t.node(at);
    if (position > 0) return iter(at, position - 1, (childrenOf(node)[position - 1] as Entry)[0]);
    index = node[3] as bigint;
  }
  if (index === NULL) abort(0x10003n);
  const entries = childrenOf(t.node(index));
  // `iter_prev` of the node's end: an empty node (the empty root) has none.
  if (entries.length === 0) abort(0x10003n, 'ordered_map');
  return iter(index, entries.length - 1, (entries[entries.length - 1] as Entry)[0]);
}
export const isBegin = (t: Tree, it: Value): boolean => {
  if (isEnd(it)) return t.isEmpty();
  const [index, position] = parts(it);
  return index === t.minLeaf && position === 0;
};
/** The leaf entry an iterator points at (`iter_borrow`'s `child_iter.iter_borrow(children)`). */
export function entryAt(t: Tree, it: Value): Entry {
  const [index, position] = parts(it);
  const entry = childrenOf(t.node(index))[position];
  // `entries.borrow(index)` past the end: the vector instruction fails.
  if (entry === undefined) throw vmError('VECTOR_OPERATION_ERROR');
  return entry;
}
export const valueRef = (entry: Entry): Ref => new Ref(entry[1] as Value[], 1);
export const some = (v: Value): Value => [[v]];
export const none = (): Value => [[]];
export const tree = (host: NativeHost, tys: readonly Ty[], m: Value | undefined) =>
  new Tree(host, tys, m as Value);

export const pop = (t: Tree, it: Value): Value[] => {
  const [, , key] = parts(it);
  const k = copyValue(key);
  const removed = remove(t, k);
  if (removed === null) abort(0x10002n);
  return [k, valueOf(removed)];
};

export function iterBorrowMut(t: Tree, tys: readonly Ty[], it: Value): Value[] {
  if (!t.constantKv && constantSize(t.host, tys[1] as Ty) === null) abort(0x1000en);
  return [valueRef(entryAt(t, it))];
}

export function addAll(t: Tree, keys: Value[], values: Value[]): void {
  // The inlined `vector::zip`'s check, aborting in big_ordered_map itself.
  if (keys.length !== values.length) abort(0x20002n);
  keys.forEach((key, i) => {
    invariant(addOrUpsert(t, key, values[i] as Value, false) === null);
  });
}

export function forEachEntry(t: Tree, f: (e: Entry) => void): void {
  for (let at = t.minLeaf; at !== NULL; at = t.node(at)[4] as bigint) {
    const node = t.node(at);
    for (const e of childrenOf(node)) {
      t.host.charge(STEP);
      f(e);
    }
  }
}

/**
 * The B+ tree of `0x1::big_ordered_map` over the VM's values, step for step as
 * `big_ordered_map.move` and `storage_slots_allocator.move` run it, so a map's state (the root
 * inline, every other node a `Link::Occupied` item of the allocator's `TableWithLength`, slot
 * numbers from 10, the reuse queue) is the node's. Values:
 *
 * - `BigOrderedMap::BPlusTreeMap` `[0, root, nodes, min_leaf_index, max_leaf_index,
 *   constant_kv_size, inner_max_degree, leaf_max_degree]`;
 * - `Node::V1` `[0, is_leaf, children: OrderedMap<K, Child<V>>, prev, next]`, the ordered map
 *   `[0, entries]` with entries `[key, child]`;
 * - `Child::Inner { node_index: StoredSlot }` `[0, [index]]`, `Child::Leaf { value }` `[1, value]`;
 * - `StorageSlotsAllocator::V1` `[0, slots: Option<TableWithLength>, new_slot_index, should_reuse,
 *   reuse_head_index, reuse_spare_count]`, `Link::Occupied` `[0, node]`, `Link::Vacant` `[1, next]`.
 */
import type { LongAddress } from '../../../encoding.ts';
import { BytecodeAbort } from '../errors.ts';
import type { NativeHost, NativeImpl } from '../loader.ts';
import type { Ty } from '../ty.ts';
import { K } from '../ty.ts';
import type { Layout, Value } from '../values.ts';
import { Ref, serialize } from '../values.ts';
import { compareValues } from './orderedMap.ts';

export const FRAMEWORK = `0x${'0'.repeat(63)}1` as LongAddress;
export const NULL = 0n;
export const ROOT = 1n;
export const FIRST_SLOT = 10n;
export const MAX_DEGREE = 4096n;
export const MAX_NODE_BYTES = 400n * 1024n;
export const DEFAULT_TARGET_NODE_SIZE = 4096n;
export const DEFAULT_MAX_KEY_OR_VALUE_SIZE = 5n * 1024n;
export const INNER_MIN_DEGREE = 4n;
export const LEAF_MIN_DEGREE = 3n;
/** About one Move loop iteration or call of the tree code. */
export const STEP = 1_500;

export const abort = (code: bigint, module = 'big_ordered_map'): never => {
  throw new BytecodeAbort(`0x1::${module}`, code, null);
};
export const invariant = (ok: boolean): void => {
  if (!ok) abort(0x30014n);
};
export const deref = (v: Value): Value => (v instanceof Ref ? (v.c[v.i] as Value) : v);
export const min = (a: bigint, b: bigint) => (a < b ? a : b);
export const max = (a: bigint, b: bigint) => (a > b ? a : b);

export type Entry = [Value, Value];
export type Node = Value[];

export const isLeaf = (n: Node): boolean => n[1] as boolean;
export const childrenOf = (n: Node): Entry[] => (n[2] as Value[])[1] as unknown as Entry[];
export const newNode = (leaf: boolean, entries: Entry[] = []): Node => [
  0,
  leaf,
  [0, entries as unknown as Value],
  NULL,
  NULL,
];
export const innerChild = (index: bigint): Value => [0, [index]];
export const leafChild = (value: Value): Value => [1, value];
/** `Child::Inner`'s slot index. */
export const slotOf = (child: Value): bigint => ((child as Value[])[1] as Value[])[0] as bigint;

// ---- ordered_map on a node's children

export function lowerBound(entries: Entry[], key: Value): number {
  let l = 0;
  let r = entries.length;
  while (l !== r) {
    const mid = l + Math.floor((r - l) / 2);
    if (compareValues((entries[mid] as Entry)[0], key) < 0) l = mid + 1;
    else r = mid;
  }
  return l;
}
export function findIndex(entries: Entry[], key: Value): number {
  const i = lowerBound(entries, key);
  return i < entries.length && compareValues((entries[i] as Entry)[0], key) === 0 ? i : -1;
}
/** `ordered_map::upsert`: the old child, or `null`. */
export function upsert(entries: Entry[], key: Value, child: Value): Value | null {
  const i = lowerBound(entries, key);
  if (i < entries.length && compareValues((entries[i] as Entry)[0], key) === 0) {
    const old = (entries[i] as Entry)[1];
    entries[i] = [key, child];
    return old;
  }
  entries.splice(i, 0, [key, child]);
  return null;
}
export function addChild(entries: Entry[], key: Value, child: Value): void {
  if (upsertFresh(entries, key, child)) return;
  abort(0x10001n, 'ordered_map');
}
function upsertFresh(entries: Entry[], key: Value, child: Value): boolean {
  const i = lowerBound(entries, key);
  if (i < entries.length && compareValues((entries[i] as Entry)[0], key) === 0) return false;
  entries.splice(i, 0, [key, child]);
  return true;
}
export const lastKey = (entries: Entry[]): Value => {
  const e = entries[entries.length - 1];
  if (e === undefined) abort(0x10003n, 'ordered_map');
  return (e as Entry)[0];
};

/** `ordered_map::replace_key_inplace`. */
export function replaceKey(entries: Entry[], oldKey: Value, newKey: Value): void {
  const i = lowerBound(entries, oldKey);
  if (i >= entries.length || compareValues((entries[i] as Entry)[0], oldKey) !== 0)
    abort(0x10002n, 'ordered_map');
  if (i > 0 && compareValues((entries[i - 1] as Entry)[0], newKey) >= 0)
    abort(0x10004n, 'ordered_map');
  if (i + 1 < entries.length && compareValues(newKey, (entries[i + 1] as Entry)[0]) >= 0)
    abort(0x10004n, 'ordered_map');
  (entries[i] as Entry)[0] = newKey;
}

// ---- sizes

/**
 * `bcs::constant_serialized_size`: fixed-size types only (no vectors, enums, functions, or
 * signers, whose size the native leaves open).
 */
export function constantSize(host: NativeHost, ty: Ty): bigint | null {
  switch (ty.k) {
    case K.BOOL:
    case K.U8:
    case K.I8:
      return 1n;
    case K.U16:
    case K.I16:
      return 2n;
    case K.U32:
    case K.I32:
      return 4n;
    case K.U64:
    case K.I64:
      return 8n;
    case K.U128:
    case K.I128:
      return 16n;
    case K.U256:
    case K.I256:
    case K.ADDRESS:
      return 32n;
    case K.STRUCT: {
      const layout: Layout = host.layout(ty.s, ty.args);
      if (layout.kind === 'enum') return null;
      let total = 0n;
      for (const field of layout.fields) {
        const size = constantSize(host, field.ty);
        if (size === null) return null;
        total += size;
      }
      return total;
    }
    default:
      return null;
  }
}

export const sizeOf = (host: NativeHost, ty: Ty, v: Value): bigint =>
  BigInt(serialize(ty, deref(v), host.layout.bind(host)).length);

/** `ordered_map::append_disjoint`: the sorted union; a shared key aborts. */
export function appendDisjoint(entries: Entry[], other: Entry[]): void {
  for (const e of other) {
    const i = lowerBound(entries, e[0]);
    if (i < entries.length && compareValues((entries[i] as Entry)[0], e[0]) === 0)
      abort(0x10001n, 'ordered_map');
    entries.splice(i, 0, e);
  }
}

/** The `std::bcs` native the map's sizing uses, registered under `bcs`. */
export const CONSTANT_SERIALIZED_SIZE: NativeImpl = (host, tys) => {
  const size = constantSize(host, tys[0] as Ty);
  return [[size === null ? [] : [size]]];
};

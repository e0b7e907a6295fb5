/**
 * `0x1::big_ordered_map` natively: its public functions over the B+ tree of
 * `bigOrderedMapTree.ts`, each with the Move code's checks and aborts (`EKEY_ALREADY_EXISTS`
 * 0x10001, `EKEY_NOT_FOUND` 0x10002, `EITER_OUT_OF_BOUNDS` 0x10003, `EINVALID_CONFIG_PARAMETER`
 * 0x1000b, `EMAP_NOT_EMPTY` 0x1000c, `EARGUMENT_BYTES_TOO_LARGE` 0x1000d,
 * `EBORROW_MUT_REQUIRES_CONSTANT_VALUE_SIZE` 0x1000e, `EKEY_BYTES_TOO_LARGE` 0x1000f,
 * `ECANNOT_USE_NEW_WITH_VARIABLE_SIZED_TYPES` 0x10010; a root-leaf `remove` of a missing key
 * aborts in `0x1::ordered_map`, as the Move code delegates it).
 *
 * Iterators: `IteratorPtr<K>` is `End` `[0]` or `Some { node_index, child_iter, key }`
 * `[1, index, [1, position], key]`; `IteratorPtrWithPath<K> { iterator, path }`;
 * `LeafNodeIteratorPtr::NodeIndex { node_index }` `[0, index]`.
 */
import { composeArgs } from '../closures.ts';
import { vmError } from '../errors.ts';
import type { NativeImpl } from '../loader.ts';
import type { Closure, Value } from '../values.ts';
import { copyValue, Ref } from '../values.ts';
import type { Entry } from './bigOrderedMapNodes.ts';
import {
  abort,
  childrenOf,
  deref,
  findIndex,
  invariant,
  isLeaf,
  lowerBound,
  NULL,
  sizeOf,
} from './bigOrderedMapNodes.ts';
import {
  addAll,
  addOrUpsert,
  beginIter,
  create,
  END,
  entryAt,
  findIter,
  forEachEntry,
  isBegin,
  isEnd,
  iter,
  iterBorrowMut,
  lowerBoundIter,
  next,
  none,
  parts,
  pop,
  prev,
  remove,
  requireConstant,
  some,
  tree,
  valueOf,
  valueRef,
} from './bigOrderedMapOps.ts';
import { compareValues } from './orderedMap.ts';

/** `[function, implementation]` of `0x1::big_ordered_map`. */
export const BIG_ORDERED_MAP: ReadonlyArray<[string, NativeImpl]> = [
  [
    'new',
    (host, tys) => {
      requireConstant(host, tys);
      return [create(host, tys, 0, 0, false)];
    },
  ],
  [
    'new_with_reusable',
    (host, tys) => {
      requireConstant(host, tys);
      return [create(host, tys, 0, 0, true)];
    },
  ],
  [
    'new_with_config',
    (host, tys, [inner, leaf, reuse]) => [
      create(host, tys, inner as number, leaf as number, reuse as boolean),
    ],
  ],
  [
    'new_with_type_size_hints',
    (host, tys, args) => {
      const [avgKey, maxKey, avgValue, maxValue] = args as bigint[] as [
        bigint,
        bigint,
        bigint,
        bigint,
      ];
      if (avgKey > maxKey || avgValue > maxValue) abort(0x1000bn);
      // A zero size divides by zero and a sum past u64 overflows, as the Move arithmetic fails.
      const div = (a: bigint, b: bigint): bigint => {
        if (b === 0n) throw vmError('ARITHMETIC_ERROR');
        return a / b;
      };
      const add = (a: bigint, b: bigint): bigint => {
        if (a + b >= 1n << 64n) throw vmError('ARITHMETIC_ERROR');
        return a + b;
      };
      const least = (a: bigint, b: bigint): bigint => (a < b ? a : b);
      const most = (a: bigint, b: bigint): bigint => (a > b ? a : b);
      const innerAvg = most(least(4096n, div(4096n, avgKey)), 4n);
      const innerMax = div(128n * 1024n, maxKey);
      if (innerMax < 4n) abort(0x1000bn);
      const leafAvg = most(least(4096n, div(4096n, add(avgKey, avgValue))), 3n);
      const leafMax = div(128n * 1024n, add(maxKey, maxValue));
      if (leafMax < 3n) abort(0x1000bn);
      const inner = Number(least(innerAvg, innerMax));
      return [create(host, tys, inner, Number(least(leafAvg, leafMax)), false)];
    },
  ],
  [
    'new_from',
    (host, tys, [keys, values]) => {
      requireConstant(host, tys);
      const map = create(host, tys, 0, 0, false);
      addAll(tree(host, tys, map), keys as Value[], values as Value[]);
      return [map];
    },
  ],
  [
    'destroy_empty',
    (host, tys, [m]) => {
      const t = tree(host, tys, m);
      if (childrenOf(t.root).length !== 0) abort(0x1000cn);
      t.slots.destroyEmpty();
      return [];
    },
  ],
  [
    'allocate_spare_slots',
    (host, tys, [m, n]) => {
      const t = tree(host, tys, m);
      if (!t.slots.shouldReuse) abort(0x10002n, 'storage_slots_allocator');
      for (let i = 0n; i < (n as bigint); i += 1n) t.slots.pushReuse(t.slots.nextSlotIndex());
      return [];
    },
  ],
  ['is_empty', (host, tys, [m]) => [tree(host, tys, m).isEmpty()]],
  [
    'compute_length',
    (host, tys, [m]) => {
      const t = tree(host, tys, m);
      let size = 0n;
      for (let at = t.minLeaf; at !== NULL; at = t.node(at)[4] as bigint)
        size += BigInt(childrenOf(t.node(at)).length);
      return [size];
    },
  ],
  [
    'add',
    (host, tys, [m, key, value]) => {
      invariant(addOrUpsert(tree(host, tys, m), key as Value, value as Value, false) === null);
      return [];
    },
  ],
  [
    'upsert',
    (host, tys, [m, key, value]) => {
      const old = addOrUpsert(tree(host, tys, m), key as Value, value as Value, true);
      return [old === null ? none() : some(valueOf(old))];
    },
  ],
  [
    'remove',
    (host, tys, [m, key]) => {
      const t = tree(host, tys, m);
      // A root leaf removes through ordered_map::remove, which aborts there.
      if (isLeaf(t.root) && findIndex(childrenOf(t.root), deref(key as Value)) < 0)
        abort(0x10002n, 'ordered_map');
      const removed = remove(t, deref(key as Value));
      if (removed === null) abort(0x10002n);
      return [valueOf(removed)];
    },
  ],
  [
    'remove_or_none',
    (host, tys, [m, key]) => {
      const removed = remove(tree(host, tys, m), deref(key as Value));
      return [removed === null ? none() : some(valueOf(removed))];
    },
  ],
  [
    'add_all',
    (host, tys, [m, keys, values]) => (
      addAll(tree(host, tys, m), keys as Value[], values as Value[]),
      []
    ),
  ],
  [
    'pop_front',
    (host, tys, [m]) => {
      const t = tree(host, tys, m);
      return pop(t, beginIter(t));
    },
  ],
  [
    'pop_back',
    (host, tys, [m]) => {
      const t = tree(host, tys, m);
      return pop(t, prev(t, END));
    },
  ],
  [
    'internal_lower_bound',
    (host, tys, [m, key]) => [lowerBoundIter(tree(host, tys, m), deref(key as Value))],
  ],
  ['internal_find', (host, tys, [m, key]) => [findIter(tree(host, tys, m), deref(key as Value))]],
  [
    'internal_find_with_path',
    (host, tys, [m, key]) => {
      const t = tree(host, tys, m);
      const k = deref(key as Value);
      const path = t.findLeafPath(k);
      const missing: Value = [END, []];
      if (path.length === 0) return [missing];
      const leaf = path[path.length - 1] as bigint;
      const node = t.node(leaf);
      invariant(isLeaf(node));
      const entries = childrenOf(node);
      const i = lowerBound(entries, k);
      if (i === entries.length || findIndex([entries[i] as Entry], k) < 0) return [missing];
      return [[iter(leaf, i, (entries[i] as Entry)[0]), path]];
    },
  ],
  [
    'iter_with_path_get_iter',
    (_h, _t, [it]) => [copyValue((deref(it as Value) as Value[])[0] as Value)],
  ],
  [
    'contains',
    (host, tys, [m, key]) => [!isEnd(findIter(tree(host, tys, m), deref(key as Value)))],
  ],
  [
    'borrow',
    (host, tys, [m, key]) => {
      const t = tree(host, tys, m);
      const it = findIter(t, deref(key as Value));
      if (isEnd(it)) abort(0x10002n);
      return [valueRef(entryAt(t, it))];
    },
  ],
  [
    'borrow_mut',
    (host, tys, [m, key]) => {
      const t = tree(host, tys, m);
      const it = findIter(t, deref(key as Value));
      if (isEnd(it)) abort(0x10002n);
      return iterBorrowMut(t, tys, it);
    },
  ],
  [
    'get',
    (host, tys, [m, key]) => {
      const t = tree(host, tys, m);
      const it = findIter(t, deref(key as Value));
      return [isEnd(it) ? none() : some(copyValue(valueOf(entryAt(t, it)[1])))];
    },
  ],
  [
    'borrow_front',
    (host, tys, [m]) => {
      const t = tree(host, tys, m);
      const it = beginIter(t);
      const [, , key] = parts(it);
      return [copyValue(key), valueRef(entryAt(t, it))];
    },
  ],
  [
    'front_key',
    (host, tys, [m]) => {
      const [, , key] = parts(beginIter(tree(host, tys, m)));
      return [copyValue(key)];
    },
  ],
  [
    'borrow_back',
    (host, tys, [m]) => {
      const t = tree(host, tys, m);
      const it = prev(t, END);
      const [, , key] = parts(it);
      return [copyValue(key), valueRef(entryAt(t, it))];
    },
  ],
  [
    'back_key',
    (host, tys, [m]) => {
      const t = tree(host, tys, m);
      const [, , key] = parts(prev(t, END));
      return [copyValue(key)];
    },
  ],
  [
    'prev_key',
    (host, tys, [m, key]) => {
      const t = tree(host, tys, m);
      const it = lowerBoundIter(t, deref(key as Value));
      if (isBegin(t, it)) return [none()];
      return [some(copyValue(parts(prev(t, it))[2]))];
    },
  ],
  [
    'next_key',
    (host, tys, [m, key]) => {
      const t = tree(host, tys, m);
      const k = deref(key as Value);
      const it = lowerBoundIter(t, k);
      if (isEnd(it)) return [none()];
      const [, , current] = parts(it);
      if (compareValues(current, k) !== 0) return [some(copyValue(current))];
      const following = next(t, it);
      return [isEnd(following) ? none() : some(copyValue(parts(following)[2]))];
    },
  ],
  [
    'to_ordered_map',
    (host, tys, [m]) => {
      const entries: Value[] = [];
      forEachEntry(tree(host, tys, m), (e) =>
        entries.push([copyValue(e[0]), copyValue(valueOf(e[1]))]),
      );
      return [[0, entries]];
    },
  ],
  [
    'keys',
    (host, tys, [m]) => {
      const keys: Value[] = [];
      forEachEntry(tree(host, tys, m), (e) => keys.push(copyValue(e[0])));
      return [keys];
    },
  ],
  ['internal_new_begin_iter', (host, tys, [m]) => [beginIter(tree(host, tys, m))]],
  ['internal_new_end_iter', () => [END]],
  ['iter_is_begin', (host, tys, [it, m]) => [isBegin(tree(host, tys, m), it as Value)]],
  ['iter_is_end', (_h, _t, [it]) => [isEnd(it)]],
  [
    'iter_borrow_key',
    (_h, _t, [it]) => {
      const f = deref(it as Value) as Value[];
      if (f[0] === 0) abort(0x10003n);
      return [new Ref(f, 3)];
    },
  ],
  ['iter_borrow', (host, tys, [it, m]) => [valueRef(entryAt(tree(host, tys, m), it as Value))]],
  ['iter_borrow_mut', (host, tys, [it, m]) => iterBorrowMut(tree(host, tys, m), tys, it as Value)],
  [
    'iter_modify',
    (host, tys, [it, m, f]) => {
      const t = tree(host, tys, m);
      const entry = entryAt(t, it as Value);
      const [, , key] = parts(it);
      const closure = f as Closure;
      const args = composeArgs(
        closure.mask,
        (closure.captured ?? []) as Value[],
        [valueRef(entry)],
        copyValue,
      );
      const results = host.call(
        closure.address,
        closure.module,
        closure.name,
        closure.tyArgs,
        args,
      );
      if (!t.constantKv)
        t.validateSize(
          sizeOf(host, t.keyTy, key),
          sizeOf(host, t.valueTy, (entry[1] as Value[])[1] as Value),
        );
      return results;
    },
  ],
  [
    'iter_remove',
    (host, tys, [withPath, m]) => {
      const t = tree(host, tys, m);
      const [it, path] = withPath as [Value, bigint[]];
      const [, position, key] = parts(it);
      if (isLeaf(t.root)) {
        const entries = childrenOf(t.root);
        if (position >= entries.length) abort(0x20000n, 'vector');
        return [valueOf((entries.splice(position, 1)[0] as Entry)[1])];
      }
      if (path.length === 0) abort(0x10002n);
      const removed = t.removeAt([...path], key, position);
      if (removed === null) abort(0x10002n);
      return [valueOf(removed)];
    },
  ],
  ['iter_next', (host, tys, [it, m]) => [next(tree(host, tys, m), it as Value)]],
  ['iter_prev', (host, tys, [it, m]) => [prev(tree(host, tys, m), it as Value)]],
  ['internal_leaf_new_begin_iter', (host, tys, [m]) => [[0, tree(host, tys, m).minLeaf]]],
  ['internal_leaf_iter_is_end', (_h, _t, [it]) => [(deref(it as Value) as Value[])[1] === NULL]],
  [
    'internal_leaf_borrow_value',
    (_h, _t, [child]) => [new Ref(deref(child as Value) as Value[], 1)],
  ],
  [
    'internal_leaf_iter_borrow_entries_and_next_leaf_index',
    (host, tys, [it, m]) => {
      const t = tree(host, tys, m);
      const index = (deref(it as Value) as Value[])[1] as bigint;
      if (index === NULL) abort(3n);
      const node = t.node(index);
      if (!isLeaf(node)) abort(20n);
      return [new Ref(node, 2), [0, node[4] as bigint]];
    },
  ],
];

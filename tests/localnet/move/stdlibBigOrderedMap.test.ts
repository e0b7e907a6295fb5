import { describe, expect, it } from 'vitest';
import { parseTy } from '../../../localnet/move/vm/ty.ts';
import type { Value } from '../../../localnet/move/vm/values.ts';
import { Ref, serialize } from '../../../localnet/move/vm/values.ts';
import { call as callNative, session } from './nativeHarness.ts';
import { failure } from './vmWorld.ts';

/** `0x1::big_ordered_map` against big_ordered_map.move: results, aborts and the tree's shape. */
const call = (id: string, args: Value[], tys = ['u64', 'u64']): Value[] =>
  callNative(`big_ordered_map::${id}`, args, tys);
const r = (v: Value) => new Ref([v], 0);
const deref = (v: Value) => (v as Ref).c[(v as Ref).i] as Value;
const keys = (m: Value) => call('keys', [r(m)])[0] as bigint[];

type Node = [number, boolean, [number, Array<[bigint, Value[]]>], bigint, bigint];
/** A node by index: the root inline, the others the allocator's table items. */
function nodeOf(m: Value[], index: bigint): Node {
  if (index === 1n) return m[1] as Node;
  const slots = ((m[2] as Value[])[1] as Value[])[0] as Value[];
  const handle = ((slots[0] as Value[])[0] as Value[])[0] as string as `0x${string}`;
  const linkTy = parseTy(
    '0x1::storage_slots_allocator::Link<0x1::big_ordered_map::Node<u64, u64>>',
  );
  const cell = session.tableItem(handle, parseTy('u64'), linkTy, index).cell;
  return ((cell[0] as Value[])[1] as Node) ?? [];
}

/**
 * Checks the B+ tree as the Move test helpers do (validate_map): every inner entry's key is its
 * child's largest, leaves sit at one depth and link in key order from min to max leaf.
 * Returns the number of nodes.
 */
function validate(map: Value): number {
  const m = map as Value[];
  const leaves: bigint[] = [];
  let depth = -1;
  let nodes = 0;
  const walk = (index: bigint, level: number): bigint | null => {
    nodes += 1;
    const node = nodeOf(m, index);
    const entries = node[2][1];
    if (node[1]) {
      if (depth < 0) depth = level;
      expect(level).toBe(depth);
      leaves.push(index);
      return entries.length === 0 ? null : (entries[entries.length - 1] as [bigint, Value])[0];
    }
    for (const [key, child] of entries) {
      expect(walk((child[1] as Value[])[0] as bigint, level + 1)).toBe(key);
    }
    return (entries[entries.length - 1] as [bigint, Value])[0];
  };
  walk(1n, 0);
  expect(m[3]).toBe(leaves[0]);
  expect(m[4]).toBe(leaves[leaves.length - 1]);
  leaves.forEach((leaf, i) => {
    expect(nodeOf(m, leaf)[4]).toBe(leaves[i + 1] ?? 0n);
    expect(nodeOf(m, leaf)[3]).toBe(i === 0 ? 0n : leaves[i - 1]);
  });
  return nodes;
}

/** A fixed shuffle of 1..n. */
const shuffled = (n: number): bigint[] => {
  const out = Array.from({ length: n }, (_, i) => BigInt(i + 1));
  let seed = 7;
  for (let i = n - 1; i > 0; i -= 1) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    const j = seed % (i + 1);
    [out[i], out[j]] = [out[j] as bigint, out[i] as bigint];
  }
  return out;
};

describe('0x1::big_ordered_map', () => {
  it('a small map lives in its root leaf (test_verify_upsert, test_verify_remove)', () => {
    const [m] = call('new', []);
    call('add', [r(m as Value), 1n, 10n]);
    expect(call('upsert', [r(m as Value), 1n, 11n])).toEqual([[[10n]]]);
    expect(call('upsert', [r(m as Value), 2n, 20n])).toEqual([[[]]]);
    expect(call('get', [r(m as Value), r(1n)])).toEqual([[[11n]]]);
    expect(call('contains', [r(m as Value), r(3n)])).toEqual([false]);
    expect(deref(call('borrow', [r(m as Value), r(2n)])[0] as Value)).toBe(20n);
    expect(failure(() => call('add', [r(m as Value), 2n, 0n]))).toBe(
      'Move abort in 0x1::big_ordered_map: EKEY_ALREADY_EXISTS(0x10001): Map key already exists',
    );
    // A root leaf removes through ordered_map::remove.
    expect(failure(() => call('remove', [r(m as Value), r(5n)]))).toBe(
      'Move abort in 0x1::ordered_map: EKEY_NOT_FOUND(0x10002): Map key is not found',
    );
    expect(call('remove', [r(m as Value), r(1n)])).toEqual([11n]);
    expect(call('remove_or_none', [r(m as Value), r(1n)])).toEqual([[[]]]);
    // u64 keys and values: degrees from the 4,096-byte target (512 and 256), constant sizes.
    expect((m as Value[]).slice(3)).toEqual([1n, 1n, true, 512, 256]);
    expect(failure(() => call('destroy_empty', [m as Value]))).toContain('EMAP_NOT_EMPTY(0x1000c)');
    expect(failure(() => call('new', [], ['vector<u8>', 'u64']))).toContain(
      'ECANNOT_USE_NEW_WITH_VARIABLE_SIZED_TYPES(0x10010)',
    );
    expect(failure(() => call('new_with_config', [3, 0, false]))).toContain(
      'EINVALID_CONFIG_PARAMETER(0x1000b)',
    );
  });

  it('splits into table-stored nodes and stays a valid B+ tree through adds and removes', () => {
    const [m] = call('new_with_config', [4, 3, false]);
    const order = shuffled(60);
    for (const k of order) call('add', [r(m as Value), k, k * 10n]);
    expect(keys(m as Value)).toEqual(Array.from({ length: 60 }, (_, i) => BigInt(i + 1)));
    expect(call('compute_length', [r(m as Value)])).toEqual([60n]);
    const nodes = validate(m as Value);
    expect(nodes).toBeGreaterThan(20);
    // Slots are numbered from 10; the table holds every node but the root.
    const slots = ((((m as Value[])[2] as Value[])[1] as Value[])[0] as Value[])[0] as Value[];
    expect(slots[1]).toBe(BigInt(nodes - 1));
    expect(((m as Value[])[2] as Value[])[2]).toBe(BigInt(10 + nodes - 1));
    expect(call('prev_key', [r(m as Value), r(30n)])).toEqual([[[29n]]]);
    expect(call('next_key', [r(m as Value), r(30n)])).toEqual([[[31n]]]);
    expect(call('next_key', [r(m as Value), r(60n)])).toEqual([[[]]]);
    expect(call('borrow_back', [r(m as Value)])[0]).toBe(60n);
    expect(call('front_key', [r(m as Value)])).toEqual([1n]);
    // Walk forward and back with iterators.
    let it = call('internal_new_begin_iter', [r(m as Value)])[0] as Value;
    const seen: bigint[] = [];
    while (!(call('iter_is_end', [r(it), r(m as Value)])[0] as boolean)) {
      seen.push(deref(call('iter_borrow_key', [r(it)], ['u64'])[0] as Value) as bigint);
      it = call('iter_next', [it, r(m as Value)])[0] as Value;
    }
    expect(seen.length).toBe(60);
    const back = call('iter_prev', [it, r(m as Value)])[0] as Value;
    expect(deref(call('iter_borrow', [back, r(m as Value)])[0] as Value)).toBe(600n);
    for (const k of order.slice(0, 45)) {
      expect(call('remove', [r(m as Value), r(k)])).toEqual([k * 10n]);
      validate(m as Value);
    }
    expect(keys(m as Value)).toEqual(order.slice(45).sort((a, b) => Number(a - b)));
    expect(failure(() => call('remove', [r(m as Value), r(order[0] as bigint)]))).toContain(
      'Move abort in 0x1::big_ordered_map: EKEY_NOT_FOUND(0x10002)',
    );
    while (!(call('is_empty', [r(m as Value)])[0] as boolean)) call('pop_front', [r(m as Value)]);
    expect(validate(m as Value)).toBe(1);
    expect(call('destroy_empty', [m as Value])).toEqual([]);
  });

  it('reuses freed slots when asked, and serializes as the enum a node stores', () => {
    const [m] = call('new_with_config', [4, 3, true]);
    call('allocate_spare_slots', [r(m as Value), 2n]);
    const alloc = (m as Value[])[2] as Value[];
    expect([alloc[2], alloc[4], alloc[5]]).toEqual([12n, 11n, 2]);
    for (let k = 1n; k <= 8n; k += 1n) call('add', [r(m as Value), k, k]);
    validate(m as Value);
    // The spare slots went first (11, then 10), fresh ones after.
    expect(alloc[5]).toBe(0);
    for (let k = 1n; k <= 8n; k += 1n) call('remove', [r(m as Value), r(k)]);
    expect(validate(m as Value)).toBe(1);
    expect(alloc[5]).toBeGreaterThan(0);
    const [plain] = call('new_with_config', [4, 3, false]);
    expect(failure(() => call('allocate_spare_slots', [r(plain as Value), 1n]))).toContain(
      'Move abort in 0x1::storage_slots_allocator',
    );
    const ty = parseTy('0x1::big_ordered_map::BigOrderedMap<u64, u64>');
    const [small] = call('new_from', [[2n], [3n]]);
    // variant 0, root V1 (0, leaf, one entry: key, Child::Leaf 1, value, prev, next), allocator V1
    // with no slots, min 1, max 1, constant sizes, degrees 512 and 256.
    expect(Buffer.from(serialize(ty, small as Value, session.layout)).toString('hex')).toBe(
      '0000' +
        '01' +
        '00' +
        '01' +
        '0200000000000000' +
        '01' +
        '0300000000000000' +
        '0000000000000000' +
        '0000000000000000' +
        '00' +
        '00' +
        '0a00000000000000' +
        '00' +
        '0000000000000000' +
        '00000000' +
        '0100000000000000' +
        '0100000000000000' +
        '01' +
        '0002' +
        '0001',
    );
  });
});

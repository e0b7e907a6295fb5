/**
 * `0x1::smart_table` (aptos_std), natively, with the Move module's layout, hashing, bucket
 * splitting and abort codes, so the resource a user module stores and the table items its
 * buckets write are the ones a node writes:
 *
 * - `SmartTable<K, V> { buckets: TableWithLength<u64, vector<Entry<K, V>>>, num_buckets: u64,
 *   level: u8, size: u64, split_load_threshold: u8, target_bucket_size: u64 }`,
 *   `Entry<K, V> { hash: u64, key: K, value: V }` (layouts in `framework/vmLayouts.ts`);
 * - an entry's hash is `aptos_hash::sip_hash_from_value(&key)`: SipHash-2-4 (keys 0, 0) of the
 *   key's BCS bytes; its bucket `hash % 2^(level+1)`, or `% 2^level` when that bucket is not
 *   split yet (linear hashing);
 * - `add` splits one bucket when `size * 100 / num_buckets / target_bucket_size` reaches
 *   `split_load_threshold`; the split keeps the entries that stay in the old bucket's front
 *   (`vector::partition`) and moves the rest in reverse order (`vector::trim_reverse`), as the
 *   Move code does, so bucket contents match item for item; `remove` is `vector::swap_remove`;
 * - the first `add` to a table with `target_bucket_size == 0` sets it to
 *   `max(1024 / max(bcs_size(entry), 1), 1)`.
 *
 * Aborts (`0x1::smart_table`): `ENOT_FOUND` 0x10001, `ENOT_EMPTY` 0x10003, `EALREADY_EXIST`
 * 0x10004, `EINVALID_LOAD_THRESHOLD_PERCENT` 0x10005, `EINVALID_TARGET_BUCKET_SIZE` 0x10006,
 * `EEXCEED_MAX_BUCKET_SIZE` 0x50007, and `keys_paginated`'s uncategorized `EINVALID_BUCKET_INDEX`
 * 8 and `EINVALID_VECTOR_INDEX` 9; `add_all` with unequal lengths aborts in `0x1::vector`
 * (`ESIZE_MISMATCH` 0x20002) before adding anything. `load_factor` of a table whose target size
 * is still 0 divides by zero (`ARITHMETIC_ERROR`), as on a node.
 *
 * Gas is an approximation: the native base per call, the BCS and SipHash charges per key, and a
 * small charge per entry scanned or moved (a node runs these loops as bytecode).
 */
import type { LongAddress } from '../../../encoding.ts';
import { BytecodeAbort, vmError } from '../errors.ts';
import type { NativeHost, NativeImpl } from '../loader.ts';
import { GAS_PARAMS } from '../ops.ts';
import type { Ty } from '../ty.ts';
import { T } from '../ty.ts';
import type { Value } from '../values.ts';
import { copyValue, Ref, serialize, valueEquals } from '../values.ts';
import { sipHash24 } from './sipHash.ts';

const FRAMEWORK = `0x${'0'.repeat(63)}1` as LongAddress;
/** `hash.sip_hash.base` and `per_byte` of the gas schedule (internal units). */
const SIP_BASE = 3676;
const SIP_PER_BYTE = 183;
/** Per entry scanned or moved: about the bytecode of one loop iteration. */
const PER_ENTRY = 735;

const ERRORS: Record<string, { name: string; doc: string }> = {
  '65537': { name: 'ENOT_FOUND', doc: 'Key not found in the smart table' },
  '65539': { name: 'ENOT_EMPTY', doc: 'Cannot destroy non-empty hashmap' },
  '65540': { name: 'EALREADY_EXIST', doc: 'Key already exists' },
  '65541': {
    name: 'EINVALID_LOAD_THRESHOLD_PERCENT',
    doc: 'Invalid load threshold percent to trigger split.',
  },
  '65542': { name: 'EINVALID_TARGET_BUCKET_SIZE', doc: 'Invalid target bucket size.' },
  '327687': { name: 'EEXCEED_MAX_BUCKET_SIZE', doc: 'Invalid target bucket size.' },
  '8': { name: 'EINVALID_BUCKET_INDEX', doc: 'Invalid bucket index.' },
  '9': { name: 'EINVALID_VECTOR_INDEX', doc: 'Invalid vector index within a bucket.' },
};
const abort = (code: bigint): never => {
  throw new BytecodeAbort('0x1::smart_table', code, ERRORS[code.toString()] ?? null);
};
const ENOT_FOUND = 0x10001n;

const deref = (v: Value): Value => (v instanceof Ref ? (v.c[v.i] as Value) : v);

export const entryTy = (k: Ty, v: Ty): Ty =>
  T.struct({ address: FRAMEWORK, module: 'smart_table', name: 'Entry' }, [k, v]);

/** Field indexes of `SmartTable`. */
const BUCKETS = 0;
const NUM_BUCKETS = 1;
const LEVEL = 2;
const SIZE = 3;
const THRESHOLD = 4;
const TARGET = 5;

type Entry = [bigint, Value, Value];

/** A smart table value with its type arguments and the running VM. */
class Smart {
  readonly f: Value[];
  private readonly k: Ty;
  private readonly bucketTy: Ty;

  constructor(
    private readonly host: NativeHost,
    tys: readonly Ty[],
    table: Value,
  ) {
    this.f = deref(table) as Value[];
    this.k = tys[0] as Ty;
    this.bucketTy = T.vector(entryTy(this.k, tys[1] as Ty));
  }

  get numBuckets(): bigint {
    return this.f[NUM_BUCKETS] as bigint;
  }
  get level(): number {
    return this.f[LEVEL] as number;
  }
  get size(): bigint {
    return this.f[SIZE] as bigint;
  }

  private cell(index: bigint): Value[] {
    const twl = this.f[BUCKETS] as Value[];
    const handle = (twl[0] as Value[])[0] as LongAddress;
    return this.host.session.tableItem(handle, T.u64, this.bucketTy, index).cell;
  }

  /** `table_with_length::borrow(_mut)(&buckets, index)`. */
  bucket(index: bigint): Entry[] {
    const cell = this.cell(index);
    if (cell[0] === undefined) throw new BytecodeAbort('0x1::table', 0x6500n, null);
    return cell[0] as unknown as Entry[];
  }

  addBucket(index: bigint, entries: Entry[]): void {
    const cell = this.cell(index);
    if (cell[0] !== undefined) throw new BytecodeAbort('0x1::table', 0x6400n, null);
    cell[0] = entries as unknown as Value;
    const twl = this.f[BUCKETS] as Value[];
    twl[1] = (twl[1] as bigint) + 1n;
  }

  removeBucket(index: bigint): Entry[] {
    const cell = this.cell(index);
    const entries = cell[0];
    if (entries === undefined) throw new BytecodeAbort('0x1::table', 0x6500n, null);
    cell[0] = undefined as unknown as Value;
    const twl = this.f[BUCKETS] as Value[];
    twl[1] = (twl[1] as bigint) - 1n;
    return entries as unknown as Entry[];
  }

  hash(key: Value): bigint {
    const bytes = serialize(this.k, deref(key), this.host.layout.bind(this.host));
    this.host.charge(
      GAS_PARAMS.perByteSerialized * bytes.length + SIP_BASE + SIP_PER_BYTE * bytes.length,
    );
    return sipHash24(bytes);
  }

  indexOf(hash: bigint): bigint {
    return bucketIndex(this.level, this.numBuckets, hash);
  }

  /** The entry of `key` in its bucket: `[bucket, position]`, position -1 when absent. */
  find(key: Value, hash = this.hash(key)): [Entry[], number] {
    const bucket = this.bucket(this.indexOf(hash));
    this.host.charge(PER_ENTRY * bucket.length);
    const k = deref(key);
    return [bucket, bucket.findIndex((e) => valueEquals(e[1], k))];
  }

  loadFactor(): bigint {
    const target = this.f[TARGET] as bigint;
    if (target === 0n) throw vmError('ARITHMETIC_ERROR');
    return (this.size * 100n) / this.numBuckets / target;
  }

  add(key: Value, value: Value): void {
    const hash = this.hash(key);
    const bucket = this.bucket(this.indexOf(hash));
    if (bucket.length > 10000) abort(0x50007n);
    this.host.charge(PER_ENTRY * bucket.length);
    const k = deref(key);
    if (bucket.some((e) => valueEquals(e[1], k))) abort(0x10004n);
    const entry: Entry = [hash, k, value];
    if (this.f[TARGET] === 0n) {
      const entrySize = this.entrySize(entry);
      this.f[TARGET] = maxBig(1024n / maxBig(entrySize, 1n), 1n);
    }
    bucket.push(entry);
    this.f[SIZE] = this.size + 1n;
    if (this.loadFactor() >= BigInt(this.f[THRESHOLD] as number)) this.split();
  }

  /** `size_of_val(&entry)`: the BCS size of `Entry<K, V>`. */
  private entrySize(entry: Entry): bigint {
    const ty = (this.bucketTy as { elem: Ty }).elem;
    return BigInt(
      serialize(ty, entry as unknown as Value, this.host.layout.bind(this.host)).length,
    );
  }

  /** `split_one_bucket`. */
  split(): void {
    const newIndex = this.numBuckets;
    const toSplit = newIndex ^ (1n << BigInt(this.level));
    this.f[NUM_BUCKETS] = newIndex + 1n;
    if (toSplit + 1n === 1n << BigInt(this.level)) this.f[LEVEL] = this.level + 1;
    const old = this.bucket(toSplit);
    this.host.charge(PER_ENTRY * old.length);
    const stays = (e: Entry) => this.indexOf(e[0]) !== newIndex;
    // vector::partition: [0, p) satisfy the predicate, the order of the rest follows the swaps.
    let i = 0;
    while (i < old.length && stays(old[i] as Entry)) i += 1;
    let p = i;
    for (i += 1; i < old.length; i += 1) {
      if (stays(old[i] as Entry)) {
        [old[p], old[i]] = [old[i] as Entry, old[p] as Entry];
        p += 1;
      }
    }
    // vector::trim_reverse(old, p): pops the tail into a new vector.
    const moved: Entry[] = [];
    while (old.length > p) moved.push(old.pop() as Entry);
    this.addBucket(newIndex, moved);
  }
}

const maxBig = (a: bigint, b: bigint): bigint => (a > b ? a : b);

/** `bucket_index(level, num_buckets, hash)`. */
export function bucketIndex(level: number, numBuckets: bigint, hash: bigint): bigint {
  const index = hash % (1n << BigInt(level + 1));
  return index < numBuckets ? index : index % (1n << BigInt(level));
}

const newWithConfig = (
  host: NativeHost,
  tys: readonly Ty[],
  initial: bigint,
  threshold: number,
  target: bigint,
): Value => {
  if (threshold > 100) abort(0x10005n);
  const value: Value[] = [
    [[host.session.newTableHandle()], 0n],
    1n,
    0,
    0n,
    threshold === 0 ? 75 : threshold,
    target,
  ];
  const table = new Smart(host, tys, value);
  table.addBucket(0n, []);
  for (let n = initial === 0n ? 2n : initial; n > 1n; n -= 1n) table.split();
  return value;
};

const keysPaginated = (
  table: Smart,
  startBucket: bigint,
  startVector: bigint,
  count: bigint,
): [Value[], bigint, bigint] => {
  const keys: Value[] = [];
  if (count === 0n) return [keys, 0n, 0n];
  const n = table.numBuckets;
  if (startBucket >= n) abort(8n);
  let bucketIdx = startBucket;
  let bucket = table.bucket(bucketIdx);
  if (startVector !== 0n && startVector >= BigInt(bucket.length)) abort(9n);
  let vectorIdx = startVector;
  let checked = 0n;
  while (bucketIdx < n) {
    bucket = table.bucket(bucketIdx);
    const len = BigInt(bucket.length);
    while (vectorIdx < len) {
      keys.push(copyValue((bucket[Number(vectorIdx)] as Entry)[1]));
      checked += 1n;
      vectorIdx += 1n;
      if (checked === count) {
        if (vectorIdx === len) {
          vectorIdx = 0n;
          bucketIdx += 1n;
          if (bucketIdx >= n) bucketIdx = 0n;
        }
        return [keys, bucketIdx, vectorIdx];
      }
    }
    bucketIdx += 1n;
    vectorIdx = 0n;
  }
  return [keys, 0n, 0n];
};

const clear = (table: Smart): void => {
  const first = table.bucket(0n);
  first.length = 0;
  for (let i = 1n; i < table.numBuckets; i += 1n) table.removeBucket(i);
  table.f[NUM_BUCKETS] = 1n;
  table.f[LEVEL] = 0;
  table.f[SIZE] = 0n;
};

const destroyEmpty = (table: Smart): void => {
  if (table.size !== 0n) abort(0x10003n);
  for (let i = 0n; i < table.numBuckets; i += 1n) {
    if (table.removeBucket(i).length !== 0) throw vmError('VECTOR_OPERATION_ERROR');
  }
  // table_with_length::destroy_empty: the length is 0 once every bucket is removed.
};

const on =
  (
    run: (table: Smart, args: Value[], host: NativeHost, tys: readonly Ty[]) => Value[],
  ): NativeImpl =>
  (host, tys, [table, ...args]) => {
    host.charge(GAS_PARAMS.nativeBase);
    return run(new Smart(host, tys, table as Value), args, host, tys);
  };

const borrow = on((table, [key]) => {
  const [bucket, i] = table.find(key as Value);
  if (i < 0) abort(ENOT_FOUND);
  return [new Ref(bucket[i] as unknown as Value[], 2)];
});
const contains = (table: Smart, key: Value): boolean => {
  const hash = table.hash(key);
  const bucket = table.bucket(table.indexOf(hash));
  const k = deref(key);
  return bucket.some((e) => e[0] === hash && valueEquals(e[1], k));
};

/** The natives of `0x1::smart_table`, by function name. */
export const SMART_TABLE: ReadonlyArray<[string, NativeImpl]> = [
  ['new', (host, tys) => [newWithConfig(host, tys, 0n, 0, 0n)]],
  [
    'new_with_config',
    (host, tys, [initial, threshold, target]) => [
      newWithConfig(host, tys, initial as bigint, threshold as number, target as bigint),
    ],
  ],
  ['add', on((table, [key, value]) => (table.add(key as Value, value as Value), []))],
  [
    'add_all',
    on((table, [keys, values]) => {
      const ks = keys as Value[];
      const vs = values as Value[];
      if (ks.length !== vs.length) throw new BytecodeAbort('0x1::vector', 0x20002n, null);
      ks.forEach((key, i) => table.add(key, vs[i] as Value));
      return [];
    }),
  ],
  [
    'upsert',
    on((table, [key, value]) => {
      const [bucket, i] = table.find(key as Value);
      if (i < 0) table.add(key as Value, value as Value);
      else (bucket[i] as Entry)[2] = value as Value;
      return [];
    }),
  ],
  [
    'remove',
    on((table, [key]) => {
      const [bucket, i] = table.find(key as Value);
      if (i < 0) abort(ENOT_FOUND);
      const last = bucket.pop() as Entry;
      const removed = i === bucket.length ? last : (bucket[i] as Entry);
      if (i !== bucket.length) bucket[i] = last;
      table.f[SIZE] = table.size - 1n;
      return [removed[2]];
    }),
  ],
  ['contains', on((table, [key]) => [contains(table, key as Value)])],
  ['borrow', borrow],
  ['borrow_mut', borrow],
  [
    'borrow_with_default',
    on((table, [key, fallback]) => {
      if (!contains(table, key as Value)) return [fallback as Value];
      const [bucket, i] = table.find(key as Value);
      return [new Ref(bucket[i] as unknown as Value[], 2)];
    }),
  ],
  [
    'borrow_mut_with_default',
    on((table, [key, fallback]) => {
      if (!contains(table, key as Value))
        table.add(copyValue(deref(key as Value)), fallback as Value);
      const [bucket, i] = table.find(key as Value);
      return [new Ref(bucket[i] as unknown as Value[], 2)];
    }),
  ],
  ['length', on((table) => [table.size])],
  ['load_factor', on((table) => [table.loadFactor()])],
  [
    'update_split_load_threshold',
    on((table, [threshold]) => {
      const t = threshold as number;
      if (t > 100 || t === 0) abort(0x10005n);
      table.f[THRESHOLD] = t;
      return [];
    }),
  ],
  [
    'update_target_bucket_size',
    on((table, [target]) => {
      if (target === 0n) abort(0x10006n);
      table.f[TARGET] = target as bigint;
      return [];
    }),
  ],
  [
    'keys_paginated',
    on((table, [startBucket, startVector, count]) =>
      keysPaginated(table, startBucket as bigint, startVector as bigint, count as bigint),
    ),
  ],
  ['keys', on((table) => [keysPaginated(table, 0n, 0n, table.size)[0]])],
  [
    'to_simple_map',
    on((table) => {
      const data: Value[] = [];
      for (let i = 0n; i < table.numBuckets; i += 1n) {
        for (const e of table.bucket(i)) data.push([copyValue(e[1]), copyValue(e[2])]);
      }
      return [[data]];
    }),
  ],
  ['clear', on((table) => (clear(table), []))],
  ['destroy_empty', on((table) => (destroyEmpty(table), []))],
  [
    'destroy',
    on((table) => {
      clear(table);
      destroyEmpty(table);
      return [];
    }),
  ],
  ['num_buckets', on((table) => [table.numBuckets])],
  ['borrow_buckets', on((table) => [new Ref(table.f, BUCKETS)])],
  ['borrow_buckets_mut', on((table) => [new Ref(table.f, BUCKETS)])],
  [
    'borrow_kv',
    (_h, _t, [e]) => {
      const fields = deref(e as Value) as Value[];
      return [new Ref(fields, 1), new Ref(fields, 2)];
    },
  ],
  [
    'borrow_kv_mut',
    (_h, _t, [e]) => {
      const fields = deref(e as Value) as Value[];
      return [new Ref(fields, 1), new Ref(fields, 2)];
    },
  ],
];

/** `aptos_hash::sip_hash` and `sip_hash_from_value`. */
export const SIP_HASH: ReadonlyArray<[string, NativeImpl]> = [
  [
    'sip_hash',
    (host, _t, [bytes]) => {
      const b = Uint8Array.from(deref(bytes as Value) as number[]);
      host.charge(SIP_BASE + SIP_PER_BYTE * b.length);
      return [sipHash24(b)];
    },
  ],
  [
    'sip_hash_from_value',
    (host, tys, [v]) => {
      const b = serialize(tys[0] as Ty, deref(v as Value), host.layout.bind(host));
      host.charge(GAS_PARAMS.perByteSerialized * b.length + SIP_BASE + SIP_PER_BYTE * b.length);
      return [sipHash24(b)];
    },
  ],
];

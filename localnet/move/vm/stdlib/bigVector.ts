/**
 * `aptos_std::big_vector` natively: `BigVector<T> { buckets: TableWithLength<u64, vector<T>>,
 * end_index, bucket_size }`. Every public function keeps the Move code's invariant (buckets
 * `0..n` full but the last, which is never empty), so the table after a call follows from the
 * elements in order: the functions here compute the elements as the Move code leaves them and
 * rewrite the buckets that changed (`swap_remove` puts the last element at `i`, `remove` shifts,
 * `append` takes `other`'s first half by `swap_remove` then the rest by `pop_back`).
 *
 * Aborts (`0x1::big_vector`): `EINDEX_OUT_OF_BOUNDS` 0x10001, `EVECTOR_NOT_EMPTY` 0x10002,
 * `EVECTOR_EMPTY` 0x30003. `empty` and `singleton` are friend functions (of smart_vector): no
 * bytecode outside 0x1 can make a BigVector, so they are not natives here.
 */
import type { LongAddress } from '../../../encoding.ts';
import { BytecodeAbort } from '../errors.ts';
import type { NativeHost, NativeImpl, NativeSession } from '../loader.ts';
import { GAS_PARAMS } from '../ops.ts';
import type { Ty } from '../ty.ts';
import { T } from '../ty.ts';
import type { Value } from '../values.ts';
import { copyValue, Ref, valueEquals } from '../values.ts';

const fail = (code: bigint): never => {
  throw new BytecodeAbort('0x1::big_vector', code, null);
};
const deref = (v: Value): Value => (v instanceof Ref ? (v.c[v.i] as Value) : v);
/** About one iteration of the Move loops. */
const PER_ELEMENT = 735;

/** A new, empty big vector's value (what the friend `empty(bucket_size)` returns). */
export const emptyBigVector = (session: NativeSession, bucketSize: bigint): Value => [
  [[session.newTableHandle()], 0n],
  0n,
  bucketSize,
];

/** One big vector: its fields and the table cells of its buckets. */
class Big {
  readonly f: Value[];
  constructor(
    private readonly host: NativeHost,
    readonly elem: Ty,
    v: Value,
  ) {
    this.f = deref(v) as Value[];
  }

  get length(): bigint {
    return this.f[1] as bigint;
  }
  private get size(): bigint {
    return this.f[2] as bigint;
  }
  private get buckets(): Value[] {
    return this.f[0] as Value[];
  }

  cell(index: bigint): Value[] {
    const handle = (this.buckets[0] as Value[])[0] as LongAddress;
    return this.host.session.tableItem(handle, T.u64, T.vector(this.elem), index).cell;
  }
  bucket(index: bigint): Value[] {
    return this.cell(index)[0] as Value[];
  }

  elements(): Value[] {
    const out: Value[] = [];
    const count = this.buckets[1] as bigint;
    for (let i = 0n; i < count; i += 1n) out.push(...this.bucket(i));
    this.host.charge(PER_ELEMENT * out.length);
    return out;
  }

  /** Rewrites the buckets for `elements`: full ones, the last non-empty, none past it. */
  set(elements: Value[]): void {
    this.host.charge(PER_ELEMENT * elements.length);
    const size = Number(this.size);
    const before = this.buckets[1] as bigint;
    const after = BigInt(Math.ceil(elements.length / size));
    for (let i = 0n; i < after; i += 1n) {
      const slice = elements.slice(Number(i) * size, (Number(i) + 1) * size);
      const cell = this.cell(i);
      const old = cell[0] as Value[] | undefined;
      const same =
        old !== undefined && old.length === slice.length && old.every((v, k) => v === slice[k]);
      if (!same) cell[0] = slice;
    }
    for (let i = after; i < before; i += 1n) this.cell(i)[0] = undefined as unknown as Value;
    this.buckets[1] = after;
    this.f[1] = BigInt(elements.length);
  }

  change<R>(run: (elements: Value[]) => R): R {
    const elements = this.elements();
    const result = run(elements);
    this.set(elements);
    return result;
  }

  /** The `i`th element's bucket and index, after the `EINDEX_OUT_OF_BOUNDS` check. */
  locate(i: bigint): [Value[], number] {
    if (i >= this.length) fail(0x10001n);
    return [this.bucket(i / this.size), Number(i % this.size)];
  }

  pushBack(val: Value): void {
    const count = this.buckets[1] as bigint;
    if (this.length === count * this.size) {
      this.cell(count)[0] = [val];
      this.buckets[1] = count + 1n;
    } else this.bucket(count - 1n).push(val);
    this.f[1] = this.length + 1n;
  }

  popBack(): Value {
    if (this.length === 0n) fail(0x30003n);
    return this.change((e) => e.pop() as Value);
  }
}

function swapRemove(items: Value[], i: number): Value {
  const last = items.pop() as Value;
  if (i === items.length) return last;
  const removed = items[i] as Value;
  items[i] = last;
  return removed;
}

const on =
  (run: (big: Big, args: Value[], host: NativeHost) => Value[]): NativeImpl =>
  (host, tys, [v, ...args]) => {
    host.charge(GAS_PARAMS.nativeBase);
    return run(new Big(host, tys[0] as Ty, v as Value), args, host);
  };

const indexOf = (big: Big, val: Value): [boolean, bigint] => {
  const target = deref(val);
  const at = big.elements().findIndex((e) => valueEquals(e, target));
  return at < 0 ? [false, 0n] : [true, BigInt(at)];
};

export const BIG_VECTOR: ReadonlyArray<[string, NativeImpl]> = [
  [
    'destroy_empty',
    on((big) => {
      if (big.length !== 0n) fail(0x10002n);
      return [];
    }),
  ],
  [
    'destroy',
    on((big) => {
      big.set([]);
      return [];
    }),
  ],
  ...(['borrow', 'borrow_mut'] as const).map((name): [string, NativeImpl] => [
    name,
    on((big, [i]) => {
      const [bucket, at] = big.locate(i as bigint);
      return [new Ref(bucket, at)];
    }),
  ]),
  [
    'append',
    on((big, [other], host) => {
      const from = new Big(host, big.elem, other as Value);
      const source = from.elements();
      const half = Math.floor(source.length / 2);
      const moved: Value[] = [];
      for (let i = 0; i < half; i += 1) moved.push(swapRemove(source, i));
      while (source.length > 0) moved.push(source.pop() as Value);
      from.set([]);
      for (const val of moved) big.pushBack(val);
      return [];
    }),
  ],
  [
    'push_back',
    on((big, [val]) => {
      big.pushBack(val as Value);
      return [];
    }),
  ],
  ['pop_back', on((big) => [big.popBack()])],
  [
    'remove',
    on((big, [i]) => {
      if ((i as bigint) >= big.length) fail(0x10001n);
      return [big.change((e) => e.splice(Number(i as bigint), 1)[0] as Value)];
    }),
  ],
  [
    'swap_remove',
    on((big, [i]) => {
      if ((i as bigint) >= big.length) fail(0x10001n);
      return [big.change((e) => swapRemove(e, Number(i as bigint)))];
    }),
  ],
  [
    'swap',
    on((big, [i, j]) => {
      if ((i as bigint) >= big.length || (j as bigint) >= big.length) fail(0x10001n);
      big.change((e) => {
        const [a, b] = [Number(i as bigint), Number(j as bigint)];
        [e[a], e[b]] = [e[b] as Value, e[a] as Value];
      });
      return [];
    }),
  ],
  [
    'reverse',
    on((big) => {
      big.change((e) => void e.reverse());
      return [];
    }),
  ],
  [
    'index_of',
    on((big, [val]) => {
      const [found, at] = indexOf(big, val as Value);
      return [found, at];
    }),
  ],
  ['contains', on((big, [val]) => [big.length !== 0n && indexOf(big, val as Value)[0]])],
  ['to_vector', on((big) => [big.elements().map((e) => copyValue(e))])],
  ['length', on((big) => [big.length])],
  ['is_empty', on((big) => [big.length === 0n])],
];

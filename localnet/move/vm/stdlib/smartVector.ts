/**
 * `0x1::smart_vector` (aptos_std) natively, over `0x1::big_vector`'s layout:
 *
 * - `SmartVector<T> { inline_vec: vector<T>, big_vec: Option<BigVector<T>>,
 *   inline_capacity: Option<u64>, bucket_size: Option<u64> }`,
 *   `BigVector<T> { buckets: TableWithLength<u64, vector<T>>, end_index: u64, bucket_size: u64 }`;
 * - `push_back` keeps values inline while `size_of_val(&val) * (inline_len + 1) < 150` (or below
 *   `inline_capacity` when configured), then creates the big vector with bucket size
 *   `max(1024 / max((size_of_val(&inline_vec) + val_size) / (inline_len + 1), 1), 1)` (or the
 *   configured one); the big vector is destroyed when it empties (`pop_back`, `remove`,
 *   `swap_remove`), and a later overflow makes a new one (a new table handle), as the Move code
 *   does;
 * - a big vector's buckets are always full but the last, which is never empty (big_vector's
 *   invariant), so its table items follow from its elements: bucket `i` holds elements
 *   `[i * bucket_size, (i + 1) * bucket_size)`.
 *
 * Aborts (`0x1::smart_vector`): `EINDEX_OUT_OF_BOUNDS` 0x10001, `EVECTOR_NOT_EMPTY` 0x10002,
 * `EVECTOR_EMPTY` 0x30003, `EZERO_BUCKET_SIZE` 0x10004. `reverse` runs the Move algorithm step by
 * step (it may move values between the inline part and the big vector).
 */
import type { LongAddress } from '../../../encoding.ts';
import { BytecodeAbort } from '../errors.ts';
import type { NativeHost, NativeImpl } from '../loader.ts';
import { GAS_PARAMS } from '../ops.ts';
import type { Ty } from '../ty.ts';
import { T } from '../ty.ts';
import type { Value } from '../values.ts';
import { copyValue, Ref, serialize, valueEquals } from '../values.ts';

const REASONS: Record<string, { name: string; doc: string }> = {
  '10001': { name: 'EINDEX_OUT_OF_BOUNDS', doc: 'Vector index is out of bounds' },
  '10002': { name: 'EVECTOR_NOT_EMPTY', doc: 'Cannot destroy a non-empty vector' },
  '30003': { name: 'EVECTOR_EMPTY', doc: 'Cannot pop back from an empty vector' },
  '10004': { name: 'EZERO_BUCKET_SIZE', doc: 'bucket_size cannot be 0' },
};
const abort = (code: bigint): never => {
  throw new BytecodeAbort('0x1::smart_vector', code, REASONS[code.toString(16)] ?? null);
};
const deref = (v: Value): Value => (v instanceof Ref ? (v.c[v.i] as Value) : v);
/** Per element moved or scanned: about one iteration of the Move loops. */
const PER_ELEMENT = 735;

/** A smart vector value and the VM. Field 1 (`big_vec`) is `[[]]` or `[[bigVector]]`. */
class Smart {
  readonly f: Value[];
  private readonly elem: Ty;

  constructor(
    private readonly host: NativeHost,
    tys: readonly Ty[],
    v: Value,
  ) {
    this.f = deref(v) as Value[];
    this.elem = tys[0] as Ty;
  }

  get inline(): Value[] {
    return this.f[0] as Value[];
  }
  private get bigOption(): Value[] {
    return (this.f[1] as Value[])[0] as Value[];
  }
  private get big(): Value[] | null {
    return (this.bigOption[0] as Value[] | undefined) ?? null;
  }
  private option(i: number): bigint | null {
    return (((this.f[i] as Value[])[0] as Value[])[0] as bigint | undefined) ?? null;
  }

  length(): bigint {
    const big = this.big;
    return BigInt(this.inline.length) + (big === null ? 0n : (big[1] as bigint));
  }

  private sizeOf(ty: Ty, v: Value): bigint {
    return BigInt(serialize(ty, v, this.host.layout.bind(this.host)).length);
  }

  // ---- the big vector: buckets in a TableWithLength<u64, vector<T>>

  private cell(big: Value[], index: bigint): Value[] {
    const handle = ((big[0] as Value[])[0] as Value[])[0] as LongAddress;
    return this.host.session.tableItem(handle, T.u64, T.vector(this.elem), index).cell;
  }

  private bucket(big: Value[], index: bigint): Value[] {
    const found = this.cell(big, index)[0];
    if (found === undefined) throw new BytecodeAbort('0x1::table', 0x6500n, null);
    return found as Value[];
  }

  private bigElements(big: Value[]): Value[] {
    const out: Value[] = [];
    const count = (big[0] as Value[])[1] as bigint;
    for (let i = 0n; i < count; i += 1n) out.push(...this.bucket(big, i));
    return out;
  }

  /** Rewrites the buckets for `elements` (full buckets, the last one non-empty). */
  private setBig(big: Value[], elements: Value[]): void {
    this.host.charge(PER_ELEMENT * elements.length);
    const size = Number(big[2] as bigint);
    const twl = big[0] as Value[];
    const before = twl[1] as bigint;
    const after = BigInt(Math.ceil(elements.length / size));
    for (let i = 0n; i < after; i += 1n) {
      const slice = elements.slice(Number(i) * size, (Number(i) + 1) * size);
      const cell = this.cell(big, i);
      if (cell[0] === undefined) cell[0] = slice;
      else {
        const bucket = cell[0] as Value[];
        bucket.length = 0;
        bucket.push(...slice);
      }
    }
    for (let i = after; i < before; i += 1n) this.cell(big, i)[0] = undefined as unknown as Value;
    twl[1] = after;
    big[1] = BigInt(elements.length);
  }

  private newBig(bucketSize: bigint): Value[] {
    const big: Value[] = [[[this.host.session.newTableHandle()], 0n], 0n, bucketSize];
    this.bigOption.push(big);
    return big;
  }

  /** Runs `change` on the big vector's elements; destroys it when it ends empty. */
  private onBig<R>(change: (elements: Value[]) => R): R {
    const big = this.big as Value[];
    const elements = this.bigElements(big);
    const result = change(elements);
    this.setBig(big, elements);
    if (elements.length === 0) this.bigOption.pop();
    return result;
  }

  // ---- the Move functions

  pushBack(val: Value): void {
    const len = this.length();
    const inlineLen = BigInt(this.inline.length);
    if (len === inlineLen) {
      let bucketSize: bigint;
      const capacity = this.option(2);
      if (capacity !== null) {
        if (len < capacity) {
          this.inline.push(val);
          return;
        }
        bucketSize = this.option(3) as bigint;
      } else {
        const valSize = this.sizeOf(this.elem, val);
        if (valSize * (inlineLen + 1n) < 150n) {
          this.inline.push(val);
          return;
        }
        const inlineSize = this.sizeOf(T.vector(this.elem), this.inline);
        const average = max((inlineSize + valSize) / (inlineLen + 1n), 1n);
        bucketSize = max(1024n / average, 1n);
      }
      this.newBig(bucketSize);
    }
    const big = this.big as Value[];
    const size = big[2] as bigint;
    const end = big[1] as bigint;
    if (end % size === 0n) this.cell(big, end / size)[0] = [val];
    else this.bucket(big, end / size).push(val);
    if (end % size === 0n) (big[0] as Value[])[1] = end / size + 1n;
    big[1] = end + 1n;
  }

  popBack(): Value {
    if (this.length() === 0n) abort(0x30003n);
    if (this.big !== null) return this.onBig((e) => e.pop() as Value);
    return this.inline.pop() as Value;
  }

  remove(i: bigint): Value {
    if (i >= this.length()) abort(0x10001n);
    const inlineLen = BigInt(this.inline.length);
    if (i < inlineLen) {
      this.host.charge(PER_ELEMENT * (this.inline.length - Number(i)));
      return this.inline.splice(Number(i), 1)[0] as Value;
    }
    return this.onBig((e) => e.splice(Number(i - inlineLen), 1)[0] as Value);
  }

  swapRemove(i: bigint): Value {
    const len = this.length();
    if (i >= len) abort(0x10001n);
    const inlineLen = BigInt(this.inline.length);
    if (i >= inlineLen) return this.onBig((e) => swapRemove(e, Number(i - inlineLen)));
    if (inlineLen < len) this.inline.push(this.onBig((e) => e.pop() as Value));
    return swapRemove(this.inline, Number(i));
  }

  /** The `i`th element's container and index. */
  locate(i: bigint): [Value[], number] {
    if (i >= this.length()) abort(0x10001n);
    const inlineLen = BigInt(this.inline.length);
    if (i < inlineLen) return [this.inline, Number(i)];
    const big = this.big as Value[];
    const j = i - inlineLen;
    const size = big[2] as bigint;
    return [this.bucket(big, j / size), Number(j % size)];
  }

  swap(i: bigint, j: bigint): void {
    if (i > j) [i, j] = [j, i];
    if (j >= this.length()) abort(0x10001n);
    // Every branch of the Move code ends with the two elements exchanged in place.
    const [ci, ii] = this.locate(i);
    const [cj, ij] = this.locate(j);
    [ci[ii], cj[ij]] = [cj[ij] as Value, ci[ii] as Value];
  }

  reverse(): void {
    const inlineLen = this.inline.length;
    const fresh: Value[] = [];
    for (let k = 0; k < inlineLen; k += 1) fresh.push(this.popBack());
    fresh.reverse();
    if (this.big !== null) this.onBig((e) => e.reverse());
    const temp: Value[] = [];
    while (this.inline.length > 0) temp.push(this.inline.pop() as Value);
    temp.reverse();
    while (fresh.length > 0) this.inline.push(fresh.pop() as Value);
    while (temp.length > 0) this.pushBack(temp.pop() as Value);
  }

  elements(): Value[] {
    const big = this.big;
    return big === null ? [...this.inline] : [...this.inline, ...this.bigElements(big)];
  }

  clear(): void {
    this.inline.length = 0;
    if (this.big !== null) this.onBig((e) => void (e.length = 0));
  }
}

const max = (a: bigint, b: bigint): bigint => (a > b ? a : b);
function swapRemove(items: Value[], i: number): Value {
  const last = items.pop() as Value;
  if (i === items.length) return last;
  const removed = items[i] as Value;
  items[i] = last;
  return removed;
}

const emptyVector = (capacity: bigint | null, bucketSize: bigint | null): Value => [
  [],
  [[]],
  [capacity === null ? [] : [capacity]],
  [bucketSize === null ? [] : [bucketSize]],
];

const on =
  (run: (v: Smart, args: Value[]) => Value[]): NativeImpl =>
  (host, tys, [v, ...args]) => {
    host.charge(GAS_PARAMS.nativeBase);
    return run(new Smart(host, tys, v as Value), args);
  };

const destroyEmpty = on((v) => {
  if (v.length() !== 0n) abort(0x10002n);
  return [];
});

/** The natives of `0x1::smart_vector`, by function name. */
export const SMART_VECTOR: ReadonlyArray<[string, NativeImpl]> = [
  ['new', () => [emptyVector(null, null)]],
  ['empty', () => [emptyVector(null, null)]],
  [
    'empty_with_config',
    (_h, _t, [capacity, bucketSize]) => {
      if (bucketSize === 0n) abort(0x10004n);
      return [emptyVector(capacity as bigint, bucketSize as bigint)];
    },
  ],
  [
    'singleton',
    (host, tys, [element]) => {
      const v = emptyVector(null, null);
      new Smart(host, tys, v).pushBack(element as Value);
      return [v];
    },
  ],
  ['destroy_empty', destroyEmpty],
  [
    'destroy',
    on((v) => {
      v.clear();
      return [];
    }),
  ],
  ['clear', on((v) => (v.clear(), []))],
  [
    'borrow',
    on((v, [i]) => {
      const [c, at] = v.locate(i as bigint);
      return [new Ref(c, at)];
    }),
  ],
  [
    'borrow_mut',
    on((v, [i]) => {
      const [c, at] = v.locate(i as bigint);
      return [new Ref(c, at)];
    }),
  ],
  ['push_back', on((v, [val]) => (v.pushBack(val as Value), []))],
  [
    'add_all',
    on((v, [vals]) => {
      for (const val of vals as Value[]) v.pushBack(val);
      return [];
    }),
  ],
  ['pop_back', on((v) => [v.popBack()])],
  ['remove', on((v, [i]) => [v.remove(i as bigint)])],
  ['swap_remove', on((v, [i]) => [v.swapRemove(i as bigint)])],
  ['swap', on((v, [i, j]) => (v.swap(i as bigint, j as bigint), []))],
  ['reverse', on((v) => (v.reverse(), []))],
  [
    'append',
    (host, tys, [lhs, other]) => {
      host.charge(GAS_PARAMS.nativeBase);
      const left = new Smart(host, tys, lhs as Value);
      const right = new Smart(host, tys, other as Value);
      const otherLen = right.length();
      const half = otherLen / 2n;
      let i = 0n;
      for (; i < half; i += 1n) left.pushBack(right.swapRemove(i));
      for (; i < otherLen; i += 1n) left.pushBack(right.popBack());
      return [];
    },
  ],
  [
    'index_of',
    on((v, [val]) => {
      const target = deref(val as Value);
      const i = v.elements().findIndex((e) => valueEquals(e, target));
      return i < 0 ? [false, 0n] : [true, BigInt(i)];
    }),
  ],
  [
    'contains',
    on((v, [val]) => {
      const target = deref(val as Value);
      return [v.elements().some((e) => valueEquals(e, target))];
    }),
  ],
  ['to_vector', on((v) => [v.elements().map(copyValue)])],
  ['length', on((v) => [v.length()])],
  ['is_empty', on((v) => [v.length() === 0n])],
];

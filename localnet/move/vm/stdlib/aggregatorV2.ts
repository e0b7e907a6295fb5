/**
 * `0x1::aggregator_v2` natively, as aptos-core's natives
 * (`aptos-move/framework/src/natives/aggregator_natives/aggregator_v2.rs`) without delayed fields:
 * the values live in the structs, so an aggregator in a resource is stored as a node stores it.
 *
 * - `Aggregator<T> { value, max_value }`, `AggregatorSnapshot<T> { value }` with `T` u64 or u128
 *   (else `EUNSUPPORTED_AGGREGATOR_TYPE` 0x30007, or `EUNSUPPORTED_AGGREGATOR_SNAPSHOT_TYPE`
 *   0x30005 for snapshots); `add` / `sub` abort `EAGGREGATOR_OVERFLOW` 0x20001 /
 *   `EAGGREGATOR_UNDERFLOW` 0x20002 where `try_add` / `try_sub` answer false.
 * - `DerivedStringSnapshot { value: String, padding: vector<u8> }`: the padding fills the struct to
 *   the width a node reserves for the string (`types/src/delayed_fields.rs`), so its BCS size is
 *   the node's; strings over 1,024 bytes abort `EINPUT_STRING_LENGTH_TOO_LARGE` 0x30008.
 * - `copy_snapshot` and `string_concat` are deprecated: `EAGGREGATOR_FUNCTION_NOT_YET_SUPPORTED`
 *   0x30009.
 *
 * Gas: each native's `aptos_framework.aggregator_v2.*` parameters of the v1.48.0 schedule.
 */
import { BytecodeAbort } from '../errors.ts';
import type { NativeHost, NativeImpl } from '../loader.ts';
import type { Ty } from '../ty.ts';
import { K } from '../ty.ts';
import type { Value } from '../values.ts';
import { Ref } from '../values.ts';

const GAS = {
  createAggregator: 18_380,
  tryAdd: 11_020,
  trySub: 11_020,
  isAtLeast: 5_000,
  read: 22_050,
  snapshot: 11_020,
  createSnapshot: 11_020,
  createSnapshotPerByte: 30,
  readSnapshot: 22_050,
  stringConcat: 11_020,
  stringConcatPerByte: 30,
} as const;

const EUNSUPPORTED_SNAPSHOT_TYPE = 0x30005n;
const EUNSUPPORTED_TYPE = 0x30007n;
const EINPUT_STRING_LENGTH_TOO_LARGE = 0x30008n;
const ENOT_YET_SUPPORTED = 0x30009n;
const MAX_STRING_INPUT = 1024;
/** Decimal digits of u64::MAX and u128::MAX. */
const U64_DIGITS = 20;
const U128_DIGITS = 39;

const abort = (code: bigint): never => {
  throw new BytecodeAbort('0x1::aggregator_v2', code, null);
};
const deref = (v: Value): Value => (v instanceof Ref ? (v.c[v.i] as Value) : v);
const fields = (v: Value | undefined): Value[] => deref(v as Value) as Value[];

/** The integer type's maximum, aborting with `code` for any other type. */
function maxOf(tys: readonly Ty[], code: bigint): bigint {
  const k = (tys[0] as Ty).k;
  if (k === K.U64) return (1n << 64n) - 1n;
  if (k === K.U128) return (1n << 128n) - 1n;
  return abort(code);
}

const ulebSize = (n: number): number => {
  let size = 1;
  while (n >= 0x80) {
    size += 1;
    n >>>= 7;
  }
  return size;
};
const byteArraySize = (n: number): number => ulebSize(n) + n;

/** `bytes_and_width_to_derived_string_struct`: the string, padded to `width` BCS bytes. */
const derived = (bytes: number[], width: number): Value => [
  [bytes],
  new Array<Value>(width - byteArraySize(bytes.length) - 1).fill(0),
];
const stringBytes = (s: Value | undefined): number[] => fields(s)[0] as number[];

const tryAdd = (agg: Value[], amount: bigint): boolean => {
  const next = (agg[0] as bigint) + amount;
  if (next > (agg[1] as bigint)) return false;
  agg[0] = next;
  return true;
};
const trySub = (agg: Value[], amount: bigint): boolean => {
  if ((agg[0] as bigint) < amount) return false;
  agg[0] = (agg[0] as bigint) - amount;
  return true;
};

function create(host: NativeHost, tys: readonly Ty[], max: bigint | null): Value[] {
  host.charge(GAS.createAggregator);
  const limit = maxOf(tys, EUNSUPPORTED_TYPE);
  return [0n, max ?? limit];
}

/** `[function, implementation]` of `0x1::aggregator_v2`. */
export const AGGREGATOR_V2: ReadonlyArray<[string, NativeImpl]> = [
  ['create_aggregator', (host, tys, [max]) => [create(host, tys, max as bigint)]],
  ['create_unbounded_aggregator', (host, tys) => [create(host, tys, null)]],
  [
    'create_aggregator_with_value',
    (host, tys, [start, max]) => {
      const agg = create(host, tys, max as bigint);
      host.charge(GAS.tryAdd);
      if (!tryAdd(agg, start as bigint)) abort(0x20001n);
      return [agg];
    },
  ],
  [
    'create_unbounded_aggregator_with_value',
    (host, tys, [start]) => {
      const agg = create(host, tys, null);
      host.charge(GAS.tryAdd);
      if (!tryAdd(agg, start as bigint)) abort(0x20001n);
      return [agg];
    },
  ],
  ['max_value', (_h, _t, [agg]) => [fields(agg)[1] as Value]],
  [
    'try_add',
    (host, tys, [agg, amount]) => {
      host.charge(GAS.tryAdd);
      maxOf(tys, EUNSUPPORTED_TYPE);
      return [tryAdd(fields(agg), amount as bigint)];
    },
  ],
  [
    'add',
    (host, tys, [agg, amount]) => {
      host.charge(GAS.tryAdd);
      maxOf(tys, EUNSUPPORTED_TYPE);
      if (!tryAdd(fields(agg), amount as bigint)) abort(0x20001n);
      return [];
    },
  ],
  [
    'try_sub',
    (host, tys, [agg, amount]) => {
      host.charge(GAS.trySub);
      maxOf(tys, EUNSUPPORTED_TYPE);
      return [trySub(fields(agg), amount as bigint)];
    },
  ],
  [
    'sub',
    (host, tys, [agg, amount]) => {
      host.charge(GAS.trySub);
      maxOf(tys, EUNSUPPORTED_TYPE);
      if (!trySub(fields(agg), amount as bigint)) abort(0x20002n);
      return [];
    },
  ],
  [
    'is_at_least',
    (host, tys, [agg, min]) => {
      host.charge(GAS.isAtLeast);
      maxOf(tys, EUNSUPPORTED_TYPE);
      return [(fields(agg)[0] as bigint) >= (min as bigint)];
    },
  ],
  [
    'read',
    (host, tys, [agg]) => {
      host.charge(GAS.read);
      maxOf(tys, EUNSUPPORTED_TYPE);
      return [fields(agg)[0] as Value];
    },
  ],
  [
    'snapshot',
    (host, tys, [agg]) => {
      host.charge(GAS.snapshot);
      maxOf(tys, EUNSUPPORTED_TYPE);
      return [[fields(agg)[0] as Value]];
    },
  ],
  [
    'create_snapshot',
    (host, tys, [value]) => {
      host.charge(GAS.createSnapshot);
      maxOf(tys, EUNSUPPORTED_SNAPSHOT_TYPE);
      return [[value as Value]];
    },
  ],
  ['copy_snapshot', () => abort(ENOT_YET_SUPPORTED)],
  [
    'read_snapshot',
    (host, tys, [snapshot]) => {
      host.charge(GAS.readSnapshot);
      maxOf(tys, EUNSUPPORTED_SNAPSHOT_TYPE);
      return [fields(snapshot)[0] as Value];
    },
  ],
  ['string_concat', () => abort(ENOT_YET_SUPPORTED)],
  [
    'read_derived_string',
    (host, _t, [snapshot]) => {
      host.charge(GAS.readSnapshot);
      return [[[...stringBytes(fields(snapshot)[0])]]];
    },
  ],
  [
    'create_derived_string',
    (host, _t, [value]) => {
      host.charge(GAS.createSnapshot);
      const bytes = stringBytes(value);
      host.charge(GAS.createSnapshotPerByte * bytes.length);
      if (bytes.length > MAX_STRING_INPUT) abort(EINPUT_STRING_LENGTH_TOO_LARGE);
      // Wide enough for the string, and for a u64 id exchanged for it.
      const width = Math.max(byteArraySize(bytes.length) + 1, U64_DIGITS + 2);
      return [derived(bytes, width)];
    },
  ],
  [
    'derive_string_concat',
    (host, tys, [before, snapshot, after]) => {
      host.charge(GAS.stringConcat);
      const suffix = stringBytes(after);
      host.charge(GAS.stringConcatPerByte * suffix.length);
      const prefix = stringBytes(before);
      host.charge(GAS.stringConcatPerByte * prefix.length);
      if (prefix.length + suffix.length > MAX_STRING_INPUT) abort(EINPUT_STRING_LENGTH_TOO_LARGE);
      const digits = maxOf(tys, EUNSUPPORTED_SNAPSHOT_TYPE) > 1n << 64n ? U128_DIGITS : U64_DIGITS;
      const width = byteArraySize(prefix.length + suffix.length + digits) + 1;
      const middle = Array.from(Buffer.from((fields(snapshot)[0] as bigint).toString()));
      return [derived([...prefix, ...middle, ...suffix], width)];
    },
  ],
];

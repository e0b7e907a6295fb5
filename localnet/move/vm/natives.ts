/**
 * Kept as one piece: a table of small registrations (`def(module, name, impl)`) grouped by
 * module; splitting it would only move the table around.
 *
 * Natives of `std` and `aptos_std` that bytecode calls: vector, bcs, hash, signer, string,
 * type_name, error, option, table, table_with_length, type_info, from_bcs, aptos_hash.
 * On Aptos several of these (option, most of vector and string, table's public API) are Move
 * code in the framework; `0x1` has no bytecode here, so they are implemented natively with the
 * framework's semantics and abort codes.
 */
import { createHash } from 'node:crypto';
import { keccak_256 } from '@noble/hashes/sha3';
import type { LongAddress } from '../../encoding.ts';
import { BytecodeAbort, vmError } from './errors.ts';
import type { NativeHost, NativeImpl } from './loader.ts';
import { GAS_PARAMS } from './ops.ts';
import type { Ty } from './ty.ts';
import { K, T, tyString } from './ty.ts';
import type { Value } from './values.ts';
import { copyValue, deserialize, Ref, serialize, valueEquals, ValueError } from './values.ts';
import { STDLIB_NATIVES } from './stdlib/index.ts';

const FRAMEWORK = `0x${'0'.repeat(63)}1` as LongAddress;

const deref = (v: Value): Value => (v instanceof Ref ? (v.c[v.i] as Value) : v);
const vec = (v: Value): Value[] => deref(v) as Value[];
const u64 = (v: Value): bigint => v as bigint;
const abort = (module: string, code: bigint): never => {
  throw new BytecodeAbort(`0x1::${module}`, code, null);
};
const ty0 = (tys: readonly Ty[]): Ty => tys[0] as Ty;
const bytesOf = (v: Value): Uint8Array => Uint8Array.from(vec(v) as number[]);
const toBytes = (b: Uint8Array): Value[] => Array.from(b);
const str = (text: string): Value => [Array.from(Buffer.from(text, 'utf8'))];

// std::vector aborts
const EINDEX_OUT_OF_BOUNDS = 0x20000n;

const table = new Map<string, NativeImpl>();
const def = (module: string, name: string, impl: NativeImpl) =>
  table.set(`${module}::${name}`, impl);

// ---------------------------------------------------------------------------------------------
// vector

def('vector', 'empty', () => [[]]);
def('vector', 'singleton', (_h, _t, [v]) => [[v as Value]]);
def('vector', 'length', (_h, _t, [v]) => [BigInt(vec(v as Value).length)]);
def('vector', 'is_empty', (_h, _t, [v]) => [vec(v as Value).length === 0]);
def('vector', 'borrow', (_h, _t, [v, i]) => {
  const items = vec(v as Value);
  if (u64(i as Value) >= BigInt(items.length)) throw vmError('VECTOR_OPERATION_ERROR');
  return [new Ref(items, Number(i))];
});
table.set('vector::borrow_mut', table.get('vector::borrow') as NativeImpl);
def('vector', 'push_back', (_h, _t, [v, e]) => (vec(v as Value).push(e as Value), []));
def('vector', 'pop_back', (_h, _t, [v]) => {
  const items = vec(v as Value);
  if (items.length === 0) throw vmError('VECTOR_OPERATION_ERROR');
  return [items.pop() as Value];
});
def('vector', 'destroy_empty', (_h, _t, [v]) => {
  if ((v as Value[]).length !== 0) throw vmError('VECTOR_OPERATION_ERROR');
  return [];
});
def('vector', 'swap', (_h, _t, [v, i, j]) => {
  const items = vec(v as Value);
  const a = Number(i);
  const b = Number(j);
  if (a >= items.length || b >= items.length) throw vmError('VECTOR_OPERATION_ERROR');
  [items[a], items[b]] = [items[b] as Value, items[a] as Value];
  return [];
});
def('vector', 'reverse', (_h, _t, [v]) => (vec(v as Value).reverse(), []));
def('vector', 'append', (_h, _t, [v, other]) => (vec(v as Value).push(...(other as Value[])), []));
def('vector', 'contains', (_h, _t, [v, e]) => [
  vec(v as Value).some((item) => valueEquals(item, e as Value)),
]);
def('vector', 'index_of', (_h, _t, [v, e]) => {
  const index = vec(v as Value).findIndex((item) => valueEquals(item, e as Value));
  return [index >= 0, BigInt(Math.max(index, 0))];
});
def('vector', 'remove', (_h, _t, [v, i]) => {
  const items = vec(v as Value);
  if (u64(i as Value) >= BigInt(items.length)) abort('vector', EINDEX_OUT_OF_BOUNDS);
  return items.splice(Number(i), 1);
});
def('vector', 'swap_remove', (_h, _t, [v, i]) => {
  const items = vec(v as Value);
  const index = Number(i);
  // The Move code asserts non-empty, then `swap(i, last)` fails as the instruction does.
  if (items.length === 0) abort('vector', EINDEX_OUT_OF_BOUNDS);
  if (u64(i as Value) >= BigInt(items.length)) throw vmError('VECTOR_OPERATION_ERROR');
  const last = items.pop() as Value;
  if (index === items.length) return [last];
  const removed = items[index] as Value;
  items[index] = last;
  return [removed];
});
// `insert(self, i, e)`: the index before the element.
def('vector', 'insert', (_h, _t, [v, i, e]) => {
  const items = vec(v as Value);
  if (u64(i as Value) > BigInt(items.length)) abort('vector', EINDEX_OUT_OF_BOUNDS);
  items.splice(Number(i), 0, e as Value);
  return [];
});
def('vector', 'trim', (_h, _t, [v, n]) => {
  const items = vec(v as Value);
  if (u64(n as Value) > BigInt(items.length)) abort('vector', EINDEX_OUT_OF_BOUNDS);
  return [items.splice(Number(n))];
});
def('vector', 'slice', (_h, _t, [v, a, b]) => {
  const items = vec(v as Value);
  if (u64(a as Value) > u64(b as Value) || u64(b as Value) > BigInt(items.length))
    abort('vector', 0x20004n);
  return [items.slice(Number(a), Number(b)).map(copyValue)];
});

// ---------------------------------------------------------------------------------------------
// signer, bcs, from_bcs, hash

def('signer', 'address_of', (_h, _t, [s]) => [deref(s as Value)]);
def('signer', 'borrow_address', (_h, _t, [s]) => [s as Ref]);
def('bcs', 'to_bytes', (host, tys, [v]) => {
  const bytes = serialize(ty0(tys), deref(v as Value), host.layout.bind(host));
  host.charge(GAS_PARAMS.perByteSerialized * bytes.length);
  return [toBytes(bytes)];
});
def('bcs', 'serialized_size', (host, tys, [v]) => [
  BigInt(serialize(ty0(tys), deref(v as Value), host.layout.bind(host)).length),
]);
const fromBytes: NativeImpl = (host, tys, [bytes]) => {
  try {
    return [deserialize(ty0(tys), bytesOf(bytes as Value), host.layout.bind(host))];
  } catch (error) {
    if (error instanceof ValueError) abort('from_bcs', 0x10001n);
    throw error;
  }
};
def('from_bcs', 'from_bytes', fromBytes);
for (const [name, ty] of [
  ['to_bool', T.bool],
  ['to_u8', T.u8],
  ['to_u16', T.u16],
  ['to_u32', T.u32],
  ['to_u64', T.u64],
  ['to_u128', T.u128],
  ['to_u256', T.u256],
  ['to_address', T.address],
  ['to_bytes', T.vector(T.u8)],
  ['to_string', T.struct({ address: FRAMEWORK, module: 'string', name: 'String' })],
] as const) {
  def('from_bcs', name, (host, _t, args) => fromBytes(host, [ty], args));
}

const digest =
  (algorithm: string) =>
  (host: NativeHost, _t: readonly Ty[], [v]: Value[]) => {
    const bytes = bytesOf(v as Value);
    host.charge(GAS_PARAMS.hashBase + GAS_PARAMS.hashPerByte * bytes.length);
    return [toBytes(new Uint8Array(createHash(algorithm).update(bytes).digest()))];
  };
def('hash', 'sha2_256', digest('sha256'));
def('hash', 'sha3_256', digest('sha3-256'));
def('aptos_hash', 'sha2_512', digest('sha512'));
def('aptos_hash', 'sha3_512', digest('sha3-512'));
def('aptos_hash', 'ripemd160', digest('ripemd160'));
// node:crypto has no Keccak-256 (SHA3 pads differently): the noble hashes the ts-sdk uses have it.
def('aptos_hash', 'keccak256', (host, _t, [v]) => {
  const bytes = bytesOf(v as Value);
  host.charge(GAS_PARAMS.hashBase + GAS_PARAMS.hashPerByte * bytes.length);
  return [toBytes(keccak_256(bytes))];
});

// ---------------------------------------------------------------------------------------------
// string (std::string aborts: EINVALID_UTF8 = 1, EINVALID_INDEX = 2)

const utf8Valid = (bytes: Uint8Array): boolean => {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
};
const isCharBoundary = (bytes: number[], i: number): boolean =>
  i === bytes.length || (i < bytes.length && ((bytes[i] as number) & 0xc0) !== 0x80);
const stringBytes = (s: Value): number[] => (deref(s) as Value[])[0] as number[];

def('string', 'utf8', (_h, _t, [b]) => {
  if (!utf8Valid(bytesOf(b as Value))) abort('string', 1n);
  return [[b as Value]];
});
def('string', 'try_utf8', (_h, _t, [b]) => [
  [utf8Valid(bytesOf(b as Value)) ? [[b as Value]] : []],
]);
def('string', 'bytes', (_h, _t, [s]) => [new Ref(deref(s as Value) as Value[], 0)]);
def('string', 'length', (_h, _t, [s]) => [BigInt(stringBytes(s as Value).length)]);
def('string', 'is_empty', (_h, _t, [s]) => [stringBytes(s as Value).length === 0]);
def(
  'string',
  'append',
  (_h, _t, [s, other]) => (
    stringBytes(s as Value).push(...((other as Value[])[0] as number[])),
    []
  ),
);
def('string', 'append_utf8', (_h, _t, [s, b]) => {
  if (!utf8Valid(bytesOf(b as Value))) abort('string', 1n);
  stringBytes(s as Value).push(...(b as number[]));
  return [];
});
def('string', 'insert', (_h, _t, [s, i, other]) => {
  const bytes = stringBytes(s as Value);
  const at = Number(i);
  if (at > bytes.length || !isCharBoundary(bytes, at)) abort('string', 2n);
  bytes.splice(at, 0, ...((other as Value[])[0] as number[]));
  return [];
});
def('string', 'sub_string', (host, _t, [s, i, j]) => {
  const bytes = stringBytes(s as Value);
  const a = Number(i);
  const b = Number(j);
  if (b > bytes.length || a > b || !isCharBoundary(bytes, a) || !isCharBoundary(bytes, b))
    abort('string', 2n);
  host.charge(1672 + 12 * (b - a));
  return [[bytes.slice(a, b)]];
});
def('string', 'index_of', (_h, _t, [s, r]) => {
  const hay = Buffer.from(stringBytes(s as Value));
  const needle = Buffer.from(stringBytes(r as Value));
  const index = hay.indexOf(needle);
  return [BigInt(index < 0 ? hay.length : index)];
});
def('string', 'internal_check_utf8', (_h, _t, [b]) => [utf8Valid(bytesOf(b as Value))]);
def('string', 'internal_is_char_boundary', (_h, _t, [b, i]) => [
  isCharBoundary(vec(b as Value) as number[], Number(i)),
]);
def('string', 'internal_sub_string', (_h, _t, [b, i, j]) => [
  (vec(b as Value) as number[]).slice(Number(i), Number(j)),
]);
def('string', 'internal_index_of', (_h, _t, [b, r]) => {
  const hay = Buffer.from(vec(b as Value) as number[]);
  const index = hay.indexOf(Buffer.from(vec(r as Value) as number[]));
  return [BigInt(index < 0 ? hay.length : index)];
});

// ---------------------------------------------------------------------------------------------
// error

const categories: Array<[string, bigint]> = [
  ['invalid_argument', 0x1n],
  ['out_of_range', 0x2n],
  ['invalid_state', 0x3n],
  ['unauthenticated', 0x4n],
  ['permission_denied', 0x5n],
  ['not_found', 0x6n],
  ['aborted', 0x7n],
  ['already_exists', 0x8n],
  ['resource_exhausted', 0x9n],
  ['cancelled', 0xan],
  ['internal', 0xbn],
  ['not_implemented', 0xcn],
  ['unavailable', 0xdn],
];
for (const [name, category] of categories)
  def('error', name, (_h, _t, [r]) => [(category << 16n) + u64(r as Value)]);
def('error', 'canonical', (_h, _t, [c, r]) => [(u64(c as Value) << 16n) + u64(r as Value)]);

// ---------------------------------------------------------------------------------------------
// option (std::option aborts: EOPTION_IS_SET 0x40000, EOPTION_NOT_SET 0x40001)

const inner = (o: Value): Value[] => (deref(o) as Value[])[0] as Value[];
const notSet = () => abort('option', 0x40001n);
def('option', 'none', () => [[[]]]);
def('option', 'some', (_h, _t, [e]) => [[[e as Value]]]);
def('option', 'from_vec', (_h, _t, [v]) => {
  if ((v as Value[]).length > 1) abort('option', 0x40002n);
  return [[v as Value]];
});
def('option', 'is_none', (_h, _t, [o]) => [inner(o as Value).length === 0]);
def('option', 'is_some', (_h, _t, [o]) => [inner(o as Value).length === 1]);
def('option', 'contains', (_h, _t, [o, e]) => [
  inner(o as Value).some((item) => valueEquals(item, e as Value)),
]);
def('option', 'borrow', (_h, _t, [o]) => {
  const items = inner(o as Value);
  if (items.length === 0) notSet();
  return [new Ref(items, 0)];
});
table.set('option::borrow_mut', table.get('option::borrow') as NativeImpl);
def('option', 'borrow_with_default', (_h, _t, [o, d]) => {
  const items = inner(o as Value);
  return [items.length === 0 ? (d as Value) : new Ref(items, 0)];
});
def('option', 'get_with_default', (_h, _t, [o, d]) => {
  const items = inner(o as Value);
  return [items.length === 0 ? (d as Value) : copyValue(items[0] as Value)];
});
def('option', 'fill', (_h, _t, [o, e]) => {
  const items = inner(o as Value);
  if (items.length !== 0) abort('option', 0x40000n);
  items.push(e as Value);
  return [];
});
def('option', 'extract', (_h, _t, [o]) => {
  const items = inner(o as Value);
  if (items.length === 0) notSet();
  return [items.pop() as Value];
});
def('option', 'swap', (_h, _t, [o, e]) => {
  const items = inner(o as Value);
  if (items.length === 0) notSet();
  const old = items[0] as Value;
  items[0] = e as Value;
  return [old];
});
def('option', 'swap_or_fill', (_h, _t, [o, e]) => {
  const items = inner(o as Value);
  const old: Value = items.length === 0 ? [] : [items[0] as Value];
  items[0] = e as Value;
  return [[old]];
});
def('option', 'destroy_with_default', (_h, _t, [o, d]) => {
  const items = inner(o as Value);
  return [items.length === 0 ? (d as Value) : (items[0] as Value)];
});
def('option', 'destroy_some', (_h, _t, [o]) => {
  const items = inner(o as Value);
  if (items.length === 0) notSet();
  return [items[0] as Value];
});
def('option', 'destroy_none', (_h, _t, [o]) => {
  if (inner(o as Value).length !== 0) abort('option', 0x40000n);
  return [];
});
def('option', 'to_vec', (_h, _t, [o]) => [inner(o as Value)]);

// ---------------------------------------------------------------------------------------------
// type_info, type_name

def('type_info', 'type_of', (_h, tys) => {
  const ty = ty0(tys);
  if (ty.k !== K.STRUCT) abort('type_info', 0x10001n);
  const s = (ty as { s: { address: string; module: string; name: string } }).s;
  const name = tyString(ty).split('::').slice(2).join('::');
  return [[s.address, Array.from(Buffer.from(s.module)), Array.from(Buffer.from(name))]];
});
def('type_info', 'type_name', (_h, tys) => [str(tyString(ty0(tys)))]);
def('type_info', 'chain_id', (host) => [host.session.ctx.chainId]);
def('type_info', 'account_address', (_h, _t, [info]) => [
  (deref(info as Value) as Value[])[0] as Value,
]);
def('type_info', 'module_name', (_h, _t, [info]) => [
  copyValue((deref(info as Value) as Value[])[1] as Value),
]);
def('type_info', 'struct_name', (_h, _t, [info]) => [
  copyValue((deref(info as Value) as Value[])[2] as Value),
]);
def('type_info', 'size_of_val', (host, tys, [v]) => [
  BigInt(serialize(ty0(tys), deref(v as Value), host.layout.bind(host)).length),
]);
def('type_name', 'get', (_h, tys) => [[str(tyString(ty0(tys)))]]);
def('type_name', 'with_defining_ids', (_h, tys) => [[str(tyString(ty0(tys)))]]);
def('type_name', 'into_string', (_h, _t, [n]) => [(n as Value[])[0] as Value]);
def('type_name', 'borrow_string', (_h, _t, [n]) => [new Ref(deref(n as Value) as Value[], 0)]);

// ---------------------------------------------------------------------------------------------
// table and table_with_length

const kv = (tys: readonly Ty[]): [Ty, Ty] => [tys[0] as Ty, tys[1] as Ty];
const handleOf = (t: Value): LongAddress => (deref(t) as Value[])[0] as LongAddress;
const item = (host: NativeHost, tys: readonly Ty[], t: Value, key: Value) => {
  const [k, v] = kv(tys);
  return host.session.tableItem(handleOf(t), k, v, deref(key));
};

const tableApi = (module: 'table' | 'table_with_length') => {
  // table_with_length wraps a Table in field 0 and counts in field 1.
  const wrapped = module === 'table_with_length';
  const tableOf = (t: Value): Value => (wrapped ? ((deref(t) as Value[])[0] as Value) : t);
  const count = (t: Value, delta: bigint) => {
    if (!wrapped) return;
    const fields = deref(t) as Value[];
    fields[1] = (fields[1] as bigint) + delta;
  };
  // The natives under both abort in `0x1::table`: ALREADY_EXISTS (100 << 8), NOT_FOUND (101 << 8).
  const missing = () => abort('table', 0x6500n);
  def(module, 'new', (host) => {
    const handle = host.session.newTableHandle();
    return [wrapped ? [[handle], 0n] : [handle]];
  });
  def(module, 'add', (host, tys, [t, key, value]) => {
    const entry = item(host, tys, tableOf(t as Value), key as Value);
    if (entry.cell[0] !== undefined) abort('table', 0x6400n);
    entry.cell[0] = value as Value;
    count(t as Value, 1n);
    return [];
  });
  const borrow: NativeImpl = (host, tys, [t, key]) => {
    const entry = item(host, tys, tableOf(t as Value), key as Value);
    if (entry.cell[0] === undefined) missing();
    return [new Ref(entry.cell, 0)];
  };
  def(module, 'borrow', borrow);
  def(module, 'borrow_mut', borrow);
  def(module, 'contains', (host, tys, [t, key]) => [
    item(host, tys, tableOf(t as Value), key as Value).cell[0] !== undefined,
  ]);
  def(module, 'remove', (host, tys, [t, key]) => {
    const entry = item(host, tys, tableOf(t as Value), key as Value);
    const value = entry.cell[0];
    if (value === undefined) missing();
    entry.cell[0] = undefined as unknown as Value;
    count(t as Value, -1n);
    return [value as Value];
  });
  def(module, 'upsert', (host, tys, [t, key, value]) => {
    const entry = item(host, tys, tableOf(t as Value), key as Value);
    if (entry.cell[0] === undefined) count(t as Value, 1n);
    entry.cell[0] = value as Value;
    return [];
  });
  def(module, 'borrow_with_default', (host, tys, [t, key, d]) => {
    const entry = item(host, tys, tableOf(t as Value), key as Value);
    return [entry.cell[0] === undefined ? (d as Value) : new Ref(entry.cell, 0)];
  });
  def(module, 'borrow_mut_with_default', (host, tys, [t, key, d]) => {
    const entry = item(host, tys, tableOf(t as Value), key as Value);
    if (entry.cell[0] === undefined) {
      entry.cell[0] = d as Value;
      count(t as Value, 1n);
    }
    return [new Ref(entry.cell, 0)];
  });
  def(module, 'destroy_known_empty_unsafe', () => []);
  def(module, 'drop_unchecked', () => []);
  if (wrapped) {
    def(module, 'length', (_h, _t, [t]) => [(deref(t as Value) as Value[])[1] as Value]);
    def(module, 'empty', (_h, _t, [t]) => [(deref(t as Value) as Value[])[1] === 0n]);
    def(module, 'destroy_empty', (_h, _t, [t]) => {
      if ((t as Value[])[1] !== 0n) abort(module, 0x30066n);
      return [];
    });
  } else def(module, 'destroy', () => []);
};
tableApi('table');
tableApi('table_with_length');

// ---------------------------------------------------------------------------------------------
// math64, math128 (Move code in the framework; pure, so native here; pow, clamp, floor_log2, log2,
// mul_div, ceil_div, gcd in stdlib/math.ts)

for (const module of ['math64', 'math128'] as const) {
  def(module, 'max', (_h, _t, [a, b]) => [
    (a as bigint) > (b as bigint) ? (a as bigint) : (b as bigint),
  ]);
  def(module, 'min', (_h, _t, [a, b]) => [
    (a as bigint) < (b as bigint) ? (a as bigint) : (b as bigint),
  ]);
  def(module, 'average', (_h, _t, [a, b]) => [((a as bigint) + (b as bigint)) / 2n]);
  def(module, 'sqrt', (_h, _t, [x]) => {
    const v = x as bigint;
    if (v < 2n) return [v];
    let r = BigInt(Math.floor(Math.sqrt(Number(v))));
    while (r * r > v) r -= 1n;
    while ((r + 1n) * (r + 1n) <= v) r += 1n;
    return [r];
  });
}

// ---------------------------------------------------------------------------------------------
// simple_map (Move code in the framework): `SimpleMap { data: vector<Element { key, value }> }`

const entries = (m: Value): Value[][] => (deref(m) as Value[])[0] as Value[][];
const find = (m: Value, key: Value): number =>
  entries(m).findIndex((e) => valueEquals(e[0] as Value, deref(key)));
def('simple_map', 'new', () => [[[]]]);
def('simple_map', 'create', () => [[[]]]);
def('simple_map', 'length', (_h, _t, [m]) => [BigInt(entries(m as Value).length)]);
def('simple_map', 'contains_key', (_h, _t, [m, k]) => [find(m as Value, k as Value) >= 0]);
def('simple_map', 'add', (_h, _t, [m, k, v]) => {
  if (find(m as Value, k as Value) >= 0) abort('simple_map', 0x10001n);
  entries(m as Value).push([k as Value, v as Value]);
  return [];
});
def('simple_map', 'upsert', (_h, _t, [m, k, v]) => {
  const i = find(m as Value, k as Value);
  if (i < 0) {
    entries(m as Value).push([k as Value, v as Value]);
    return [[[]], [[]]];
  }
  const e = entries(m as Value)[i] as Value[];
  const old = [e[0] as Value, e[1] as Value];
  e[1] = v as Value;
  return [[[old[0] as Value]], [[old[1] as Value]]];
});
const borrowEntry: NativeImpl = (_h, _t, [m, k]) => {
  const i = find(m as Value, k as Value);
  if (i < 0) abort('simple_map', 0x10002n);
  return [new Ref(entries(m as Value)[i] as Value[], 1)];
};
def('simple_map', 'borrow', borrowEntry);
def('simple_map', 'borrow_mut', borrowEntry);
def('simple_map', 'remove', (_h, _t, [m, k]) => {
  const i = find(m as Value, k as Value);
  if (i < 0) abort('simple_map', 0x10002n);
  // `swap_remove`: the last element takes the removed one's place.
  const data = entries(m as Value);
  const last = data.pop() as Value[];
  const e = i === data.length ? last : (data[i] as Value[]);
  if (i < data.length) data[i] = last;
  return [e[0] as Value, e[1] as Value];
});
/**
 * `add_all`: the inlined `vector::zip` checks the lengths before the first `add`, aborting with
 * vector's code 0x20002 in simple_map itself (which names it EKEY_NOT_FOUND).
 */
const addAll = (m: Value, keys: Value[], values: Value[]): void => {
  if (keys.length !== values.length) abort('simple_map', 0x20002n);
  keys.forEach((k, i) => {
    if (find(m, k) >= 0) abort('simple_map', 0x10001n);
    entries(m).push([k, values[i] as Value]);
  });
};
def('simple_map', 'add_all', (_h, _t, [m, keys, values]) => {
  addAll(m as Value, keys as Value[], values as Value[]);
  return [];
});
def('simple_map', 'new_from', (_h, _t, [keys, values]) => {
  const m: Value = [[]];
  addAll(m, keys as Value[], values as Value[]);
  return [m];
});
def('simple_map', 'to_vec_pair', (_h, _t, [m]) => {
  const data = entries(m as Value);
  return [data.map((e) => e[0] as Value), data.map((e) => e[1] as Value)];
});
def('simple_map', 'keys', (_h, _t, [m]) => [
  entries(m as Value).map((e) => copyValue(e[0] as Value)),
]);
def('simple_map', 'values', (_h, _t, [m]) => [
  entries(m as Value).map((e) => copyValue(e[1] as Value)),
]);
def('simple_map', 'destroy_empty', (_h, _t, [m]) => {
  // `vector::destroy_empty` of the data: the instruction fails on a non-empty vector.
  if (entries(m as Value).length !== 0) throw vmError('VECTOR_OPERATION_ERROR');
  return [];
});

// ---------------------------------------------------------------------------------------------
// auth_data (account abstraction): `enum AbstractionAuthData { V1 { digest, authenticator }, … }`

// auth_data: `AbstractionAuthData` is `[variant, digest, …]` (V1: authenticator; DerivableV1:
// abstract_signature, abstract_public_key); the accessors of one variant abort on the other.
const authData = (d: Value, variant: number | null, field: number): Value[] => {
  const fields = deref(d) as Value[];
  if (variant !== null && fields[0] !== variant)
    abort('auth_data', variant === 0 ? 0x10001n : 0x10002n);
  return [new Ref(fields, field)];
};
def('auth_data', 'digest', (_h, _t, [d]) => authData(d as Value, null, 1));
def('auth_data', 'authenticator', (_h, _t, [d]) => authData(d as Value, 0, 2));
def('auth_data', 'is_derivable', (_h, _t, [d]) => [(deref(d as Value) as Value[])[0] === 1]);
def('auth_data', 'derivable_abstract_signature', (_h, _t, [d]) => authData(d as Value, 1, 2));
def('auth_data', 'derivable_abstract_public_key', (_h, _t, [d]) => authData(d as Value, 1, 3));
// ---------------------------------------------------------------------------------------------
// string_utils, smart_table, aptos_hash::sip_hash, … (`stdlib/`)

for (const [module, name, impl] of STDLIB_NATIVES) def(module, name, impl);

/** A std/aptos_std native of `0x1`, when there is one. */
export function stdNative(
  address: LongAddress,
  module: string,
  name: string,
): NativeImpl | undefined {
  if (address !== FRAMEWORK) return undefined;
  return table.get(`${module}::${name}`);
}

/** Every native's `module::function` (documentation and tests). */
export const STD_NATIVES: readonly string[] = [...table.keys()];

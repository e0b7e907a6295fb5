/**
 * `aptos_std::bcs_stream` natively: `BCSStream { data: vector<u8>, cur: u64 }` read as its Move
 * code reads it. `EMALFORMED_DATA` 0x10001 (a ULEB128 with lost bits, a trailing zero group or
 * past 64 bits, a bool byte other than 0/1), `EOUT_OF_BYTES` 0x20002 (past the data), a string's
 * invalid UTF-8 `0x1::string`'s `EINVALID_UTF8` 1 (no category, as `string::utf8` aborts); `cur + n` past u64 is
 * `ARITHMETIC_ERROR`.
 */
import { BytecodeAbort, vmError } from '../errors.ts';
import type { NativeHost, NativeImpl } from '../loader.ts';
import { GAS_PARAMS } from '../ops.ts';
import type { Value } from '../values.ts';
import { Ref } from '../values.ts';

const U64_MAX = (1n << 64n) - 1n;
/** About one step of the Move code (a byte read and shifted in). */
const PER_BYTE = 735;

const fail = (code: bigint): never => {
  throw new BytecodeAbort('0x1::bcs_stream', code, null);
};
const EMALFORMED_DATA = 0x10001n;
const EOUT_OF_BYTES = 0x20002n;

const streamOf = (v: Value | undefined): Value[] =>
  (v instanceof Ref ? v.c[v.i] : v) as unknown as Value[];

/** The data, the cursor, and `take(n)`: checks `cur + n <= len`, moves the cursor past n bytes. */
function reader(host: NativeHost, v: Value | undefined) {
  const stream = streamOf(v);
  const data = stream[0] as number[];
  const take = (n: bigint): number[] => {
    const cur = stream[1] as bigint;
    if (cur + n > U64_MAX) throw vmError('ARITHMETIC_ERROR');
    if (cur + n > BigInt(data.length)) fail(EOUT_OF_BYTES);
    host.charge(PER_BYTE * Number(n));
    stream[1] = cur + n;
    return data.slice(Number(cur), Number(cur + n));
  };
  return { stream, data, take };
}

/** Little-endian bytes to an integer. */
const le = (bytes: number[]): bigint => bytes.reduceRight((acc, b) => (acc << 8n) | BigInt(b), 0n);

function uleb128(host: NativeHost, v: Value | undefined): bigint {
  const { stream, data } = reader(host, v);
  let res = 0n;
  let shift = 0n;
  while ((stream[1] as bigint) < BigInt(data.length)) {
    const byte = data[Number(stream[1] as bigint)] as number;
    host.charge(PER_BYTE);
    stream[1] = (stream[1] as bigint) + 1n;
    const val = BigInt(byte & 0x7f);
    // `(val << shift) >> shift != val` in u64: bits shifted out.
    if (((val << shift) & U64_MAX) >> shift !== val) fail(EMALFORMED_DATA);
    res |= (val << shift) & U64_MAX;
    if ((byte & 0x80) === 0) {
      if (shift > 0n && val === 0n) fail(EMALFORMED_DATA);
      return res;
    }
    shift += 7n;
    if (shift > 64n) fail(EMALFORMED_DATA);
  }
  return fail(EOUT_OF_BYTES);
}

const on =
  (impl: (host: NativeHost, args: Value[]) => Value): NativeImpl =>
  (host, _tys, args) => {
    host.charge(GAS_PARAMS.nativeBase);
    return [impl(host, args)];
  };

const fixed = (bytes: number): NativeImpl =>
  on((host, [s]) => {
    const value = le(reader(host, s).take(BigInt(bytes)));
    return bytes <= 4 ? Number(value) : value;
  });

const U256: NativeImpl = on((host, [s]) => le(reader(host, s).take(32n)));

export const BCS_STREAM: ReadonlyArray<[string, NativeImpl]> = [
  ['new', on((_h, [data]) => [data as Value, 0n])],
  [
    'has_remaining',
    on((_h, [s]) => {
      const stream = streamOf(s);
      return (stream[1] as bigint) < BigInt((stream[0] as number[]).length);
    }),
  ],
  ['deserialize_uleb128', on((host, [s]) => uleb128(host, s))],
  [
    'deserialize_bool',
    on((host, [s]) => {
      const { stream, data } = reader(host, s);
      if ((stream[1] as bigint) >= BigInt(data.length)) fail(EOUT_OF_BYTES);
      const [byte] = reader(host, s).take(1n);
      if (byte === 0) return false;
      if (byte === 1) return true;
      return fail(EMALFORMED_DATA);
    }),
  ],
  [
    'deserialize_address',
    on((host, [s]) => `0x${Buffer.from(reader(host, s).take(32n)).toString('hex')}`),
  ],
  ['deserialize_u8', fixed(1)],
  ['deserialize_u16', fixed(2)],
  ['deserialize_u32', fixed(4)],
  ['deserialize_u64', fixed(8)],
  ['deserialize_u128', fixed(16)],
  ['deserialize_u256', U256],
  [
    'deserialize_u256_entry',
    (host, tys, [data, cursor]) => {
      U256(host, tys, [[data as Value, cursor as Value]]);
      return [];
    },
  ],
  [
    'deserialize_string',
    on((host, [s]) => {
      const len = uleb128(host, s);
      const bytes = reader(host, s).take(len);
      try {
        new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(bytes));
      } catch {
        throw new BytecodeAbort('0x1::string', 0x1n, null);
      }
      return [bytes];
    }),
  ],
];

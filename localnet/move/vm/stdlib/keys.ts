/**
 * aptos_std's account key modules natively, reading with `bcs_stream` as their Move code does:
 *
 * - `keyless::PublicKey { iss: String, idc: vector<u8> }`: `new` checks `iss` ≤ 120 bytes
 *   (`E_INVALID_ISSUER_UTF8_BYTES_LENGTH` 0x10003) then `idc` of 32 (0x10002);
 * - `federated_keyless::PublicKey { jwk_address, keyless_public_key }`;
 * - `single_key::AnyPublicKey`, an enum: Ed25519 (0), Secp256k1Ecdsa (1), Secp256r1Ecdsa (2),
 *   Keyless (3), FederatedKeyless (4), each `{ pk }`; another scheme aborts
 *   `E_INVALID_PUBLIC_KEY_TYPE` 0x10001; the authentication key is
 *   `sha3_256(bcs(key) ‖ scheme)` with scheme 2 (single key) or 3 (multi key);
 * - `multi_key::MultiKey { public_keys: vector<AnyPublicKey>, signatures_required: u8 }`:
 *   1 to 32 keys (0x10001, 0x10002), `signatures_required` ≤ the count (0x10003).
 *
 * `new_public_key_from_bytes` of each aborts 0x10001 (single key: 0x10002, multi key: 0x10004)
 * on bytes left over. The key constructors are the ed25519/secp256k1/secp256r1 natives.
 */
import { createHash } from 'node:crypto';
import { BytecodeAbort } from '../errors.ts';
import type { NativeHost, NativeImpl } from '../loader.ts';
import { GAS_PARAMS } from '../ops.ts';
import type { Ty } from '../ty.ts';
import { T } from '../ty.ts';
import type { Value } from '../values.ts';
import { Ref, serialize } from '../values.ts';
import { BCS_STREAM } from './bcsStream.ts';
import { ED25519 } from './crypto.ts';
import { SECP256K1 } from './cryptoCurves.ts';
import { SECP256R1 } from './stdSmall.ts';

const FRAMEWORK = `0x${'0'.repeat(63)}1`;
const deref = (v: Value): Value => (v instanceof Ref ? (v.c[v.i] as Value) : v);
const named = (list: ReadonlyArray<[string, NativeImpl]>, name: string): NativeImpl => {
  const found = list.find(([n]) => n === name)?.[1];
  if (found === undefined) throw new Error(`no native ${name}`);
  return found;
};
const fail = (module: string, code: bigint): never => {
  throw new BytecodeAbort(`0x1::${module}`, code, null);
};

/** The bcs_stream natives a key reader calls, on the stream `s` (a `&mut BCSStream`). */
const stream = (host: NativeHost, s: Value) => {
  const read = (name: string): Value => named(BCS_STREAM, name)(host, [], [s])[0] as Value;
  return {
    u8: () => read('deserialize_u8') as number,
    address: () => read('deserialize_address'),
    string: () => read('deserialize_string'),
    /** `deserialize_vector(stream, |x| deserialize_u8(x))`. */
    bytes: (): number[] => {
      const len = read('deserialize_uleb128') as bigint;
      const out: number[] = [];
      for (let i = 0n; i < len; i += 1n) out.push(read('deserialize_u8') as number);
      return out;
    },
    uleb128: () => read('deserialize_uleb128') as bigint,
    hasRemaining: () => read('has_remaining') as boolean,
  };
};

function keylessNew(iss: Value, idc: Value): Value {
  if (((iss as Value[])[0] as number[]).length > 120) fail('keyless', 0x10003n);
  if ((idc as number[]).length !== 32) fail('keyless', 0x10002n);
  return [iss, idc];
}

const readKeyless = (host: NativeHost, s: Value): Value => {
  const r = stream(host, s);
  const iss = r.string();
  return keylessNew(iss, r.bytes());
};
const readFederated = (host: NativeHost, s: Value): Value => {
  const jwk = stream(host, s).address();
  return [jwk, readKeyless(host, s)];
};

const ED25519_FROM = named(ED25519, 'new_unvalidated_public_key_from_bytes');
const SECP256K1_FROM = named(SECP256K1, 'ecdsa_raw_public_key_from_64_bytes');
const SECP256R1_FROM = named(SECP256R1, 'ecdsa_raw_public_key_from_64_bytes');

function readAnyKey(host: NativeHost, s: Value): Value {
  const r = stream(host, s);
  const scheme = r.u8();
  const key = (from: NativeImpl) => from(host, [], [r.bytes()])[0] as Value;
  switch (scheme) {
    case 0:
      return [0, key(ED25519_FROM)];
    case 1:
      return [1, key(SECP256K1_FROM)];
    case 2:
      return [2, key(SECP256R1_FROM)];
    case 3:
      return [3, readKeyless(host, s)];
    case 4:
      return [4, readFederated(host, s)];
    default:
      return fail('single_key', 0x10001n);
  }
}

function readMultiKey(host: NativeHost, s: Value): Value {
  const r = stream(host, s);
  const count = r.uleb128();
  const keys: Value[] = [];
  for (let i = 0n; i < count; i += 1n) keys.push(readAnyKey(host, s));
  return [keys, r.u8()];
}

/** `new_public_key_from_bytes`: read from a fresh stream, then no bytes may remain. */
const fromBytes =
  (module: string, extra: bigint, read: (host: NativeHost, s: Value) => Value): NativeImpl =>
  (host, _tys, [bytes]) => {
    host.charge(GAS_PARAMS.nativeBase);
    const s = new Ref([[bytes as Value, 0n]], 0);
    const key = read(host, s);
    if (stream(host, s).hasRemaining()) fail(module, extra);
    return [key];
  };
const fromStream =
  (read: (host: NativeHost, s: Value) => Value): NativeImpl =>
  (host, _tys, [s]) => {
    host.charge(GAS_PARAMS.nativeBase);
    return [read(host, s as Value)];
  };

const struct = (module: string, name: string): Ty =>
  T.struct({ address: FRAMEWORK as `0x${string}`, module, name });
const ANY_KEY = struct('single_key', 'AnyPublicKey');
const MULTI_KEY = struct('multi_key', 'MultiKey');

/** `sha3_256(bcs::to_bytes(key) ‖ scheme)`. */
const authKey =
  (ty: Ty, scheme: number): NativeImpl =>
  (host, _tys, [key]) => {
    const bytes = [...serialize(ty, deref(key as Value), host.layout.bind(host)), scheme];
    host.charge(
      GAS_PARAMS.perByteSerialized * bytes.length +
        GAS_PARAMS.hashBase +
        GAS_PARAMS.hashPerByte * bytes.length,
    );
    return [Array.from(createHash('sha3-256').update(Uint8Array.from(bytes)).digest())];
  };

const base =
  (impl: (args: Value[]) => Value): NativeImpl =>
  (host, _tys, args) => {
    host.charge(GAS_PARAMS.nativeBase);
    return [impl(args)];
  };

export const KEYLESS: ReadonlyArray<[string, NativeImpl]> = [
  ['new', base(([iss, idc]) => keylessNew(iss as Value, idc as Value))],
  ['deserialize_public_key', fromStream(readKeyless)],
  ['new_public_key_from_bytes', fromBytes('keyless', 0x10001n, readKeyless)],
];

export const FEDERATED_KEYLESS: ReadonlyArray<[string, NativeImpl]> = [
  ['new', base(([pk, jwk]) => [jwk as Value, pk as Value])],
  ['deserialize_public_key', fromStream(readFederated)],
  ['new_public_key_from_bytes', fromBytes('federated_keyless', 0x10001n, readFederated)],
];

export const SINGLE_KEY: ReadonlyArray<[string, NativeImpl]> = [
  ['new_public_key_from_bytes', fromBytes('single_key', 0x10002n, readAnyKey)],
  ['deserialize_any_public_key', fromStream(readAnyKey)],
  [
    'is_keyless_or_federated_keyless_public_key',
    base(([pk]) => {
      const variant = (deref(pk as Value) as Value[])[0];
      return variant === 3 || variant === 4;
    }),
  ],
  ['from_ed25519_public_key_unvalidated', base(([pk]) => [0, pk as Value])],
  ['from_ed25519_public_key', base(([pk]) => [0, [(pk as Value[])[0] as Value]])],
  ['to_authentication_key', authKey(ANY_KEY, 2)],
];

export const MULTI_KEY_NATIVES: ReadonlyArray<[string, NativeImpl]> = [
  ['new_public_key_from_bytes', fromBytes('multi_key', 0x10004n, readMultiKey)],
  [
    'new_multi_key_from_single_keys',
    base(([keys, required]) => {
      const count = (keys as Value[]).length;
      if (count === 0) fail('multi_key', 0x10001n);
      if (count > 32) fail('multi_key', 0x10002n);
      if ((required as number) > count) fail('multi_key', 0x10003n);
      return [keys as Value, required as Value];
    }),
  ],
  ['deserialize_multi_key', fromStream(readMultiKey)],
  ['to_authentication_key', authKey(MULTI_KEY, 3)],
];

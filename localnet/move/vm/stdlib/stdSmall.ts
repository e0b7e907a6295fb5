/**
 * Small aptos_std functions that are Move code around natives:
 *
 * - `aptos_hash::blake2b_256` (behind the `BLAKE2B_256` feature, else `E_NATIVE_FUN_NOT_AVAILABLE`
 *   0x30001) and `sha2_512_value<T>` (`sha2_512` of the value's BCS, behind
 *   `SHA_512_AND_RIPEMD_160`);
 * - `debug::print<T>` formats the value with `string_utils::debug_string` (its gas and aborts) and
 *   prints nothing, `print_stack_trace` prints nothing: a node's `native_print` and
 *   `native_stack_trace` only write in a test build;
 * - `secp256r1`'s raw public key: 64 bytes, else `E_DESERIALIZE` 0x10001.
 */
import { createHash } from 'node:crypto';
import { blake2b } from '@noble/hashes/blake2b';
import { BytecodeAbort } from '../errors.ts';
import type { NativeHost, NativeImpl } from '../loader.ts';
import { GAS_PARAMS } from '../ops.ts';
import type { Ty } from '../ty.ts';
import type { Value } from '../values.ts';
import { Ref, serialize } from '../values.ts';
import { FEATURES } from './features.ts';
import { STRING_UTILS } from './stringUtils.ts';

const deref = (v: Value): Value => (v instanceof Ref ? (v.c[v.i] as Value) : v);

const named = (list: ReadonlyArray<[string, NativeImpl]>, name: string): NativeImpl => {
  const found = list.find(([n]) => n === name)?.[1];
  if (found === undefined) throw new Error(`no native ${name}`);
  return found;
};
const BLAKE2B_ENABLED = named(FEATURES, 'blake2b_256_enabled');
const SHA512_ENABLED = named(FEATURES, 'sha_512_and_ripemd_160_enabled');
const DEBUG_STRING = named(STRING_UTILS, 'debug_string');

/** The feature check of `aptos_hash`'s wrappers, then the digest of `bytes`. */
function gated(host: NativeHost, enabled: NativeImpl, bytes: Uint8Array, hash: () => Uint8Array) {
  if (enabled(host, [], [])[0] !== true) {
    throw new BytecodeAbort('0x1::aptos_hash', 0x30001n, null);
  }
  host.charge(GAS_PARAMS.hashBase + GAS_PARAMS.hashPerByte * bytes.length);
  return [Array.from(hash())];
}

export const APTOS_HASH_MORE: ReadonlyArray<[string, NativeImpl]> = [
  [
    'blake2b_256',
    (host, _tys, [v]) => {
      const bytes = Uint8Array.from(v as number[]);
      return gated(host, BLAKE2B_ENABLED, bytes, () => blake2b(bytes, { dkLen: 32 }));
    },
  ],
  [
    'sha2_512_value',
    (host, tys, [v]) => {
      const bytes = serialize(tys[0] as Ty, deref(v as Value), host.layout.bind(host));
      host.charge(GAS_PARAMS.perByteSerialized * bytes.length);
      return gated(host, SHA512_ENABLED, bytes, () => createHash('sha512').update(bytes).digest());
    },
  ],
];

export const DEBUG: ReadonlyArray<[string, NativeImpl]> = [
  [
    'print',
    (host, tys, args) => {
      DEBUG_STRING(host, tys, args);
      return [];
    },
  ],
  [
    'print_stack_trace',
    (host) => {
      host.charge(GAS_PARAMS.nativeBase);
      return [];
    },
  ],
];

export const SECP256R1: ReadonlyArray<[string, NativeImpl]> = [
  [
    'ecdsa_raw_public_key_from_64_bytes',
    (host, _tys, [bytes]) => {
      host.charge(GAS_PARAMS.nativeBase);
      if ((bytes as number[]).length !== 64) {
        throw new BytecodeAbort('0x1::secp256r1', 0x10001n, null);
      }
      return [[bytes as Value]];
    },
  ],
  [
    'ecdsa_raw_public_key_to_bytes',
    (host, _tys, [pk]) => {
      host.charge(GAS_PARAMS.nativeBase);
      return [[...((deref(pk as Value) as Value[])[0] as number[])]];
    },
  ],
];

/**
 * The std/aptos_std modules beyond the target list of issue 31 ("the rest"), natively: each file
 * follows its Move module. `index.ts` adds these to `STDLIB_NATIVES`.
 */
import type { NativeImpl } from '../loader.ts';
import { BCS_STREAM } from './bcsStream.ts';
import { BIG_VECTOR } from './bigVector.ts';
import { CAPABILITY } from './capability.ts';
import { CRYPTO_ALGEBRA } from './cryptoAlgebra.ts';
import { FEDERATED_KEYLESS, KEYLESS, MULTI_KEY_NATIVES, SINGLE_KEY } from './keys.ts';
import { MATH_FIXED, MATH_FIXED64 } from './mathFixed.ts';
import { ACL, BIT_VECTOR, REFLECT, RESULT, STRING } from './moveStd.ts';
import { POOL_U64, POOL_U64_UNBOUND } from './pool.ts';
import { RISTRETTO255 } from './ristretto.ts';
import { BULLETPROOFS, ELGAMAL, PEDERSEN } from './ristrettoModules.ts';
import { APTOS_HASH_MORE, DEBUG, SECP256R1 } from './stdSmall.ts';

const within = (module: string, list: ReadonlyArray<[string, NativeImpl]>) =>
  list.map(([name, impl]): [string, string, NativeImpl] => [module, name, impl]);

/** `[module, function, implementation]`. */
export const STD_REST: ReadonlyArray<[string, string, NativeImpl]> = [
  ...within('result', RESULT),
  ...within('bit_vector', BIT_VECTOR),
  ...within('acl', ACL),
  ...within('string', STRING),
  ...within('reflect', REFLECT),
  ...within('pool_u64', POOL_U64),
  ...within('pool_u64_unbound', POOL_U64_UNBOUND),
  ...within('bcs_stream', BCS_STREAM),
  ...within('math_fixed', MATH_FIXED),
  ...within('math_fixed64', MATH_FIXED64),
  ...within('aptos_hash', APTOS_HASH_MORE),
  ...within('debug', DEBUG),
  ...within('secp256r1', SECP256R1),
  ...within('keyless', KEYLESS),
  ...within('federated_keyless', FEDERATED_KEYLESS),
  ...within('single_key', SINGLE_KEY),
  ...within('multi_key', MULTI_KEY_NATIVES),
  ...within('ristretto255', RISTRETTO255),
  ...within('ristretto255_pedersen', PEDERSEN),
  ...within('ristretto255_elgamal', ELGAMAL),
  ...within('ristretto255_bulletproofs', BULLETPROOFS),
  ...within('big_vector', BIG_VECTOR),
  ...within('capability', CAPABILITY),
  ...within('crypto_algebra', CRYPTO_ALGEBRA),
];

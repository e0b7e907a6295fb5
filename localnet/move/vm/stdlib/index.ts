/**
 * aptos_std modules that are Move code in the framework, implemented natively because `0x1` has
 * no bytecode here: each file follows its Move module (layouts, order of entries, abort codes).
 * `natives.ts` registers everything listed here.
 */
import type { NativeImpl } from '../loader.ts';
import { ED25519, MULTI_ED25519 } from './crypto.ts';
import { BLS12381, SECP256K1 } from './cryptoCurves.ts';
import { MATH_NATIVES } from './math.ts';
import { ORDERED_NATIVES } from './orderedMap.ts';
import { SIP_HASH, SMART_TABLE } from './smartTable.ts';
import { SMART_VECTOR } from './smartVector.ts';
import { STRING_UTILS } from './stringUtils.ts';
import { MEM, VECTOR } from './vector.ts';
import { FEATURES } from './features.ts';
import { AGGREGATOR_V2 } from './aggregatorV2.ts';
import { RANDOMNESS } from './randomness.ts';
import { BIG_ORDERED_MAP } from './bigOrderedMap.ts';
import { CONSTANT_SERIALIZED_SIZE } from './bigOrderedMapNodes.ts';
import { STD_REST } from './stdRest.ts';
import { STORAGE_SLOTS_ALLOCATOR } from './storageSlotsAllocator.ts';

const within = (module: string, list: ReadonlyArray<[string, NativeImpl]>) =>
  list.map(([name, impl]): [string, string, NativeImpl] => [module, name, impl]);

/** `[module, function, implementation]` of every native here. */
export const STDLIB_NATIVES: ReadonlyArray<[string, string, NativeImpl]> = [
  ...within('string_utils', STRING_UTILS),
  ...within('smart_table', SMART_TABLE),
  ...within('smart_vector', SMART_VECTOR),
  ...within('aptos_hash', SIP_HASH),
  ...MATH_NATIVES,
  ...ORDERED_NATIVES,
  ...within('ed25519', ED25519),
  ...within('multi_ed25519', MULTI_ED25519),
  ...within('secp256k1', SECP256K1),
  ...within('bls12381', BLS12381),
  ...within('vector', VECTOR),
  ...within('mem', MEM),
  ...within('features', FEATURES),
  ...within('aggregator_v2', AGGREGATOR_V2),
  ...within('randomness', RANDOMNESS),
  ...within('big_ordered_map', BIG_ORDERED_MAP),
  ...within('bcs', [['constant_serialized_size', CONSTANT_SERIALIZED_SIZE]]),
  ...STD_REST,
  ...within('storage_slots_allocator', STORAGE_SLOTS_ALLOCATOR),
];

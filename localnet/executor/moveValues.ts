import type { TypeTag } from '@aptos-labs/ts-sdk';
import {
  type Deserializer,
  parseTypeTag,
  TypeTagReference,
  TypeTagStruct,
  TypeTagVector,
} from '@aptos-labs/ts-sdk';
import { BoundedMap, type Json, type LongAddress } from '../encoding.ts';
import { ViewDeserializer } from './viewDeserializer.ts';
import {
  parseAddress,
  shortAddress,
  toHex,
  uintLe,
  uleb128,
  concatBytes,
  must,
} from '../encoding.ts';

/**
 * A transaction or view argument decoded outside the VM: to render a transaction's payload
 * (`node/render.ts`) and to encode a table item's key (`node/views.ts`). u8/u16/u32 numbers, wider
 * integers bigint, addresses (and `Object<T>`) long-form strings, `vector<u8>` bytes, `String`
 * strings, other vectors and `Option<T>` arrays. Functions run on the VM's own values instead.
 */
export type MoveVal = number | bigint | boolean | string | Uint8Array | MoveVal[];

/** Why an argument did not decode; the executor turns it into `FAILED_TO_DESERIALIZE_ARGUMENT`. */
export class ArgumentError extends Error {
  override readonly name = 'ArgumentError';
}

/**
 * Parsed types by their text. Clients send types too (table items' key and value types, view and
 * transaction type arguments): those are kept only up to `TYPE_TAG_CACHED_LENGTH` characters, in
 * at most `TYPE_TAG_CACHE_LIMIT` entries. Unbounded, each new 60 KB type name a client sent stayed
 * (twice: the text and the parsed identifier) for the life of the chain.
 */
export const TYPE_TAG_CACHE_LIMIT = 1_024;
export const TYPE_TAG_CACHED_LENGTH = 256;
export const typeTagCache = new BoundedMap<string, TypeTag>(TYPE_TAG_CACHE_LIMIT);

/** Parses a type as the ABI spells it (`&signer`, `vector<u8>`, `0x1::object::Object<T0>`), cached. */
export function typeTagOf(type: string): TypeTag {
  let tag = typeTagCache.get(type);
  if (tag === undefined) {
    tag = parseTypeTag(type, { allowGenerics: true });
    if (type.length <= TYPE_TAG_CACHED_LENGTH) typeTagCache.set(type, tag);
  }
  return tag;
}

function structName(tag: TypeTagStruct): string {
  const { address, moduleName, name } = tag.value;
  return `${address.toStringShort()}::${moduleName.identifier}::${name.identifier}`;
}

/** Replaces `T0`, `T1`… with the call's type arguments. */
export function substitute(tag: TypeTag, typeArgs: TypeTag[]): TypeTag {
  if (tag.isGeneric()) {
    const arg = typeArgs[tag.value];
    if (arg === undefined) throw new ArgumentError(`missing type argument T${tag.value}`);
    return arg;
  }
  return tag;
}

// Plain boolean checks: the SDK's `is…()` type guards narrow to `never` (its tag classes are
// structurally identical), so they are wrapped.
const isBool = (tag: TypeTag): boolean => tag.isBool();
const isAddress = (tag: TypeTag): boolean => tag.isAddress();
const isU8 = (tag: TypeTag): boolean => tag.isU8();

const UNSIGNED: Array<[(t: TypeTag) => boolean, number]> = [
  [(t) => t.isU8(), 1],
  [(t) => t.isU16(), 2],
  [(t) => t.isU32(), 4],
  [(t) => t.isU64(), 8],
  [(t) => t.isU128(), 16],
  [(t) => t.isU256(), 32],
];

function unsignedSize(tag: TypeTag): number | null {
  for (const [is, size] of UNSIGNED) if (is(tag)) return size;
  return null;
}

/** Signed integers (bytecode v9): two's complement in BCS, JSON as the node prints them. */
const SIGNED: Array<[(t: TypeTag) => boolean, number]> = [
  [(t) => t.isI8(), 1],
  [(t) => t.isI16(), 2],
  [(t) => t.isI32(), 4],
  [(t) => t.isI64(), 8],
  [(t) => t.isI128(), 16],
  [(t) => t.isI256(), 32],
];

function signedSize(tag: TypeTag): number | null {
  for (const [is, size] of SIGNED) if (is(tag)) return size;
  return null;
}

function readUnsigned(d: Deserializer, size: number): bigint {
  const bytes = d.deserializeFixedBytes(size);
  let value = 0n;
  for (let i = size - 1; i >= 0; i -= 1) value = (value << 8n) | BigInt(must(bytes[i]));
  return value;
}

function decodeFrom(tag: TypeTag, d: Deserializer): MoveVal {
  const size = unsignedSize(tag);
  if (size !== null) {
    const value = readUnsigned(d, size);
    return size <= 4 ? Number(value) : value;
  }
  const signed = signedSize(tag);
  if (signed !== null) {
    const raw = readUnsigned(d, signed);
    const bits = BigInt(8 * signed);
    const value = raw >= 1n << (bits - 1n) ? raw - (1n << bits) : raw;
    return signed <= 4 ? Number(value) : value;
  }
  if (isBool(tag)) {
    const byte = d.deserializeU8();
    if (byte > 1) throw new ArgumentError('invalid bool');
    return byte === 1;
  }
  if (isAddress(tag)) return toHex(d.deserializeFixedBytes(32)) as LongAddress;
  if (tag instanceof TypeTagVector) {
    if (isU8(tag.value)) return d.deserializeBytes();
    const length = d.deserializeUleb128AsU32();
    const items: MoveVal[] = [];
    for (let i = 0; i < length; i += 1) items.push(decodeFrom(tag.value, d));
    return items;
  }
  if (tag instanceof TypeTagStruct) {
    if (tag.isString()) return d.deserializeStr();
    if (tag.isObject()) return toHex(d.deserializeFixedBytes(32)) as LongAddress;
    if (tag.isOption()) {
      const length = d.deserializeUleb128AsU32();
      if (length > 1) throw new ArgumentError('an option holds at most one value');
      return length === 0 ? [] : [decodeFrom(must(tag.value.typeArgs[0]), d)];
    }
    throw new ArgumentError(`struct ${structName(tag)} cannot be an argument`);
  }
  throw new ArgumentError(`type ${tag.toString()} cannot be an argument`);
}

/** Decodes one BCS argument; every byte must be used. */
export function decodeArgument(tag: TypeTag, bytes: Uint8Array): MoveVal {
  // The common arguments (an address, an integer) of exactly their size need no deserializer: the
  // same values as below; any other length takes the general path and its errors.
  const size = unsignedSize(tag);
  if (size !== null) {
    if (bytes.length === 8 && size === 8)
      return new DataView(bytes.buffer, bytes.byteOffset, 8).getBigUint64(0, true);
    if (bytes.length === size) {
      let value = 0n;
      for (let i = size - 1; i >= 0; i -= 1) value = (value << 8n) | BigInt(must(bytes[i]));
      return size <= 4 ? Number(value) : value;
    }
  } else if (bytes.length === 32 && isAddress(tag)) {
    return toHex(bytes) as LongAddress;
  }
  const d = new ViewDeserializer(bytes);
  let value: MoveVal;
  try {
    value = decodeFrom(tag, d);
  } catch (error) {
    throw new ArgumentError(error instanceof Error ? error.message : String(error));
  }
  if (d.remaining() !== 0) throw new ArgumentError('trailing bytes in argument');
  return value;
}

function jsonInteger(json: Json, size: number): bigint {
  let value: bigint;
  if (typeof json === 'number' && Number.isSafeInteger(json) && json >= 0) value = BigInt(json);
  else if (typeof json === 'string' && /^[0-9]+$/.test(json)) value = BigInt(json);
  else throw new ArgumentError(`expected an unsigned integer, got ${JSON.stringify(json)}`);
  if (value >= 1n << BigInt(size * 8)) throw new ArgumentError(`integer out of range: ${value}`);
  return value;
}

/** Converts a JSON view argument (`"0x1"`, `"100"`, `true`, `[..]`) to a Move value of the given type. */
export function argumentFromJson(tag: TypeTag, json: Json): MoveVal {
  const size = unsignedSize(tag);
  if (size !== null) {
    const value = jsonInteger(json, size);
    return size <= 4 ? Number(value) : value;
  }
  if (isBool(tag)) {
    if (typeof json !== 'boolean')
      throw new ArgumentError(`expected a bool, got ${JSON.stringify(json)}`);
    return json;
  }
  const address = (value: Json): LongAddress => {
    const parsed = typeof value === 'string' ? parseAddress(value) : null;
    if (parsed === null)
      throw new ArgumentError(`expected an address, got ${JSON.stringify(value)}`);
    return parsed;
  };
  if (isAddress(tag)) return address(json);
  if (tag instanceof TypeTagVector) {
    if (isU8(tag.value) && typeof json === 'string') {
      if (!/^0x([0-9a-fA-F]{2})*$/.test(json)) throw new ArgumentError('expected hex bytes');
      return new Uint8Array(Buffer.from(json.slice(2), 'hex'));
    }
    if (!Array.isArray(json))
      throw new ArgumentError(`expected an array, got ${JSON.stringify(json)}`);
    return json.map((item) => argumentFromJson(tag.value, item));
  }
  if (tag instanceof TypeTagStruct) {
    if (tag.isString()) {
      if (typeof json !== 'string') throw new ArgumentError('expected a string');
      return json;
    }
    if (tag.isObject()) {
      if (typeof json === 'object' && json !== null && !Array.isArray(json) && 'inner' in json) {
        return address(json.inner ?? null);
      }
      return address(json);
    }
    if (tag.isOption()) {
      const inner = must(tag.value.typeArgs[0]);
      if (json === null) return [];
      if (typeof json === 'object' && !Array.isArray(json) && Array.isArray(json.vec)) {
        return json.vec.map((item) => argumentFromJson(inner, item));
      }
      return [argumentFromJson(inner, json)];
    }
  }
  throw new ArgumentError(`type ${tag.toString()} cannot be an argument`);
}

/** Prints a Move value the way the REST API does. */
export function valueToJson(tag: TypeTag, value: MoveVal): Json {
  const size = unsignedSize(tag) ?? signedSize(tag);
  if (size !== null) return size <= 4 ? Number(value) : String(value);
  if (isBool(tag)) return value as boolean;
  if (isAddress(tag)) return shortAddress(value as LongAddress);
  if (tag instanceof TypeTagVector) {
    if (isU8(tag.value)) return toHex(value as Uint8Array);
    return (value as MoveVal[]).map((item) => valueToJson(tag.value, item));
  }
  if (tag instanceof TypeTagStruct) {
    if (tag.isString()) return value as string;
    if (tag.isObject()) return { inner: shortAddress(value as LongAddress) };
    if (tag.isOption()) {
      const inner = must(tag.value.typeArgs[0]);
      return { vec: (value as MoveVal[]).map((item) => valueToJson(inner, item)) };
    }
  }
  if (tag instanceof TypeTagReference) return valueToJson(tag.value, value);
  return null;
}

/** BCS-encodes a table key that is not a struct (`POST /tables/{handle}/item`). */
export function encodeValue(tag: TypeTag, value: MoveVal): Uint8Array {
  const size = unsignedSize(tag);
  if (size !== null) return uintLe(BigInt(value as number | bigint), size);
  const signed = signedSize(tag);
  if (signed !== null) {
    const v = BigInt(value as number | bigint);
    return uintLe(v < 0n ? v + (1n << BigInt(8 * signed)) : v, signed);
  }
  if (isBool(tag)) return new Uint8Array([value ? 1 : 0]);
  if (isAddress(tag)) return new Uint8Array(Buffer.from((value as string).slice(2), 'hex'));
  if (tag instanceof TypeTagVector) {
    if (isU8(tag.value)) {
      const bytes = value as Uint8Array;
      return concatBytes([uleb128(bytes.length), bytes]);
    }
    const items = value as MoveVal[];
    return concatBytes([
      uleb128(items.length),
      ...items.map((item) => encodeValue(tag.value, item)),
    ]);
  }
  // A struct key is encoded by its layout in the VM (`node/views.ts`).
  throw new ArgumentError(`cannot encode ${tag.toString()}`);
}

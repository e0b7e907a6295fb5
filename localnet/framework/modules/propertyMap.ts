import { Deserializer, Serializer } from '@aptos-labs/ts-sdk';
import type { Json, LongAddress } from '../../encoding.ts';
import { fromHex, must, toHex } from '../../encoding.ts';
import type { MoveVal } from '../../executor/moveValues.ts';
import type { ResourceValue } from '../../storage/types.ts';
import { resourceKey } from '../../storage/types.ts';
import { struct } from '../abi.ts';
import { resource } from '../assets.ts';
import type { NativeContext, NativeModule } from '../context.ts';
import { abort, ERROR_CATEGORY, moduleError } from '../context.ts';
import { TOKEN_OBJECTS_ADDRESS } from './collection.ts';

const PROPERTY_MAP = '0x4::property_map';
export const PROPERTY_MAP_TYPE = '0x4::property_map::PropertyMap';

const errors = {
  missing: moduleError(
    ERROR_CATEGORY.notFound,
    1n,
    'EPROPERTY_MAP_DOES_NOT_EXIST',
    'The property map does not exist',
  ),
  tooMany: moduleError(
    ERROR_CATEGORY.invalidArgument,
    3n,
    'ETOO_MANY_PROPERTIES',
    'The number of properties exceeds the maximum',
  ),
  valueCount: moduleError(
    ERROR_CATEGORY.invalidArgument,
    4n,
    'EKEY_VALUE_COUNT_MISMATCH',
    'Property key and value counts do not match',
  ),
  typeCount: moduleError(
    ERROR_CATEGORY.invalidArgument,
    5n,
    'EKEY_TYPE_COUNT_MISMATCH',
    'Property key and type counts do not match',
  ),
  typeMismatch: moduleError(
    ERROR_CATEGORY.invalidArgument,
    6n,
    'ETYPE_MISMATCH',
    'Property value does not match expected type',
  ),
  typeInvalid: moduleError(
    ERROR_CATEGORY.invalidArgument,
    7n,
    'ETYPE_INVALID',
    'Invalid value type specified',
  ),
  keyTooLong: moduleError(
    ERROR_CATEGORY.invalidArgument,
    8n,
    'EPROPERTY_MAP_KEY_TOO_LONG',
    'The key of the property is too long',
  ),
};

/** `simple_map` aborts (`0x1::simple_map`). */
const SIMPLE_MAP = '0x1::simple_map';
const simpleMapErrors = {
  exists: moduleError(
    ERROR_CATEGORY.invalidArgument,
    1n,
    'EKEY_ALREADY_EXISTS',
    'Map key already exists',
  ),
  missing: moduleError(
    ERROR_CATEGORY.invalidArgument,
    2n,
    'EKEY_NOT_FOUND',
    'Map key is not found',
  ),
};

/** The property types in `PropertyValue.type` order (BOOL = 0 … STRING = 9). */
export const PROPERTY_TYPES = [
  'bool',
  'u8',
  'u16',
  'u32',
  'u64',
  'u128',
  'u256',
  'address',
  'vector<u8>',
  '0x1::string::String',
] as const;

const FIXED_SIZE: { [type: string]: number } = {
  bool: 1,
  u8: 1,
  u16: 2,
  u32: 4,
  u64: 8,
  u128: 16,
  u256: 32,
  address: 32,
};

/** `to_internal_type`: the type's index, or abort `ETYPE_INVALID`. */
export function internalType(type: string): number {
  const index = (PROPERTY_TYPES as readonly string[]).indexOf(type);
  if (index < 0) abort(PROPERTY_MAP, errors.typeInvalid);
  return index;
}

/** `validate_type`: the BCS bytes must decode as the type (`from_bcs` aborts otherwise). */
function validate(type: number, value: Uint8Array): void {
  const name = must(PROPERTY_TYPES[type]);
  const size = FIXED_SIZE[name];
  let ok: boolean;
  if (size !== undefined) ok = value.length === size && (name !== 'bool' || must(value[0]) <= 1);
  else if (name === 'vector<u8>') ok = true;
  else {
    try {
      const d = new Deserializer(value);
      d.deserializeStr();
      ok = d.remaining() === 0;
    } catch {
      ok = false;
    }
  }
  if (!ok) abort('0x1::from_bcs', { name: 'EINVALID_UTF8', code: 0x10001n, doc: '' });
}

/** BCS of a typed Move value (`bcs::to_bytes(&value)` of `add_typed` / `update_typed`). */
export function typedBytes(type: string, value: MoveVal): Uint8Array {
  const s = new Serializer();
  const index = internalType(type);
  const size = FIXED_SIZE[must(PROPERTY_TYPES[index])];
  if (type === 'bool') s.serializeBool(value as boolean);
  else if (type === 'address') s.serializeFixedBytes(fromHex(value as string));
  else if (type === 'vector<u8>') s.serializeBytes(value as Uint8Array);
  else if (type === '0x1::string::String') s.serializeStr(value as string);
  else {
    let n = BigInt(value as number | bigint);
    const bytes = new Uint8Array(must(size));
    for (let i = 0; i < bytes.length; i += 1) {
      bytes[i] = Number(n & 0xffn);
      n >>= 8n;
    }
    s.serializeFixedBytes(bytes);
  }
  return s.toUint8Array();
}

interface Entry {
  key: string;
  value: { type: number; value: `0x${string}` };
}

function entriesOf(map: ResourceValue): Entry[] {
  const inner = map.data.inner as unknown as { data: Entry[] };
  return inner.data.map((entry) => ({ key: entry.key, value: { ...entry.value } }));
}

function mapValue(address: LongAddress, entries: Entry[]): ResourceValue {
  return resource(address, PROPERTY_MAP_TYPE, {
    inner: { data: entries as unknown as Json[] },
  });
}

/** `prepare_input` + `init`: checks counts, keys and values; keys end up in reverse order. */
export function initPropertyMap(
  ctx: NativeContext,
  address: LongAddress,
  keys: string[],
  types: string[],
  values: Uint8Array[],
): void {
  if (keys.length > 1000) abort(PROPERTY_MAP, errors.tooMany);
  if (keys.length !== values.length) abort(PROPERTY_MAP, errors.valueCount);
  if (keys.length !== types.length) abort(PROPERTY_MAP, errors.typeCount);
  const entries: Entry[] = [];
  for (let i = keys.length - 1; i >= 0; i -= 1) {
    const key = must(keys[i]);
    if ([...key].length > 128) abort(PROPERTY_MAP, errors.keyTooLong);
    const type = internalType(must(types[i]));
    const value = must(values[i]);
    validate(type, value);
    if (entries.some((entry) => entry.key === key)) abort(SIMPLE_MAP, simpleMapErrors.exists);
    entries.push({ key, value: { type, value: toHex(value) } });
  }
  ctx.write(resourceKey(address, PROPERTY_MAP_TYPE), mapValue(address, entries));
}

function readMap(ctx: NativeContext, address: LongAddress): Entry[] {
  const map = ctx.get(resourceKey(address, PROPERTY_MAP_TYPE)) as ResourceValue | null;
  if (map === null) abort(PROPERTY_MAP, errors.missing);
  return entriesOf(map);
}

/** `add` (checked bytes) or `add_typed`: a new key. */
export function addProperty(
  ctx: NativeContext,
  address: LongAddress,
  key: string,
  type: string,
  value: Uint8Array,
  checked: boolean,
): void {
  const index = internalType(type);
  if (checked) validate(index, value);
  const entries = readMap(ctx, address);
  if (entries.some((entry) => entry.key === key)) abort(SIMPLE_MAP, simpleMapErrors.exists);
  entries.push({ key, value: { type: index, value: toHex(value) } });
  ctx.write(resourceKey(address, PROPERTY_MAP_TYPE), mapValue(address, entries));
}

/** `update` / `update_typed`: replaces an existing key's type and value. */
export function updateProperty(
  ctx: NativeContext,
  address: LongAddress,
  key: string,
  type: string,
  value: Uint8Array,
  checked: boolean,
): void {
  const index = internalType(type);
  if (checked) validate(index, value);
  const entries = readMap(ctx, address);
  const entry = entries.find((candidate) => candidate.key === key);
  if (entry === undefined) abort(SIMPLE_MAP, simpleMapErrors.missing);
  entry.value = { type: index, value: toHex(value) };
  ctx.write(resourceKey(address, PROPERTY_MAP_TYPE), mapValue(address, entries));
}

/** `remove`: `simple_map::remove` swaps the last entry into the removed one's place. */
export function removeProperty(ctx: NativeContext, address: LongAddress, key: string): void {
  const entries = readMap(ctx, address);
  const index = entries.findIndex((candidate) => candidate.key === key);
  if (index < 0) abort(SIMPLE_MAP, simpleMapErrors.missing);
  const last = must(entries.pop());
  if (index < entries.length) entries[index] = last;
  ctx.write(resourceKey(address, PROPERTY_MAP_TYPE), mapValue(address, entries));
}

/** A property's value as the indexer prints it in `token_properties` (a string). */
export function propertyText(type: number, hex: string): string {
  const bytes = fromHex(hex);
  const name = PROPERTY_TYPES[type];
  if (name === 'bool') return bytes[0] === 1 ? 'true' : 'false';
  if (name === 'address') return toHex(bytes);
  if (name === 'vector<u8>') return toHex(bytes);
  if (name === '0x1::string::String') {
    try {
      return new Deserializer(bytes).deserializeStr();
    } catch {
      return hex;
    }
  }
  let n = 0n;
  for (let i = bytes.length - 1; i >= 0; i -= 1) n = (n << 8n) | BigInt(must(bytes[i]));
  return n.toString();
}

/** `token_properties` of a `PropertyMap` resource: key → printed value. */
export function propertiesJson(map: ResourceValue | null): { [key: string]: Json } {
  const out: { [key: string]: Json } = {};
  if (map === null) return out;
  for (const entry of entriesOf(map))
    out[entry.key] = propertyText(entry.value.type, entry.value.value);
  return out;
}

export const propertyMapModule: NativeModule = {
  address: TOKEN_OBJECTS_ADDRESS,
  name: 'property_map',
  friends: ['0x4::token'],
  structs: [
    struct(
      'PropertyMap',
      ['drop', 'key', 'store'],
      [
        [
          'inner',
          '0x1::simple_map::SimpleMap<0x1::string::String, 0x4::property_map::PropertyValue>',
        ],
      ],
    ),
    struct(
      'PropertyValue',
      ['drop', 'store'],
      [
        ['type', 'u8'],
        ['value', 'vector<u8>'],
      ],
    ),
    struct('MutatorRef', ['drop', 'store'], [['self', 'address']]),
  ],
  functions: [],
};

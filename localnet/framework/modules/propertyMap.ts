import { Deserializer } from '@aptos-labs/ts-sdk';
import type { Json, LongAddress } from '../../encoding.ts';
import { fromHex, must, parseAddress, toHex } from '../../encoding.ts';
import type { NativeHost } from '../../move/vm/loader.ts';
import { STATUS_CODES } from '../../move/vm/statusCodes.ts';
import type { Ty } from '../../move/vm/ty.ts';
import { tyString } from '../../move/vm/ty.ts';
import type { Value } from '../../move/vm/values.ts';
import { Ref } from '../../move/vm/values.ts';
import type { ResourceValue } from '../../storage/types.ts';
import { fn, struct } from '../abi.ts';
import type { NativeFunction, NativeModule } from '../context.ts';
import { abort, ERROR_CATEGORY, moduleError, VmStatusError } from '../context.ts';
import {
  deref,
  fieldsOf,
  objectAddress,
  readResource,
  removeResource,
  resourceExists,
  str,
  textOf,
  ty,
  writeResource,
} from '../vmState.ts';
import {
  CONSTRUCTOR_REF,
  constructorAddress,
  STRING,
  TOKEN_OBJECTS_ADDRESS,
} from './tokenObjects.ts';

const PROPERTY_MAP = '0x4::property_map';
export const PROPERTY_MAP_TYPE = '0x4::property_map::PropertyMap';
const MUTATOR_REF = '0x4::property_map::MutatorRef';
const FRAMEWORK = must(parseAddress('0x1'));

const invalid = (reason: bigint, name: string, doc: string) =>
  moduleError(ERROR_CATEGORY.invalidArgument, reason, name, doc);
const errors = {
  missing: moduleError(
    ERROR_CATEGORY.notFound,
    1n,
    'EPROPERTY_MAP_DOES_NOT_EXIST',
    'The property map does not exist',
  ),
  tooMany: invalid(3n, 'ETOO_MANY_PROPERTIES', 'The number of properties exceeds the maximum'),
  valueCount: invalid(
    4n,
    'EKEY_VALUE_COUNT_MISMATCH',
    'Property key and value counts do not match',
  ),
  typeCount: invalid(5n, 'EKEY_TYPE_COUNT_MISMATCH', 'Property key and type counts do not match'),
  typeMismatch: invalid(6n, 'ETYPE_MISMATCH', 'Property value does not match expected type'),
  typeInvalid: invalid(7n, 'ETYPE_INVALID', 'Invalid value type specified'),
  keyTooLong: invalid(8n, 'EPROPERTY_MAP_KEY_TOO_LONG', 'The key of the property is too long'),
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

/** `from_bcs::to_<type>` of each property type. */
const FROM_BCS = [
  'to_bool',
  'to_u8',
  'to_u16',
  'to_u32',
  'to_u64',
  'to_u128',
  'to_u256',
  'to_address',
  'to_bytes',
  'to_string',
] as const;

/** `to_internal_type`: the type's index, or `ETYPE_INVALID`. */
function internalType(type: string): number {
  const index = (PROPERTY_TYPES as readonly string[]).indexOf(type);
  if (index < 0) abort(PROPERTY_MAP, errors.typeInvalid);
  return index;
}

const fromBcs = (host: NativeHost, type: number, bytes: Value): Value =>
  must(host.call(FRAMEWORK, 'from_bcs', must(FROM_BCS[type]), [], [bytes])[0]);

/** `validate_type`: the bytes must decode as the type (`from_bcs`'s abort otherwise). */
function validate(host: NativeHost, type: number, bytes: Value): void {
  if (PROPERTY_TYPES[type] !== 'vector<u8>') fromBcs(host, type, bytes);
}

const SIMPLE_MAP_TYS = (): Ty[] => [ty(STRING), ty('0x4::property_map::PropertyValue')];

/** A `simple_map` function on the map inside a `PropertyMap` value. */
const simpleMap = (host: NativeHost, name: string, map: Value, args: Value[]): Value[] =>
  host.call(FRAMEWORK, 'simple_map', name, SIMPLE_MAP_TYS(), [new Ref(map as Value[], 0), ...args]);

/** `prepare_input`: a `PropertyMap` from keys, type names and BCS values (keys last to first). */
function prepareInput(host: NativeHost, keys: Value[], types: Value[], values: Value[]): Value {
  if (keys.length > 1000) abort(PROPERTY_MAP, errors.tooMany);
  if (keys.length !== values.length) abort(PROPERTY_MAP, errors.valueCount);
  if (keys.length !== types.length) abort(PROPERTY_MAP, errors.typeCount);
  const map: Value = [[[]]];
  for (let i = keys.length - 1; i >= 0; i -= 1) {
    const key = keys[i] as Value;
    if ((fieldsOf(key)[0] as number[]).length > 128) abort(PROPERTY_MAP, errors.keyTooLong);
    const type = internalType(textOf(types[i] as Value));
    validate(host, type, values[i] as Value);
    simpleMap(host, 'add', map, [key, [type, values[i] as Value]]);
  }
  return map;
}

/** `PropertyMap` from `keys`, `types` and `values` as `aptos_token::mint` passes them. */
export function preparePropertyMap(
  host: NativeHost,
  keys: Value,
  types: Value,
  values: Value,
): Value {
  return prepareInput(host, keys as Value[], types as Value[], values as Value[]);
}

/** `init` / `extend`: `move_to` of the map (`RESOURCE_ALREADY_EXISTS` when there is one). */
export function initPropertyMap(host: NativeHost, address: LongAddress, map: Value): void {
  if (resourceExists(host, address, PROPERTY_MAP_TYPE)) {
    throw new VmStatusError('RESOURCE_ALREADY_EXISTS', STATUS_CODES.RESOURCE_ALREADY_EXISTS);
  }
  writeResource(host, address, PROPERTY_MAP_TYPE, deref(map));
}

/** `assert_exists` + `borrow_global`: the object's `PropertyMap`. */
function borrowMap(host: NativeHost, address: LongAddress): Value {
  const map = readResource(host, address, PROPERTY_MAP_TYPE);
  if (map === undefined) abort(PROPERTY_MAP, errors.missing);
  return map as Value;
}

/** Changes the object's map in place and writes it back. */
function changeMap(host: NativeHost, address: LongAddress, change: (map: Value) => void): void {
  const map = borrowMap(host, address);
  change(map);
  writeResource(host, address, PROPERTY_MAP_TYPE, map);
}

/** `add` / `add_typed`: a new key (`simple_map`'s `EKEY_ALREADY_EXISTS` when taken). */
export function addProperty(
  host: NativeHost,
  address: LongAddress,
  key: Value,
  type: number,
  bytes: Value,
): void {
  changeMap(host, address, (map) => simpleMap(host, 'add', map, [key, [type, bytes]]));
}

/** `update` / `update_typed`: an existing key's new type and value. */
export function updateProperty(
  host: NativeHost,
  address: LongAddress,
  key: Value,
  type: number,
  bytes: Value,
): void {
  changeMap(host, address, (map) => {
    const slot = must(simpleMap(host, 'borrow_mut', map, [key])[0]) as Ref;
    slot.c[slot.i] = [type, bytes];
  });
}

/** `remove`: `simple_map::remove` (the last entry takes the removed one's place). */
export function removeProperty(host: NativeHost, address: LongAddress, key: Value): void {
  changeMap(host, address, (map) => simpleMap(host, 'remove', map, [key]));
}

/** A typed property's type index and BCS bytes (`add_typed` / `update_typed`). */
export function typedProperty(host: NativeHost, valueTy: Ty, value: Value): [number, Value] {
  const type = internalType(tyString(valueTy));
  const bytes = must(host.call(FRAMEWORK, 'bcs', 'to_bytes', [valueTy], [new Ref([value], 0)])[0]);
  return [type, bytes];
}

/** `read`: the property's type name and bytes. */
function read(host: NativeHost, object: Value, key: Value): [Value, Value] {
  const map = borrowMap(host, objectAddress(object));
  const property = fieldsOf(must(simpleMap(host, 'borrow', map, [key])[0]));
  return [str(must(PROPERTY_TYPES[property[0] as number])), property[1] as Value];
}

const mutatorAddress = (ref: Value): LongAddress => fieldsOf(ref)[0] as LongAddress;
const OBJECT_REF = '&0x1::object::Object<T0>';
const KEY_REF = `&${STRING}`;
const KEY = [['key']];

/** `read_<type>`: `read_typed` (the stored type must be the one asked) then `from_bcs`. */
const readTyped = (type: number): NativeFunction => {
  const name = must(PROPERTY_TYPES[type]);
  const suffix = name === 'vector<u8>' ? 'bytes' : name === STRING ? 'string' : name;
  return fn(
    `read_${suffix}`,
    { params: [OBJECT_REF, KEY_REF], returns: [name], typeParams: KEY },
    (host, _t, [object, key]) => {
      host.charge(10_000);
      const [stored, bytes] = read(host, object as Value, key as Value);
      if (textOf(stored) !== name) abort(PROPERTY_MAP, errors.typeMismatch);
      return [fromBcs(host, type, bytes)];
    },
  );
};

const functions: NativeFunction[] = [
  fn('init', { params: [`&${CONSTRUCTOR_REF}`, PROPERTY_MAP_TYPE] }, (host, _t, [ref, map]) => {
    host.charge(20_000);
    initPropertyMap(host, constructorAddress(ref as Value), map as Value);
    return [];
  }),
  fn(
    'extend',
    { params: ['&0x1::object::ExtendRef', PROPERTY_MAP_TYPE] },
    (host, _t, [ref, map]) => {
      host.charge(20_000);
      initPropertyMap(host, fieldsOf(ref as Value)[0] as LongAddress, map as Value);
      return [];
    },
  ),
  fn('burn', { params: [MUTATOR_REF] }, (host, _t, [ref]) => {
    host.charge(10_000);
    removeResource(host, mutatorAddress(ref as Value), PROPERTY_MAP_TYPE);
    return [];
  }),
  fn(
    'prepare_input',
    {
      params: [`vector<${STRING}>`, `vector<${STRING}>`, 'vector<vector<u8>>'],
      returns: [PROPERTY_MAP_TYPE],
    },
    (host, _t, [keys, types, values]) => {
      host.charge(20_000);
      return [preparePropertyMap(host, keys as Value, types as Value, values as Value)];
    },
  ),
  fn(
    'generate_mutator_ref',
    { params: [`&${CONSTRUCTOR_REF}`], returns: [MUTATOR_REF] },
    (host, _t, [ref]) => {
      host.charge(2_000);
      return [[constructorAddress(ref as Value)]];
    },
  ),
  fn(
    'contains_key',
    { params: [OBJECT_REF, KEY_REF], returns: ['bool'], typeParams: KEY },
    (host, _t, [object, key]) => {
      host.charge(5_000);
      const map = borrowMap(host, objectAddress(object as Value));
      return simpleMap(host, 'contains_key', map, [key as Value]);
    },
  ),
  fn(
    'length',
    { params: [OBJECT_REF], returns: ['u64'], typeParams: KEY },
    (host, _t, [object]) => {
      host.charge(5_000);
      return simpleMap(host, 'length', borrowMap(host, objectAddress(object as Value)), []);
    },
  ),
  fn(
    'read',
    { params: [OBJECT_REF, KEY_REF], returns: [STRING, 'vector<u8>'], typeParams: KEY },
    (host, _t, [object, key]) => {
      host.charge(10_000);
      return read(host, object as Value, key as Value);
    },
  ),
  ...PROPERTY_TYPES.map((_name, type) => readTyped(type)),
  fn(
    'add',
    { params: [`&${MUTATOR_REF}`, STRING, STRING, 'vector<u8>'] },
    (host, _t, [ref, key, type, bytes]) => {
      host.charge(20_000);
      const index = internalType(textOf(type as Value));
      validate(host, index, bytes as Value);
      addProperty(host, mutatorAddress(ref as Value), key as Value, index, bytes as Value);
      return [];
    },
  ),
  fn(
    'add_typed',
    { params: [`&${MUTATOR_REF}`, STRING, 'T0'], typeParams: [['drop']] },
    (host, [valueTy], [ref, key, value]) => {
      host.charge(20_000);
      const [type, bytes] = typedProperty(host, must(valueTy), value as Value);
      addProperty(host, mutatorAddress(ref as Value), key as Value, type, bytes);
      return [];
    },
  ),
  fn(
    'update',
    { params: [`&${MUTATOR_REF}`, KEY_REF, STRING, 'vector<u8>'] },
    (host, _t, [ref, key, type, bytes]) => {
      host.charge(20_000);
      const index = internalType(textOf(type as Value));
      validate(host, index, bytes as Value);
      updateProperty(host, mutatorAddress(ref as Value), key as Value, index, bytes as Value);
      return [];
    },
  ),
  fn(
    'update_typed',
    { params: [`&${MUTATOR_REF}`, KEY_REF, 'T0'], typeParams: [['drop']] },
    (host, [valueTy], [ref, key, value]) => {
      host.charge(20_000);
      const [type, bytes] = typedProperty(host, must(valueTy), value as Value);
      updateProperty(host, mutatorAddress(ref as Value), key as Value, type, bytes);
      return [];
    },
  ),
  fn('remove', { params: [`&${MUTATOR_REF}`, KEY_REF] }, (host, _t, [ref, key]) => {
    host.charge(20_000);
    removeProperty(host, mutatorAddress(ref as Value), key as Value);
    return [];
  }),
];

interface Entry {
  key: string;
  value: { type: number; value: `0x${string}` };
}

const entriesOf = (map: ResourceValue): Entry[] =>
  (map.data.inner as unknown as { data: Entry[] }).data;

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
  friends: [],
  structs: [
    struct(
      'PropertyMap',
      ['drop', 'key'],
      [['inner', `0x1::simple_map::SimpleMap<${STRING}, 0x4::property_map::PropertyValue>`]],
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
  functions,
};

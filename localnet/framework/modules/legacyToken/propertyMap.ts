/**
 * `0x3::property_map` (AptosToken's `property_map.move`) on the VM's values: a `PropertyMap` is
 * `[SimpleMap]`, the map `[[Element…]]`, an element `[key: String, PropertyValue]` and a
 * `PropertyValue` `[value: vector<u8>, type: String]`. `token` uses the helpers below.
 */
import { BytecodeAbort } from '../../../move/vm/errors.ts';
import type { NativeHost } from '../../../move/vm/loader.ts';
import type { Ty } from '../../../move/vm/ty.ts';
import type { Value } from '../../../move/vm/values.ts';
import { copyValue, Ref, valueEquals } from '../../../move/vm/values.ts';
import { fn, struct } from '../../abi.ts';
import { FRAMEWORK_ADDRESS } from '../../assets.ts';
import type { NativeModule } from '../../context.ts';
import { abortIn, deref, fieldsOf, str, textOf } from '../../vmState.ts';
import { byteLength, PROPERTY_MAP, PROPERTY_VALUE, STRING, TOKEN_ADDRESS } from './shared.ts';

const MODULE = '0x3::property_map';
const MAX_PROPERTY_MAP_SIZE = 1000;
const MAX_PROPERTY_NAME_LENGTH = 128;

const ERRORS = {
  EPROPERTY_NUMBER_EXCEED_LIMIT: [2n, 'The number of property exceeds the limit'],
  EPROPERTY_NOT_EXIST: [3n, "The property doesn't exist"],
  EKEY_COUNT_NOT_MATCH_VALUE_COUNT: [4n, "Property key and value count don't match"],
  EKEY_COUNT_NOT_MATCH_TYPE_COUNT: [5n, "Property key and type count don't match"],
  ETYPE_NOT_MATCH: [6n, "Property type doesn't match"],
  EPROPERTY_MAP_NAME_TOO_LONG: [7n, 'The name (key) of the property is too long'],
} as const;

/** `abort` in `property_map` with `category << 16 | reason` (`0n`: the bare reason). */
function fail(category: bigint, name: keyof typeof ERRORS): never {
  const [reason, doc] = ERRORS[name];
  return abortIn(MODULE, (category << 16n) | reason, name, doc);
}

const simpleMapAbort = (code: bigint): never => {
  throw new BytecodeAbort('0x1::simple_map', code, null);
};

/** The map's elements `[key, PropertyValue]`, in place (through a reference too). */
const elements = (map: Value): Value[][] => fieldsOf(fieldsOf(map)[0] as Value)[0] as Value[][];

export const emptyMap = (): Value => [[[]]];

const indexOf = (map: Value, key: Value): number =>
  elements(map).findIndex((element) => valueEquals(element[0] as Value, key));

export const containsKey = (map: Value, key: Value): boolean => indexOf(map, key) >= 0;

/** `simple_map::add`: EKEY_ALREADY_EXISTS when present. */
function mapAdd(map: Value, key: Value, value: Value): void {
  if (containsKey(map, key)) simpleMapAbort(0x10001n);
  elements(map).push([key, value]);
}

/** `simple_map::borrow_mut`'s element; EKEY_NOT_FOUND when absent. */
function element(map: Value, key: Value): Value[] {
  const i = indexOf(map, key);
  if (i < 0) simpleMapAbort(0x10002n);
  return elements(map)[i] as Value[];
}

function checkName(key: Value): void {
  if (byteLength(key) > MAX_PROPERTY_NAME_LENGTH) fail(1n, 'EPROPERTY_MAP_NAME_TOO_LONG');
}

/** `property_map::add`. */
export function addProperty(map: Value, key: Value, value: Value): void {
  checkName(key);
  if (elements(map).length >= MAX_PROPERTY_MAP_SIZE) fail(3n, 'EPROPERTY_NUMBER_EXCEED_LIMIT');
  mapAdd(map, key, value);
}

/** `property_map::new(keys, values, types)`. */
export function newMap(keys: Value, values: Value, types: Value): Value {
  const [k, v, t] = [keys, values, types].map(fieldsOf) as [Value[], Value[], Value[]];
  if (k.length > MAX_PROPERTY_MAP_SIZE) fail(1n, 'EPROPERTY_NUMBER_EXCEED_LIMIT');
  if (k.length !== v.length) fail(1n, 'EKEY_COUNT_NOT_MATCH_VALUE_COUNT');
  if (k.length !== t.length) fail(1n, 'EKEY_COUNT_NOT_MATCH_TYPE_COUNT');
  const map = emptyMap();
  k.forEach((key, i) => {
    checkName(key);
    mapAdd(map, copyValue(key), [copyValue(v[i] as Value), copyValue(t[i] as Value)]);
  });
  return map;
}

/** `property_map::borrow`: the `PropertyValue` (bare code 3 when absent, as the source asserts). */
export function borrowValue(map: Value, key: Value): Value[] {
  const i = indexOf(map, key);
  if (i < 0) fail(0n, 'EPROPERTY_NOT_EXIST');
  return (elements(map)[i] as Value[])[1] as Value[];
}

/** `update_property_value`: replaces the value (simple_map's EKEY_NOT_FOUND when absent). */
export function updateValue(map: Value, key: Value, value: Value): void {
  element(map, key)[1] = value;
}

/** `update_property_map(keys, values, types)`: upserts each key. */
export function updateMap(map: Value, keys: Value, values: Value, types: Value): void {
  const [k, v, t] = [keys, values, types].map(fieldsOf) as [Value[], Value[], Value[]];
  if (k.length !== v.length) fail(3n, 'EKEY_COUNT_NOT_MATCH_VALUE_COUNT');
  if (k.length !== t.length) fail(3n, 'EKEY_COUNT_NOT_MATCH_TYPE_COUNT');
  k.forEach((key, i) => {
    const value = [copyValue(v[i] as Value), copyValue(t[i] as Value)];
    if (containsKey(map, key)) updateValue(map, key, value);
    else addProperty(map, copyValue(key), value);
  });
}

/** `read_<type>`: the value decoded with `from_bcs::to_<type>` after checking its type name. */
function read(host: NativeHost, map: Value, key: Value, type: string, decoder: string): Value {
  const property = borrowValue(map, deref(key));
  if (textOf(property[1] as Value) !== type) fail(3n, 'ETYPE_NOT_MATCH');
  const bytes = copyValue(property[0] as Value);
  return host.call(FRAMEWORK_ADDRESS, 'from_bcs', decoder, [], [bytes])[0] as Value;
}

export const readBool = (host: NativeHost, map: Value, key: Value): boolean =>
  read(host, map, key, 'bool', 'to_bool') as boolean;

const MAP_REF = `&${PROPERTY_MAP}`;
const STRING_REF = `&${STRING}`;

const reader = (name: string, type: string, decoder: string, returns: string) =>
  fn(name, { params: [MAP_REF, STRING_REF], returns: [returns] }, (host, _t, [map, key]) => [
    read(host, map as Value, key as Value, type, decoder),
  ]);

/** The ABI's `vector<String>` of a field of each value, in the map's order. */
const column = (map: Value, field: 0 | 1): Value[] =>
  elements(map).map((e) => copyValue((e[1] as Value[])[field] as Value));

export const propertyMapModule: NativeModule = {
  address: TOKEN_ADDRESS,
  name: 'property_map',
  friends: [],
  structs: [
    struct(
      'PropertyMap',
      ['copy', 'drop', 'store'],
      [['map', `0x1::simple_map::SimpleMap<${STRING}, ${PROPERTY_VALUE}>`]],
    ),
    struct(
      'PropertyValue',
      ['copy', 'drop', 'store'],
      [
        ['value', 'vector<u8>'],
        ['type', STRING],
      ],
    ),
  ],
  functions: [
    fn(
      'new',
      {
        params: [`vector<${STRING}>`, 'vector<vector<u8>>', `vector<${STRING}>`],
        returns: [PROPERTY_MAP],
      },
      (_h, _t, [keys, values, types]) => [newMap(keys as Value, values as Value, types as Value)],
    ),
    fn(
      'new_with_key_and_property_value',
      { params: [`vector<${STRING}>`, `vector<${PROPERTY_VALUE}>`], returns: [PROPERTY_MAP] },
      (_h, _t, [keys, values]) => {
        const [k, v] = [fieldsOf(keys as Value), fieldsOf(values as Value)];
        if (k.length > MAX_PROPERTY_MAP_SIZE) fail(1n, 'EPROPERTY_NUMBER_EXCEED_LIMIT');
        if (k.length !== v.length) fail(1n, 'EKEY_COUNT_NOT_MATCH_VALUE_COUNT');
        const map = emptyMap();
        k.forEach((key, i) => {
          checkName(key);
          addProperty(map, key, v[i] as Value);
        });
        return [map];
      },
    ),
    fn('empty', { params: [], returns: [PROPERTY_MAP] }, () => [emptyMap()]),
    fn(
      'contains_key',
      { params: [MAP_REF, STRING_REF], returns: ['bool'] },
      (_h, _t, [map, key]) => [containsKey(map as Value, deref(key as Value))],
    ),
    fn(
      'add',
      { params: [`&mut ${PROPERTY_MAP}`, STRING, PROPERTY_VALUE] },
      (_h, _t, [map, key, value]) => {
        addProperty(map as Value, key as Value, value as Value);
        return [];
      },
    ),
    fn('length', { params: [MAP_REF], returns: ['u64'] }, (_h, _t, [map]) => [
      BigInt(elements(map as Value).length),
    ]),
    fn(
      'borrow',
      { params: [MAP_REF, STRING_REF], returns: [`&${PROPERTY_VALUE}`] },
      (_h, _t, [map, key]) => {
        const i = indexOf(map as Value, deref(key as Value));
        if (i < 0) fail(0n, 'EPROPERTY_NOT_EXIST');
        return [new Ref(elements(map as Value)[i] as Value[], 1)];
      },
    ),
    fn('keys', { params: [MAP_REF], returns: [`vector<${STRING}>`] }, (_h, _t, [map]) => [
      elements(map as Value).map((e) => copyValue(e[0] as Value)),
    ]),
    fn('types', { params: [MAP_REF], returns: [`vector<${STRING}>`] }, (_h, _t, [map]) => [
      column(map as Value, 1),
    ]),
    fn('values', { params: [MAP_REF], returns: ['vector<vector<u8>>'] }, (_h, _t, [map]) => [
      column(map as Value, 0),
    ]),
    reader('read_string', STRING, 'to_string', STRING),
    reader('read_u8', 'u8', 'to_u8', 'u8'),
    reader('read_u64', 'u64', 'to_u64', 'u64'),
    reader('read_address', 'address', 'to_address', 'address'),
    reader('read_u128', 'u128', 'to_u128', 'u128'),
    reader('read_bool', 'bool', 'to_bool', 'bool'),
    fn(
      'borrow_value',
      { params: [`&${PROPERTY_VALUE}`], returns: ['vector<u8>'] },
      (_h, _t, [v]) => [copyValue(fieldsOf(v as Value)[0] as Value)],
    ),
    fn('borrow_type', { params: [`&${PROPERTY_VALUE}`], returns: [STRING] }, (_h, _t, [v]) => [
      copyValue(fieldsOf(v as Value)[1] as Value),
    ]),
    fn(
      'remove',
      { params: [`&mut ${PROPERTY_MAP}`, STRING_REF], returns: [STRING, PROPERTY_VALUE] },
      (_h, _t, [map, key]) => {
        const i = indexOf(map as Value, deref(key as Value));
        if (i < 0) fail(6n, 'EPROPERTY_NOT_EXIST');
        // simple_map::remove is a swap_remove: the last element moves into the hole.
        const all = elements(map as Value);
        const removed = all[i] as Value[];
        const last = all.pop() as Value[];
        if (i < all.length) all[i] = last;
        return removed;
      },
    ),
    fn(
      'update_property_map',
      {
        params: [
          `&mut ${PROPERTY_MAP}`,
          `vector<${STRING}>`,
          'vector<vector<u8>>',
          `vector<${STRING}>`,
        ],
      },
      (_h, _t, [map, keys, values, types]) => {
        updateMap(map as Value, keys as Value, values as Value, types as Value);
        return [];
      },
    ),
    fn(
      'update_property_value',
      { params: [`&mut ${PROPERTY_MAP}`, STRING_REF, PROPERTY_VALUE] },
      (_h, _t, [map, key, value]) => {
        updateValue(map as Value, deref(key as Value), value as Value);
        return [];
      },
    ),
    fn(
      'create_property_value_raw',
      { params: ['vector<u8>', STRING], returns: [PROPERTY_VALUE] },
      (_h, _t, [value, type]) => [[value as Value, type as Value]],
    ),
    fn(
      'create_property_value',
      { params: ['&T0'], returns: [PROPERTY_VALUE], typeParams: [['copy']] },
      (host, [t], [data]) => {
        const name = host.call(
          FRAMEWORK_ADDRESS,
          'type_info',
          'type_name',
          [t as Ty],
          [],
        )[0] as Value;
        const bytes = host.call(
          FRAMEWORK_ADDRESS,
          'bcs',
          'to_bytes',
          [t as Ty],
          [data as Value],
        )[0];
        const known = ['bool', 'u8', 'u64', 'u128', 'address', STRING].includes(textOf(name));
        return [[bytes as Value, known ? name : str('vector<u8>')]];
      },
    ),
  ],
};

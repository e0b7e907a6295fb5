/**
 * Move types and the text a person types for them: parsing, validation and conversion into the
 * draft's JSON arguments (`DraftArgument`), which the ts-sdk's entry-function builder accepts as
 * `functionArguments` together with the remote ABI.
 *
 * Pure: no React, no network. Numbers go through `BigInt`, never `number`.
 */
import {
  AccountAddress,
  parseTypeTag,
  TypeTagGeneric,
  TypeTagStruct,
  TypeTagVector,
  type TypeTag,
} from '@aptos-labs/ts-sdk';
import type { DraftArgument } from '../../../../machines';
import { parseAmount } from '../../../format/amounts';
import { parseAddress } from '../../../format/address';

/** The integer widths Move knows, unsigned and signed. */
export const integerKinds = [
  'u8',
  'u16',
  'u32',
  'u64',
  'u128',
  'u256',
  'i8',
  'i16',
  'i32',
  'i64',
  'i128',
  'i256',
] as const;
export type IntegerKind = (typeof integerKinds)[number];

/** A Move type as the composer reasons about it (plain data, built from the SDK's `TypeTag`). */
export type MoveType =
  | { kind: 'bool' }
  | { kind: 'address' }
  | { kind: 'signer' }
  | { kind: 'integer'; name: IntegerKind }
  | { kind: 'vector'; inner: MoveType }
  | { kind: 'string' }
  | { kind: 'object'; inner: string }
  | { kind: 'option'; inner: MoveType }
  | { kind: 'generic'; index: number }
  /** Any other struct (or a reference): it cannot be typed in as an entry function argument. */
  | { kind: 'struct'; name: string };

/** How the bytes of a `vector<u8>` are typed: `0x` hex or UTF-8 text. */
export type ByteEncoding = 'hex' | 'utf8';

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const fail = <T>(error: string): Parsed<T> => ({ ok: false, error });

/** What an argument can be, said once for the "unsupported type" errors. */
const supportedTypes =
  'bool, address, u8 to u256, i8 to i256, vector<T>, 0x1::string::String, 0x1::object::Object<T> and 0x1::option::Option<T>';

function integerRange(name: IntegerKind): { min: bigint; max: bigint } {
  const bits = BigInt(name.slice(1));
  if (name.startsWith('u')) return { min: 0n, max: (1n << bits) - 1n };
  return { min: -(1n << (bits - 1n)), max: (1n << (bits - 1n)) - 1n };
}

/** Short descriptions of what a value of each type looks like, for placeholders and errors. */
export function describeAllowed(type: MoveType): string {
  switch (type.kind) {
    case 'bool':
      return 'true or false';
    case 'address':
    case 'object':
      return 'an account address: 0x followed by 1 to 64 hex characters, e.g. 0x1';
    case 'integer': {
      const { min, max } = integerRange(type.name);
      return `a whole number from ${min} to ${max}`;
    }
    case 'string':
      return 'any text';
    case 'vector':
      return type.inner.kind === 'integer' && type.inner.name === 'u8'
        ? 'bytes as 0x hex (an even number of hex digits) or UTF-8 text'
        : `items separated by commas or one per line, each ${describeAllowed(type.inner)}`;
    case 'option':
      return `nothing (none) or ${describeAllowed(type.inner)}`;
    default:
      return 'nothing: this type cannot be entered';
  }
}

/** The type written out as Move writes it (generics as `T0`). */
export function formatMoveType(type: MoveType): string {
  switch (type.kind) {
    case 'integer':
      return type.name;
    case 'vector':
      return `vector<${formatMoveType(type.inner)}>`;
    case 'string':
      return '0x1::string::String';
    case 'object':
      return `0x1::object::Object<${type.inner}>`;
    case 'option':
      return `0x1::option::Option<${formatMoveType(type.inner)}>`;
    case 'generic':
      return `T${type.index}`;
    case 'struct':
      return type.name;
    default:
      return type.kind;
  }
}

/** Converts the SDK's type tag into a `MoveType`. */
export function fromTypeTag(tag: TypeTag): MoveType {
  // The SDK's `isBool()`-style guards narrow structurally identical classes to `never`, so the
  // primitives are told apart by their canonical names and the rest by class.
  const name = tag.toString();
  if (name === 'bool') return { kind: 'bool' };
  if (name === 'address') return { kind: 'address' };
  if (name === 'signer') return { kind: 'signer' };
  const integer = integerKinds.find((kind) => kind === name);
  if (integer) return { kind: 'integer', name: integer };
  if (tag instanceof TypeTagVector) return { kind: 'vector', inner: fromTypeTag(tag.value) };
  if (tag instanceof TypeTagGeneric) return { kind: 'generic', index: tag.value };
  if (tag instanceof TypeTagStruct) {
    if (tag.isString()) return { kind: 'string' };
    if (tag.isObject()) return { kind: 'object', inner: tag.value.typeArgs[0].toString() };
    if (tag.isOption()) return { kind: 'option', inner: fromTypeTag(tag.value.typeArgs[0]) };
  }
  return { kind: 'struct', name };
}

/**
 * Rewrites short non-special addresses inside a type (`0xcafe::m::S`) to their long form: the
 * SDK's type parser only accepts short forms for the special addresses `0x0` to `0xf`.
 */
function longAddressesInType(text: string): string {
  return text.replace(/0x[0-9a-fA-F]{1,64}(?=\s*::)/g, (address) =>
    AccountAddress.from(address, { maxMissingChars: 63 }).toString(),
  );
}

/**
 * Parses a parameter type from a module ABI (`u64`, `&signer`, `vector<T0>`, …).
 *
 * @example
 * ```ts
 * parseAbiType('0x1::option::Option<u64>'); // { kind: 'option', inner: { kind: 'integer', name: 'u64' } }
 * ```
 */
export function parseAbiType(param: string): MoveType {
  if (param === '&signer' || param === 'signer') return { kind: 'signer' };
  try {
    return fromTypeTag(parseTypeTag(longAddressesInType(param), { allowGenerics: true }));
  } catch {
    return { kind: 'struct', name: param };
  }
}

/** The parameters a person fills in: the ABI's params after the leading `signer`/`&signer` ones. */
export function argumentParams(params: readonly string[]): string[] {
  const first = params.findIndex((param) => param !== 'signer' && param !== '&signer');
  return first < 0 ? [] : params.slice(first);
}

/** A parsed type argument: the canonical tag string for the draft and its `MoveType`. */
export interface TypeArgument {
  tag: string;
  type: MoveType;
}

/**
 * Parses one type argument with the SDK's `parseTypeTag`.
 *
 * @example
 * ```ts
 * parseTypeArgument({ text: '0x1::aptos_coin::AptosCoin', label: 'T0' });
 * // { ok: true, value: { tag: '0x1::aptos_coin::AptosCoin', type: { kind: 'struct', … } } }
 * ```
 */
export function parseTypeArgument(args: { text: string; label: string }): Parsed<TypeArgument> {
  const text = args.text.trim();
  const allowed =
    'Use a Move type such as u64, address, vector<u8> or 0x1::aptos_coin::AptosCoin (address::module::Struct).';
  if (text === '') return fail(`${args.label} is empty. ${allowed}`);
  let tag: TypeTag;
  try {
    tag = parseTypeTag(longAddressesInType(text));
  } catch (error) {
    const reason =
      error instanceof Error ? error.message.replace(/^Failed to parse typeTag /, '') : '';
    return fail(`${args.label} is not a Move type (${reason || 'unreadable'}). ${allowed}`);
  }
  const type = fromTypeTag(tag);
  if (type.kind === 'signer' || /&|signer/.test(tag.toString())) {
    return fail(`${args.label} cannot be signer or a reference. ${allowed}`);
  }
  return ok({ tag: tag.toString(), type });
}

/**
 * Replaces generic parameters (`T0`) with the chosen type arguments. A missing or unreadable type
 * argument leaves an error naming it.
 */
export function resolveGenerics(
  type: MoveType,
  typeArguments: ReadonlyArray<TypeArgument | null>,
): Parsed<MoveType> {
  switch (type.kind) {
    case 'generic': {
      const chosen = typeArguments[type.index];
      if (!chosen) {
        return fail(
          `This argument's type is T${type.index}: set type argument T${type.index} to a valid type first.`,
        );
      }
      return ok(chosen.type);
    }
    case 'vector':
    case 'option': {
      const inner = resolveGenerics(type.inner, typeArguments);
      return inner.ok ? ok({ ...type, inner: inner.value }) : inner;
    }
    case 'object':
      // The inner type of Object<T> is only a marker: the argument is an address either way.
      return ok(type);
    default:
      return ok(type);
  }
}

/** True for the types whose value is a byte string (`vector<u8>`), where the encoding matters. */
export function isBytes(type: MoveType): boolean {
  return type.kind === 'vector' && type.inner.kind === 'integer' && type.inner.name === 'u8';
}

/** True when a `vector<u8>` appears anywhere in the type, so the hex / UTF-8 switch applies. */
export function containsBytes(type: MoveType): boolean {
  if (isBytes(type)) return true;
  if (type.kind === 'vector' || type.kind === 'option') return containsBytes(type.inner);
  return false;
}

function shown(text: string): string {
  if (text === '') return 'nothing';
  return text.length > 40 ? `"${text.slice(0, 40)}…"` : `"${text}"`;
}

/**
 * Validates an address as typed and returns its long form (the SDK's builder refuses short forms
 * of non-special addresses such as `0xcafe`).
 *
 * @example
 * ```ts
 * parseAddressText('0xcafe'); // { ok: true, value: '0x000…0cafe' }
 * ```
 */
export function parseAddressText(raw: string, what = 'address'): Parsed<string> {
  // The app's one address parser and message (src/format/address.ts).
  const parsed = parseAddress(raw, what);
  return parsed.ok ? ok(parsed.address) : fail(parsed.error);
}

/** A `u64` typed with a unit (`0.1 APT`, `250 octas`) is an amount of APT. */
const AMOUNT_WITH_UNIT = /^\s*[\d_,.]+\s*(apt|octas?)\s*$/i;

function parseAmountArgument(text: string): Parsed<string> {
  const amount = parseAmount(text, { bareUnit: 'octas', allowZero: true });
  return 'octas' in amount ? ok(amount.octas) : fail(`u64 amount: ${amount.error}`);
}

/**
 * Validates a whole number of the given Move integer type and returns it as a decimal string.
 *
 * @example
 * ```ts
 * parseInteger('256', 'u8'); // { ok: false, error: 'u8 must be a whole number from 0 to 255; got 256' }
 * ```
 */
export function parseInteger(raw: string, name: IntegerKind): Parsed<string> {
  const text = raw.trim();
  const { min, max } = integerRange(name);
  const expected = `${name} must be a whole number from ${min} to ${max}`;
  if (!/^-?\d+$/.test(text)) {
    const hint = /^-?\d+\.\d*$/.test(text)
      ? ' (no decimals)'
      : /^-?\d+e\d+$/i.test(text)
        ? ' (write the digits out, no exponent)'
        : '';
    return fail(`${expected}; got ${shown(text)}${hint}`);
  }
  const value = BigInt(text);
  if (value < min || value > max) return fail(`${expected}; got ${text}`);
  return ok(value.toString());
}

function parseBool(raw: string): Parsed<boolean> {
  const text = raw.trim().toLowerCase();
  if (text === 'true') return ok(true);
  if (text === 'false') return ok(false);
  return fail(`bool must be true or false; got ${shown(raw.trim())}`);
}

function byteArray(bytes: Uint8Array): string[] {
  return Array.from(bytes, (byte) => String(byte));
}

/**
 * Reads a `vector<u8>` as typed: `0x` hex (even digit count) or UTF-8 text. The bytes go into the
 * draft as an array of decimal strings: the SDK reads a plain string for `vector<u8>` as UTF-8
 * text, so a hex string would not be decoded.
 */
export function parseBytes(raw: string, encoding: ByteEncoding): Parsed<string[]> {
  if (encoding === 'utf8') {
    if (/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(raw)) {
      return fail('vector<u8> text must be valid UTF-8; it has a lone surrogate character');
    }
    return ok(byteArray(new TextEncoder().encode(raw)));
  }
  const text = raw.trim();
  const allowed = 'Use 0x followed by pairs of hex digits (e.g. 0x48656c6c6f, or 0x for no bytes)';
  if (!/^0x/i.test(text)) {
    return fail(
      `vector<u8> in hex must start with 0x; got ${shown(text)}. ${allowed}, or switch to UTF-8 text.`,
    );
  }
  const hex = text.slice(2);
  if (!/^[0-9a-fA-F]*$/.test(hex)) {
    return fail(`vector<u8> hex may only contain 0-9 and a-f; got ${shown(text)}. ${allowed}.`);
  }
  if (hex.length % 2 !== 0) {
    return fail(
      `vector<u8> hex needs an even number of digits (two per byte); got ${hex.length}. ${allowed}.`,
    );
  }
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return ok(byteArray(bytes));
}

/**
 * Splits a vector's text into items: one per line when there are several lines, otherwise
 * separated by commas. Surrounding `[` `]` are allowed. Strings are split on lines only (a string
 * may contain commas).
 */
function splitItems(raw: string, inner: MoveType): Parsed<string[]> {
  let text = raw.trim();
  if (text.startsWith('[') || text.endsWith(']')) {
    if (!(text.startsWith('[') && text.endsWith(']'))) {
      return fail(
        `the list has an unmatched bracket: ${shown(text)}; write items as a, b, c or [a, b, c]`,
      );
    }
    text = text.slice(1, -1).trim();
  }
  if (text === '') return ok([]);
  const byLine = text.includes('\n') || inner.kind === 'string';
  const parts = byLine ? text.split(/\r?\n/) : text.split(',');
  const items = parts.map((part) => (inner.kind === 'string' ? part : part.trim()));
  const empty = items.findIndex((item) => item.trim() === '' && inner.kind !== 'string');
  if (empty >= 0) {
    return fail(
      `item ${empty + 1} of the list is empty; separate items with ${byLine ? 'one per line' : 'single commas'}, with no blank ${byLine ? 'lines' : 'entries'}`,
    );
  }
  return ok(items);
}

/**
 * Parses the text typed for one argument of the given (generic-free) type into the draft's JSON.
 *
 * | Move type                  | draft value                                          |
 * | -------------------------- | ---------------------------------------------------- |
 * | `bool`                     | `true` / `false`                                     |
 * | `address`, `Object<T>`     | long-form address string `0x` + 64 hex               |
 * | `u8` … `u256`, `i8` … `i256` | decimal string                                     |
 * | `0x1::string::String`      | the text as typed                                    |
 * | `vector<u8>`               | array of byte values as decimal strings              |
 * | `vector<T>`                | array of T's values                                  |
 * | `Option<T>`                | `null` (empty input) or T's value                    |
 *
 * @example
 * ```ts
 * parseArgument({ type: { kind: 'integer', name: 'u64' }, text: '100000000' }); // { ok: true, value: '100000000' }
 * ```
 */
export function parseArgument(args: {
  type: MoveType;
  text: string;
  encoding?: ByteEncoding;
}): Parsed<DraftArgument> {
  const { type, text, encoding = 'hex' } = args;
  switch (type.kind) {
    case 'bool':
      return parseBool(text);
    case 'address':
      return parseAddressText(text);
    case 'object':
      return parseAddressText(text, `Object<${type.inner}> (an object address)`);
    case 'integer':
      return type.name === 'u64' && AMOUNT_WITH_UNIT.test(text)
        ? parseAmountArgument(text)
        : parseInteger(text, type.name);
    case 'string':
      if (/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text)) {
        return fail('String must be valid UTF-8; it has a lone surrogate character');
      }
      return ok(text);
    case 'option': {
      if (text.trim() === '') return ok(null);
      const inner = parseArgument({ type: type.inner, text, encoding });
      return inner.ok
        ? inner
        : fail(
            `Option: leave empty for none, or give ${describeAllowed(type.inner)}. ${inner.error}`,
          );
    }
    case 'vector': {
      if (isBytes(type)) return parseBytes(text, encoding);
      const items = splitItems(text, type.inner);
      if (!items.ok) return fail(`vector<${formatMoveType(type.inner)}>: ${items.error}`);
      const values: DraftArgument[] = [];
      for (const [index, item] of items.value.entries()) {
        const parsed = parseArgument({ type: type.inner, text: item, encoding });
        if (!parsed.ok) return fail(`item ${index + 1}: ${parsed.error}`);
        values.push(parsed.value);
      }
      return ok(values);
    }
    case 'generic':
      return fail(`T${type.index} must be resolved to a type argument first`);
    case 'signer':
      return fail('signer arguments come from the sender and cannot be typed in');
    case 'struct':
      return fail(
        `${type.name} cannot be entered as an argument; entry function arguments can be ${supportedTypes}`,
      );
  }
}

import type { JsonValue } from './types';

const MAX_DEPTH = 32;

function bytesToHex(bytes: Uint8Array): string {
  let hex = '0x';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/**
 * Converts any value to one that survives `JSON.stringify` unchanged: `bigint` becomes a decimal
 * string, byte arrays `0x` hex, errors `{ name, message }`, and functions, `undefined` and
 * symbols are left out. Cycles and very deep values are cut with the string `"[cycle]"` /
 * `"[too deep]"`.
 *
 * @param value - anything an SDK, a wallet or a test produced.
 * @returns a JSON-safe copy.
 * @example
 * ```ts
 * toJsonValue({ amount: 10n, bytes: new Uint8Array([1, 2]) }); // { amount: '10', bytes: '0x0102' }
 * ```
 */
export function toJsonValue(value: unknown): JsonValue {
  // Fastest path: plain data (what the SDK parsed from a node's JSON answer) copied in one walk.
  const plain = copyPlain(value);
  if (plain !== NOT_PLAIN) return plain;
  // Fast path: the engine's own JSON, with a replacer for what JSON cannot hold. Cycles make it
  // throw; the careful walk below handles those.
  try {
    const text = JSON.stringify(value, replaceUnjsonable);
    return text === undefined ? null : (JSON.parse(text) as JsonValue);
  } catch {
    return convert(value, new WeakSet<object>(), 0) ?? null;
  }
}

/**
 * A deep copy of a value that is JSON by construction (context, run records), equal to
 * `JSON.parse(JSON.stringify(value))` and several times faster for plain data.
 *
 * @param value - a JSON-safe value.
 * @returns an independent copy.
 */
export function cloneJson<T>(value: T): T {
  const plain = copyPlain(value);
  return (plain !== NOT_PLAIN ? plain : JSON.parse(JSON.stringify(value))) as T;
}

/** What {@link copyPlain} returns for anything that is not plain JSON data. */
const NOT_PLAIN: unique symbol = Symbol('not plain');

/**
 * Copies plain data (strings, booleans, finite numbers, `null`, arrays and plain objects) exactly
 * as `JSON.parse(JSON.stringify(value))` would, or returns {@link NOT_PLAIN} for anything else
 * (bigint, bytes, errors, class instances, `toJSON`, non-finite numbers, very deep or cyclic
 * values), which the callers hand to the engine's JSON instead.
 */
function copyPlain(value: unknown): JsonValue | typeof NOT_PLAIN {
  try {
    return copyValue(value, 0);
  } catch {
    return NOT_PLAIN;
  }
}

function copyValue(value: unknown, depth: number): JsonValue | typeof NOT_PLAIN {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      // JSON writes -0 as 0.
      return Number.isFinite(value) ? (value === 0 ? 0 : value) : NOT_PLAIN;
    case 'object':
      break;
    default:
      return NOT_PLAIN;
  }
  if (value === null) return null;
  if (depth > MAX_DEPTH || typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    return NOT_PLAIN;
  }
  if (Array.isArray(value)) {
    const items = value as unknown[];
    const copy: JsonValue[] = new Array<JsonValue>(items.length);
    for (let index = 0; index < items.length; index += 1) {
      const entry = items[index];
      if (entry === undefined || typeof entry === 'function' || typeof entry === 'symbol') {
        copy[index] = null;
        continue;
      }
      const converted = copyValue(entry, depth + 1);
      if (converted === NOT_PLAIN) return NOT_PLAIN;
      copy[index] = converted;
    }
    return copy;
  }
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return NOT_PLAIN;
  const copy: { [key: string]: JsonValue } = {};
  for (const key of Object.keys(value)) {
    const entry = (value as Record<string, unknown>)[key];
    if (entry === undefined || typeof entry === 'function' || typeof entry === 'symbol') continue;
    // Assigning `__proto__` would set the prototype; leave that rare key to the engine.
    if (key === '__proto__') return NOT_PLAIN;
    const converted = copyValue(entry, depth + 1);
    if (converted === NOT_PLAIN) return NOT_PLAIN;
    copy[key] = converted;
  }
  return copy;
}

function replaceUnjsonable(_key: string, value: unknown): unknown {
  switch (typeof value) {
    case 'bigint':
      return value.toString();
    case 'number':
      return Number.isFinite(value) ? value : String(value);
    case 'object':
      if (value instanceof Uint8Array) return bytesToHex(value);
      if (value instanceof Error) {
        const copy: Record<string, unknown> = { name: value.name, message: value.message };
        for (const [key, entry] of Object.entries(value)) copy[key] = entry;
        if (value.cause !== undefined) copy.cause = value.cause;
        return copy;
      }
      return value;
    default:
      return value;
  }
}

function convert(value: unknown, seen: WeakSet<object>, depth: number): JsonValue | undefined {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) ? value : String(value);
    case 'bigint':
      return value.toString();
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined;
  }
  if (value === null) return null;
  const object = value as object;
  if (depth > MAX_DEPTH) return '[too deep]';
  if (seen.has(object)) return '[cycle]';
  if (object instanceof Uint8Array) return bytesToHex(object);
  seen.add(object);
  try {
    if (object instanceof Error) {
      const copy: { [key: string]: JsonValue } = { name: object.name, message: object.message };
      for (const [key, entry] of Object.entries(object)) {
        const converted = convert(entry, seen, depth + 1);
        if (converted !== undefined) copy[key] = converted;
      }
      if (object.cause !== undefined) {
        const cause = convert(object.cause, seen, depth + 1);
        if (cause !== undefined) copy.cause = cause;
      }
      return copy;
    }
    if (Array.isArray(object)) {
      return object.map((entry) => convert(entry, seen, depth + 1) ?? null);
    }
    const withJson = object as { toJSON?: unknown };
    if (typeof withJson.toJSON === 'function') {
      return convert((withJson.toJSON as () => unknown).call(object), seen, depth + 1);
    }
    const copy: { [key: string]: JsonValue } = {};
    for (const [key, entry] of Object.entries(object)) {
      const converted = convert(entry, seen, depth + 1);
      if (converted !== undefined) copy[key] = converted;
    }
    return copy;
  } finally {
    seen.delete(object);
  }
}

/** Keys whose values never enter a record: private keys, seeds, phrases, secrets. */
const SECRET_KEY = /private|secret|mnemonic|seed|phrase|password/i;
/** AIP-80 private keys (`ed25519-priv-0x…`, `secp256k1-priv-0x…`). */
const AIP80_KEY = /\b[a-z0-9]+-priv-0x[0-9a-f]+/gi;
/** 32 bytes of hex inside text, as a raw private key is written; not a module path (`0x…::m`). */
const HEX32_IN_TEXT = /\b(?:0x)?[0-9a-f]{64}\b(?!::)/gi;
/** A value that is hex and nothing else: a hash, an address, BCS. */
const WHOLE_HEX = /^(?:0x)?[0-9a-f]+$/i;
/** A recovery phrase: twelve or more short lower-case words in a row (BIP-39 words are 3–8). */
const PHRASE = /\b[a-z]{3,8}(?: [a-z]{3,8}){11,}\b/g;

function redactText(text: string): string {
  // Most strings in a record are hashes, addresses, BCS, numbers or short names; none of the
  // patterns can match them, so they are kept without running each pattern over them. An AIP-80
  // key needs a `-`, a phrase a space, a 32-byte hex value 64 characters; a string that is hex
  // and nothing else has neither a `-` nor a space, so it is kept as it is.
  const dash = text.includes('-');
  const space = text.includes(' ');
  if (!dash && !space && (text.length < 64 || WHOLE_HEX.test(text))) return text;
  let redacted = dash ? text.replace(AIP80_KEY, '[redacted]') : text;
  if (space) redacted = redacted.replace(PHRASE, '[redacted]');
  if (redacted.length < 64) return redacted;
  return WHOLE_HEX.test(redacted) ? redacted : redacted.replace(HEX32_IN_TEXT, '[redacted]');
}

/**
 * Copies a JSON value with secrets replaced by `"[redacted]"`: values under keys that name a
 * private key, seed, phrase or secret; and, inside any string, AIP-80 keys, recovery phrases and
 * 32-byte hex values within text. A string that is hex and nothing else is kept: a raw key cannot
 * be told from a hash or an address there, and records are full of those.
 *
 * @param value - a JSON-safe value.
 * @returns the same value without secrets.
 * @example
 * ```ts
 * redactSecrets({ cause: `bad key ${'ab'.repeat(32)}` }); // { cause: 'bad key [redacted]' }
 * ```
 */
export function redactSecrets(value: JsonValue): JsonValue {
  if (typeof value === 'string') return redactText(value);
  if (Array.isArray(value)) {
    const copy: JsonValue[] = new Array<JsonValue>(value.length);
    for (let index = 0; index < value.length; index += 1) {
      copy[index] = redactSecrets(value[index] as JsonValue);
    }
    return copy;
  }
  if (value !== null && typeof value === 'object') {
    const copy: { [key: string]: JsonValue } = {};
    for (const key of Object.keys(value)) {
      copy[key] = isSecretKey(key) ? '[redacted]' : redactSecrets(value[key] as JsonValue);
    }
    return copy;
  }
  return value;
}

/** Whether a key names a secret; the answer for each key seen is kept (records repeat keys). */
const secretKeys = new Map<string, boolean>();
function isSecretKey(key: string): boolean {
  let secret = secretKeys.get(key);
  if (secret === undefined) {
    secret = SECRET_KEY.test(key);
    if (secretKeys.size < 4096) secretKeys.set(key, secret);
  }
  return secret;
}

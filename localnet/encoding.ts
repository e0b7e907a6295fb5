import { hash } from 'node:crypto';

/** A 32-byte account address in long form: `0x` and 64 lowercase hex digits. */
export type LongAddress = `0x${string}`;

const ADDRESS_RE = /^(0x)?[0-9a-fA-F]{1,64}$/;
const HASH_RE = /^(0x)?[0-9a-fA-F]{64}$/;

/** Parses an address written short (`0x1`) or long, with or without `0x`; `null` when malformed. */
export function parseAddress(input: string): LongAddress | null {
  if (!ADDRESS_RE.test(input)) return null;
  const digits = input.startsWith('0x') ? input.slice(2) : input;
  return `0x${digits.toLowerCase().padStart(64, '0')}`;
}

/** The short form the REST API prints: leading zeros stripped, at least one digit. */
export function shortAddress(address: LongAddress): `0x${string}` {
  // A character loop, not a RegExp: this runs on every struct id and every event's store.
  let start = 2;
  while (start < address.length && address.charCodeAt(start) === 48) start += 1;
  return start >= address.length ? '0x0' : `0x${address.slice(start)}`;
}

/** Parses a 32-byte hash written with or without `0x`; `null` when malformed. */
export function parseHash(input: string): `0x${string}` | null {
  if (!HASH_RE.test(input)) return null;
  return `0x${(input.startsWith('0x') ? input.slice(2) : input).toLowerCase()}`;
}

export function toHex(bytes: Uint8Array): `0x${string}` {
  return `0x${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex')}`;
}

export function fromHex(hex: string): Uint8Array {
  const digits = hex.startsWith('0x') ? hex.slice(2) : hex;
  return new Uint8Array(Buffer.from(digits, 'hex'));
}

/** SHA3-256 through OpenSSL's one-shot `crypto.hash` (much faster than a pure-JS hash on the hot path). */
export function sha3(...parts: Uint8Array[]): Uint8Array {
  const input = parts.length === 1 ? (parts[0] ?? new Uint8Array()) : Buffer.concat(parts);
  return new Uint8Array(hash('sha3-256', input, 'buffer'));
}

/** `toHex(sha3(...parts))` in one step (OpenSSL writes the hex; no intermediate copies). */
export function sha3Hex(...parts: Uint8Array[]): `0x${string}` {
  const input = parts.length === 1 ? (parts[0] ?? new Uint8Array()) : Buffer.concat(parts);
  return `0x${hash('sha3-256', input, 'hex')}`;
}

export const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

export const ZERO_HASH = `0x${'0'.repeat(64)}` as const;

/** Little-endian bytes of an unsigned integer of `size` bytes (BCS u8…u256). */
export function uintLe(value: bigint, size: number): Uint8Array {
  const out = new Uint8Array(size);
  let rest = value;
  for (let i = 0; i < size; i += 1) {
    out[i] = Number(rest & 0xffn);
    rest >>= 8n;
  }
  return out;
}

/** BCS ULEB128 length prefix. */
export function uleb128(value: number): Uint8Array {
  const out: number[] = [];
  let rest = value >>> 0;
  do {
    let byte = rest & 0x7f;
    rest >>>= 7;
    if (rest !== 0) byte |= 0x80;
    out.push(byte);
  } while (rest !== 0);
  return new Uint8Array(out);
}

export function concatBytes(parts: Uint8Array[]): Uint8Array {
  const total = parts.reduce((sum, part) => sum + part.length, 0);
  const out = new Uint8Array(total);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** A bound on a `BoundedMap`'s total weight (bytes, characters), beside its count. */
export interface WeightBound<K, V> {
  maxWeight: number;
  weigh: (key: K, value: V) => number;
}

/**
 * A map of at most `limit` entries, and optionally at most `maxWeight` in total by `weigh`: past
 * a bound the least recently used entries go (a `get` or a `set` is a use). For caches keyed by
 * what clients send, which would otherwise grow with every new key.
 */
export class BoundedMap<K, V> {
  private readonly map = new Map<K, V>();
  private weight = 0;

  constructor(
    readonly limit: number,
    private readonly bound: WeightBound<K, V> | null = null,
  ) {}

  get size(): number {
    return this.map.size;
  }

  /** The total weight held (0 without a weight bound). */
  get totalWeight(): number {
    return this.weight;
  }

  get(key: K): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }

  has(key: K): boolean {
    return this.map.has(key);
  }

  set(key: K, value: V): void {
    this.delete(key);
    this.map.set(key, value);
    if (this.bound !== null) this.weight += this.bound.weigh(key, value);
    while (
      this.map.size > this.limit ||
      (this.bound !== null && this.weight > this.bound.maxWeight && this.map.size > 1)
    ) {
      const oldest = this.map.keys().next();
      if (oldest.done === true) break;
      this.delete(oldest.value);
    }
  }

  delete(key: K): boolean {
    if (!this.map.has(key)) return false;
    if (this.bound !== null) this.weight -= this.bound.weigh(key, this.map.get(key) as V);
    return this.map.delete(key);
  }

  clear(): void {
    this.map.clear();
    this.weight = 0;
  }

  /** Oldest (least recently used) first. */
  keys(): IterableIterator<K> {
    return this.map.keys();
  }

  entries(): IterableIterator<[K, V]> {
    return this.map.entries();
  }
}

/** Memoizes a one-argument function in a `BoundedMap` of `limit` entries (`cache`, for tests). */
export function memoize<K, V>(
  limit: number,
  compute: (key: K) => V,
  bound: WeightBound<K, V> | null = null,
): ((key: K) => V) & { cache: BoundedMap<K, V> } {
  const cache = new BoundedMap<K, V>(limit, bound);
  return Object.assign(
    (key: K) => {
      let value = cache.get(key);
      if (value === undefined) {
        value = compute(key);
        cache.set(key, value);
      }
      return value;
    },
    { cache },
  );
}

/** A JSON value as the REST API prints it (u64 and wider are already decimal strings). */
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** Narrows away `undefined`/`null` where an invariant guarantees a value; throws if it is broken. */
export function must<T>(value: T | undefined | null, what = 'value'): T {
  if (value === undefined || value === null)
    throw new Error(`localnet invariant broken: missing ${what}`);
  return value;
}

import { generateKeyPairSync, sign } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BoundedMap, memoize, toHex, type LongAddress } from '../../localnet/encoding.ts';
import {
  TYPE_TAG_CACHED_LENGTH,
  TYPE_TAG_CACHE_LIMIT,
  typeTagCache,
  typeTagOf,
} from '../../localnet/executor/moveValues.ts';
import {
  ED25519_KEY_CACHE_LIMIT,
  ed25519Key,
  verifyEd25519,
} from '../../localnet/executor/signatures.ts';
import { PRIMARY_STORE_CACHE_LIMIT, primaryStoreAddress } from '../../localnet/framework/assets.ts';
import { writeModule } from '../../localnet/move/binary/writer.ts';
import {
  compiledOf,
  MODULE_CACHE_LIMIT,
  MODULE_CACHE_MAX_HEX,
  moduleCaches,
} from '../../localnet/move/store.ts';
import { SNAPSHOT_LIMIT } from '../../localnet/node/devControls.ts';
import { VerifyPool } from '../../localnet/node/verifyPool.ts';
import { startChain, type Chain } from './helpers.ts';
import { ModuleBuilder } from './move/vmBuilder.ts';

/**
 * Every cache or map of the chain that a client's input adds to is bounded (issue 35: a stream
 * of table-item requests, each with a new 60 KB key type answered 400, grew the chain by ~120 KB a
 * request, for good). Each bound is tested at the bound: one more than it fits, and which went.
 */
const address = (i: number) => `0x${i.toString(16).padStart(64, '0')}` as LongAddress;
const rawKey = () => {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = new Uint8Array(publicKey.export({ format: 'der', type: 'spki' }).subarray(12));
  return { raw, privateKey };
};

describe('BoundedMap', () => {
  it('drops the least recently used entry past its count', () => {
    const map = new BoundedMap<string, number>(3);
    map.set('a', 1);
    map.set('b', 2);
    map.set('c', 3);
    expect(map.get('a')).toBe(1); // a use: b is now the oldest
    map.set('d', 4);
    expect(map.size).toBe(3);
    expect([...map.keys()]).toEqual(['c', 'a', 'd']);
    expect(map.has('b')).toBe(false);
    map.set('c', 30); // setting an existing key is a use, not a new entry
    map.set('e', 5);
    expect([...map.keys()]).toEqual(['d', 'c', 'e']);
  });

  it('drops the oldest entries past its weight, and keeps one entry heavier than the bound', () => {
    const map = new BoundedMap<string, string>(100, {
      maxWeight: 10,
      weigh: (_key, value) => value.length,
    });
    map.set('a', 'xxxx');
    map.set('b', 'xxxx');
    expect(map.totalWeight).toBe(8);
    map.set('c', 'xxxx');
    expect([...map.keys()]).toEqual(['b', 'c']);
    expect(map.totalWeight).toBe(8);
    map.set('big', 'x'.repeat(50));
    expect([...map.keys()]).toEqual(['big']);
    expect(map.totalWeight).toBe(50);
    map.delete('big');
    expect(map.totalWeight).toBe(0);
  });

  it('memoize computes again what was dropped', () => {
    let calls = 0;
    const square = memoize(2, (n: number) => {
      calls += 1;
      return n * n;
    });
    [1, 2, 3].forEach(square);
    expect(square.cache.size).toBe(2);
    expect(square.cache.has(1)).toBe(false);
    expect(square(1)).toBe(1);
    expect(calls).toBe(4);
  });
});

describe('caches keyed by client input', () => {
  it('parsed types: at most TYPE_TAG_CACHE_LIMIT, the least recently used going; long ones not kept', () => {
    typeTagCache.clear();
    const type = (i: number) => `0x1::m${i}::S`;
    for (let i = 0; i <= TYPE_TAG_CACHE_LIMIT; i += 1) typeTagOf(type(i));
    expect(typeTagCache.size).toBe(TYPE_TAG_CACHE_LIMIT);
    expect(typeTagCache.has(type(0))).toBe(false);
    expect(typeTagCache.has(type(1))).toBe(true);
    expect(typeTagCache.has(type(TYPE_TAG_CACHE_LIMIT))).toBe(true);
    // A client's 60 KB type name parses, and is not kept.
    const long = `0x1::${'m'.repeat(60_000)}::S`;
    expect(long.length).toBeGreaterThan(TYPE_TAG_CACHED_LENGTH);
    expect(typeTagOf(long).toString()).toBe(long);
    expect(typeTagCache.has(long)).toBe(false);
    expect(typeTagCache.size).toBe(TYPE_TAG_CACHE_LIMIT);
  });

  it('Ed25519 keys parsed on the main thread: at most ED25519_KEY_CACHE_LIMIT', () => {
    ed25519Key.cache.clear();
    const message = new Uint8Array([1, 2, 3]);
    const keys = Array.from({ length: ED25519_KEY_CACHE_LIMIT + 1 }, rawKey);
    for (const key of keys) {
      const signature = new Uint8Array(sign(null, message, key.privateKey));
      expect(verifyEd25519(key.raw, message, signature)).toBe(true);
    }
    expect(ed25519Key.cache.size).toBe(ED25519_KEY_CACHE_LIMIT);
    const hex = (raw: Uint8Array) => Buffer.from(raw).toString('hex');
    expect(ed25519Key.cache.has(hex(keys[0]?.raw ?? new Uint8Array()))).toBe(false);
    expect(ed25519Key.cache.has(hex(keys[1]?.raw ?? new Uint8Array()))).toBe(true);
  }, 30_000);

  it('Ed25519 keys parsed by a verify worker: at most ED25519_KEY_CACHE_LIMIT', async () => {
    const pool = new VerifyPool(1);
    try {
      const message = new Uint8Array([4, 5, 6]);
      const count = ED25519_KEY_CACHE_LIMIT + 100;
      const keys = Array.from({ length: count }, rawKey);
      // One burst: the first check runs here, the rest go to the worker.
      const results = await Promise.all(
        keys.map((key) =>
          pool.verify(key.raw, message, new Uint8Array(sign(null, message, key.privateKey))),
        ),
      );
      expect(results.every(Boolean)).toBe(true);
      expect(pool.workerKeyCacheSizes()).toEqual([ED25519_KEY_CACHE_LIMIT]);
    } finally {
      await pool.close();
    }
  }, 30_000);

  it('primary store addresses: at most PRIMARY_STORE_CACHE_LIMIT', () => {
    primaryStoreAddress.cache.clear();
    for (let i = 0; i <= PRIMARY_STORE_CACHE_LIMIT; i += 1) primaryStoreAddress(address(i));
    expect(primaryStoreAddress.cache.size).toBe(PRIMARY_STORE_CACHE_LIMIT);
    expect(primaryStoreAddress.cache.has(address(0))).toBe(false);
    expect(primaryStoreAddress.cache.has(address(1))).toBe(true);
  });

  it('deserialized modules and their ABIs: at most MODULE_CACHE_LIMIT, and MODULE_CACHE_MAX_HEX of bytecode', () => {
    moduleCaches.compiled.clear();
    const hexOf = (name: string) =>
      toHex(writeModule(new ModuleBuilder(address(0xcafe), name).build())) as `0x${string}`;
    const hexes = Array.from({ length: MODULE_CACHE_LIMIT + 1 }, (_, i) => hexOf(`m${i}`));
    for (const hex of hexes) compiledOf(hex);
    expect(moduleCaches.compiled.size).toBe(MODULE_CACHE_LIMIT);
    expect(moduleCaches.compiled.has(hexes[0] ?? '')).toBe(false);
    expect(moduleCaches.compiled.has(hexes[1] ?? '')).toBe(true);
    // Weighed by the length of the bytecode's hex, against MODULE_CACHE_MAX_HEX (the weight
    // bound itself is tested on BoundedMap above).
    expect(moduleCaches.compiled.totalWeight).toBe(
      hexes.slice(1).reduce((sum, hex) => sum + hex.length, 0),
    );
    expect(moduleCaches.compiled.totalWeight).toBeLessThan(MODULE_CACHE_MAX_HEX);
  });
});

describe('through the node', () => {
  let chain: Chain;
  beforeAll(async () => {
    chain = await startChain();
  }, 30_000);
  afterAll(async () => {
    await chain.localnet.stop();
  });

  it('a table-item request with a new 60 KB key type is answered 400 and keeps nothing', async () => {
    typeTagCache.clear();
    for (let i = 0; i < 3; i += 1) {
      const response = await chain.rest(`/tables/0x${'1'.repeat(64)}/item`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          key_type: `0x1::m${i}${'x'.repeat(60_000)}::S`,
          value_type: 'u64',
          key: {},
        }),
      });
      expect(response.status).toBe(400);
    }
    expect([...typeTagCache.keys()].filter((key) => key.length > 1_000)).toEqual([]);
  });

  it(`snapshots: the newest SNAPSHOT_LIMIT; an older id answers as unknown`, async () => {
    const ids: string[] = [];
    for (let i = 0; i <= SNAPSHOT_LIMIT; i += 1)
      ids.push(((await chain.dev('snapshot')) as { id: string }).id);
    await expect(chain.dev('revert', { id: ids[0] })).rejects.toThrow('Unknown snapshot id');
    await expect(chain.dev('revert', { id: ids[1] })).resolves.toBeDefined();
  }, 60_000);
});

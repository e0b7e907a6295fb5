import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Json } from '../../../localnet/encoding.ts';
import { FRAMEWORK_LINK } from '../../../localnet/framework/vmBridge.ts';
import type { NativeHost } from '../../../localnet/move/vm/loader.ts';
import { stdNative } from '../../../localnet/move/vm/natives.ts';
import { VmSession } from '../../../localnet/move/vm/session.ts';
import type { Value } from '../../../localnet/move/vm/values.ts';
import type { StateValue } from '../../../localnet/storage/types.ts';
import { resourceKey } from '../../../localnet/storage/types.ts';
import { failure } from './vmWorld.ts';
import { host as harnessHost, ONE } from './nativeHarness.ts';

/**
 * `0x1::randomness` against randomness.move: values from sha3-256("APTOS_RANDOMNESS" ‖ seed ‖
 * txn hash ‖ counter), read as the Move code reads them, one event per public call.
 */
const TXN = Buffer.alloc(32, 7);

/** A fresh transaction: its own counter, state and events. */
function transaction(state = new Map<string, StateValue>()) {
  const events: Array<{ type: string; data: Json }> = [];
  const session = new VmSession(
    {
      signers: [],
      timestampMicros: 0n,
      chainId: 4,
      get: (k) => state.get(k) ?? null,
      write: (k, v) => {
        if (v === null) state.delete(k);
        else state.set(k, v);
      },
      emit: (type, data) => void events.push({ type, data }),
      charge: () => undefined,
    },
    { module: () => null },
    new Uint8Array(TXN),
    FRAMEWORK_LINK,
  );
  // The harness host's other members, over this transaction's session.
  const host: NativeHost = {
    ...harnessHost,
    charge: () => undefined,
    layout: (s, args) => session.layout(s, args),
    session,
  };
  const call = (name: string, args: Value[] = []): Value[] => {
    const impl = stdNative(ONE, 'randomness', name);
    if (impl === undefined) throw new Error(`no native randomness::${name}`);
    return impl(host, [], args);
  };
  return { call, events, state };
}

/** The node's `next_32_bytes` for call number `counter` of the transaction. */
function block(counter: number, seed = Buffer.alloc(32)): Buffer {
  const c = Buffer.alloc(8);
  c.writeBigUInt64LE(BigInt(counter));
  return createHash('sha3-256')
    .update(Buffer.concat([Buffer.from('APTOS_RANDOMNESS'), seed, TXN, c]))
    .digest();
}
/** `ret = ret * 256 + pop_back()`, `n` times. */
const fromBack = (raw: Buffer, n: number): bigint => {
  let ret = 0n;
  for (let i = 0; i < n; i += 1) ret = ret * 256n + BigInt(raw[31 - i] as number);
  return ret;
};

describe('0x1::randomness', () => {
  it('integers pop bytes off the back of successive sha3 blocks; each call emits an event', () => {
    const { call, events } = transaction();
    expect(call('u8_integer')).toEqual([Number(fromBack(block(0), 1))]);
    expect(call('u64_integer')).toEqual([fromBack(block(1), 8)]);
    expect(call('u256_integer')).toEqual([fromBack(block(2), 32)]);
    expect(events).toEqual(
      Array(3).fill({
        type: '0x1::randomness::RandomnessGeneratedEvent',
        data: { dummy_field: false },
      }),
    );
  });

  it('ranges reduce a u256 sample; an empty or reversed range is an arithmetic error', () => {
    const { call } = transaction();
    expect(call('u64_range', [10n, 20n])).toEqual([10n + (fromBack(block(0), 32) % 10n)]);
    expect(call('u8_range', [3, 5])).toEqual([3 + Number(fromBack(block(1), 32) % 2n)]);
    const [r0, r1] = [fromBack(block(2), 32), fromBack(block(3), 32)];
    const span = (1n << 200n) + 12345n;
    expect(call('u256_range', [1n, 1n + span])).toEqual([1n + (((r1 << 256n) + r0) % span)]);
    expect(failure(() => call('u64_range', [5n, 5n]))).toBe('ARITHMETIC_ERROR');
    expect(failure(() => call('u64_range', [6n, 5n]))).toBe('ARITHMETIC_ERROR');
  });

  it('bytes and permutation as the Move loops', () => {
    const { call } = transaction();
    const [bytes] = call('bytes', [40n]);
    expect(bytes).toEqual(
      [...Buffer.from(block(0)).reverse(), ...Buffer.from(block(1)).reverse()].slice(0, 40),
    );
    const [perm] = call('permutation', [4n]);
    // Fisher–Yates from the back: swap(u64_range_internal(0, tail + 1), tail).
    const expected = [0n, 1n, 2n, 3n];
    for (let tail = 3, n = 2; tail > 0; tail -= 1, n += 1) {
      const at = Number(fromBack(block(n), 32) % BigInt(tail + 1));
      [expected[at], expected[tail]] = [expected[tail] as bigint, expected[at] as bigint];
    }
    expect(perm).toEqual(expected);
    expect(call('permutation', [0n])).toEqual([[]]);
  });

  it('uses PerBlockRandomness.seed when state has one; initialize is the framework’s', () => {
    const seed = Buffer.alloc(32, 0xab);
    const state = new Map<string, StateValue>();
    const { call } = transaction(state);
    expect(failure(() => call('initialize', [`0x${'0'.repeat(63)}2`]))).toBe(
      'Move abort in 0x1::system_addresses: ENOT_APTOS_FRAMEWORK_ADDRESS(0x50003): The address/account did not correspond to the core framework address',
    );
    call('initialize', [ONE]);
    const key = resourceKey(ONE, '0x1::randomness::PerBlockRandomness');
    expect(state.get(key)).toMatchObject({ data: { epoch: '0', round: '0', seed: { vec: [] } } });
    state.set(key, {
      kind: 'resource',
      address: ONE,
      type: '0x1::randomness::PerBlockRandomness',
      data: { epoch: '1', round: '2', seed: { vec: [`0x${seed.toString('hex')}`] } },
    });
    expect(call('u16_integer')).toEqual([Number(fromBack(block(0, seed), 2))]);
  });
});

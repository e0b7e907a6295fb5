/**
 * `0x1::randomness` natively, following `randomness.move`: every value comes from
 * `next_32_bytes() = sha3_256("APTOS_RANDOMNESS" ‖ seed ‖ txn_hash ‖ counter)`, `counter` the
 * transaction's 8-byte little-endian call count (`fetch_and_increment_txn_counter`), and the
 * integer functions read those bytes from the back as the Move loops `pop_back` them; ranges
 * reduce a u256 sample modulo the range (`u256_range`: two samples, `(r1 · 2^256 + r0) mod
 * range`), `permutation` is the Move Fisher–Yates, and each public function emits
 * `RandomnessGeneratedEvent`.
 *
 * How this differs from a node:
 * - a node's seed is the block's, from the validators' DKG (`PerBlockRandomness.seed`); this
 *   chain has no DKG, so the seed is `PerBlockRandomness.seed` when state holds one and 32 zero
 *   bytes otherwise (what the framework's own tests set), which makes every value a function of
 *   the transaction's hash: reproducible, not unpredictable;
 * - a node answers `E_API_USE_IS_BIASIBLE` (abort 1) unless the transaction's entry function is
 *   a private `#[randomness]` one; here any caller gets values.
 */
import { createHash } from 'node:crypto';
import type { LongAddress } from '../../../encoding.ts';
import { resourceKey } from '../../../storage/types.ts';
import { BytecodeAbort, vmError } from '../errors.ts';
import type { NativeHost, NativeImpl, NativeSession } from '../loader.ts';
import { GAS_PARAMS } from '../ops.ts';
import { T } from '../ty.ts';
import type { Value } from '../values.ts';
import { Ref } from '../values.ts';

const FRAMEWORK = `0x${'0'.repeat(63)}1` as LongAddress;
const PER_BLOCK = '0x1::randomness::PerBlockRandomness';
const DST = Buffer.from('APTOS_RANDOMNESS');
/** `aptos_framework.randomness.fetch_and_inc_counter` (v1.48.0). */
const COUNTER_GAS = 10;
/** About one iteration of a Move loop. */
const PER_STEP = 735;
const EVENT = T.struct({
  address: FRAMEWORK,
  module: 'randomness',
  name: 'RandomnessGeneratedEvent',
});

const counters = new WeakMap<NativeSession, bigint>();

/** The block seed: `PerBlockRandomness.seed` in state, else 32 zero bytes (no DKG here). */
function seedOf(session: NativeSession): Buffer {
  const stored = session.ctx.get(resourceKey(FRAMEWORK, PER_BLOCK));
  const vec = stored?.kind === 'resource' ? (stored.data.seed as { vec?: string[] }).vec : [];
  const hex = vec?.[0];
  return hex === undefined ? Buffer.alloc(32) : Buffer.from(hex.slice(2), 'hex');
}

function next32(host: NativeHost): Buffer {
  host.charge(COUNTER_GAS);
  const session = host.session;
  const count = counters.get(session) ?? 0n;
  counters.set(session, count + 1n);
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64LE(count);
  const input = Buffer.concat([DST, seedOf(session), session.seed, counter]);
  host.charge(GAS_PARAMS.hashBase + GAS_PARAMS.hashPerByte * input.length);
  return createHash('sha3-256').update(input).digest();
}

/** The Move loops' `ret = ret * 256 + pop_back()`, `bytes` times. */
function integer(host: NativeHost, bytes: number): bigint {
  const raw = next32(host);
  let ret = 0n;
  for (let i = 0; i < bytes; i += 1) ret = ret * 256n + BigInt(raw[31 - i] as number);
  return ret;
}

const emit = (host: NativeHost): void => {
  host.charge(GAS_PARAMS.nativeBase);
  host.session.emit(EVENT, [false]);
};

/** `min + u256 % (max - min)`: an empty range divides by zero, a reversed one underflows. */
function range(host: NativeHost, min: bigint, max: bigint): bigint {
  if (max < min) throw vmError('ARITHMETIC_ERROR');
  const sample = integer(host, 32);
  if (max === min) throw vmError('ARITHMETIC_ERROR');
  return min + (sample % (max - min));
}

const small = (v: Value | undefined): bigint => BigInt(v as number);

const INTEGERS: Array<[string, number, boolean]> = [
  ['u8', 1, false],
  ['u16', 2, false],
  ['u32', 4, false],
  ['u64', 8, true],
  ['u128', 16, true],
  ['u256', 32, true],
];

/** `[function, implementation]` of `0x1::randomness`. */
export const RANDOMNESS: ReadonlyArray<[string, NativeImpl]> = [
  ...INTEGERS.map(([ty, bytes, big]): [string, NativeImpl] => [
    `${ty}_integer`,
    (host) => {
      const value = integer(host, bytes);
      emit(host);
      return [big ? value : Number(value)];
    },
  ]),
  ...INTEGERS.filter(([ty]) => ty !== 'u64' && ty !== 'u256').map(
    ([ty, , big]): [string, NativeImpl] => [
      `${ty}_range`,
      (host, _t, [min, max]) => {
        const value = range(host, small(min), small(max));
        emit(host);
        return [big ? value : Number(value)];
      },
    ],
  ),
  [
    'u64_range',
    (host, _t, [min, max]) => {
      emit(host);
      return [range(host, min as bigint, max as bigint)];
    },
  ],
  ['u64_range_internal', (host, _t, [min, max]) => [range(host, min as bigint, max as bigint)]],
  [
    'u256_range',
    (host, _t, [min, max]) => {
      const lo = min as bigint;
      const hi = max as bigint;
      if (hi < lo) throw vmError('ARITHMETIC_ERROR');
      const r0 = integer(host, 32);
      const r1 = integer(host, 32);
      if (hi === lo) throw vmError('ARITHMETIC_ERROR');
      // The Move code doubles `r1 % range` 256 times modulo the range, then adds `r0 % range`.
      host.charge(PER_STEP * 256);
      const sample = ((r1 << 256n) + r0) % (hi - lo);
      emit(host);
      return [lo + sample];
    },
  ],
  [
    'bytes',
    (host, _t, [n]) => {
      const want = n as bigint;
      host.charge(PER_STEP * Number(want / 32n + 1n));
      const out: number[] = [];
      for (let c = 0n; c < want; c += 32n) out.push(...next32(host).reverse());
      out.length = Number(want);
      emit(host);
      return [out];
    },
  ],
  [
    'permutation',
    (host, _t, [n]) => {
      emit(host);
      const size = n as bigint;
      // Charged before building, so a huge permutation runs out of gas, not memory.
      host.charge(PER_STEP * Number(size));
      const values: bigint[] = [];
      for (let i = 0n; i < size; i += 1n) values.push(i);
      for (let tail = values.length - 1; tail > 0; tail -= 1) {
        const at = Number(range(host, 0n, BigInt(tail + 1)));
        [values[at], values[tail]] = [values[tail] as bigint, values[at] as bigint];
      }
      return [values];
    },
  ],
  [
    'initialize',
    (host, _t, [signer]) => {
      const address = signer instanceof Ref ? signer.c[signer.i] : signer;
      if (address !== FRAMEWORK) throw new BytecodeAbort('0x1::system_addresses', 0x50003n, null);
      const key = resourceKey(FRAMEWORK, PER_BLOCK);
      if (host.session.ctx.get(key) === null) {
        host.session.ctx.write(key, {
          kind: 'resource',
          address: FRAMEWORK,
          type: PER_BLOCK,
          data: { epoch: '0', round: '0', seed: { vec: [] } },
        });
      }
      return [];
    },
  ],
];

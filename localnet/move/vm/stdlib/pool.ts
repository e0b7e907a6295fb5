/**
 * `aptos_std::pool_u64` and `pool_u64_unbound` natively, following their Move code:
 *
 * - `pool_u64::Pool { shareholders_limit, total_coins, total_shares: u64,
 *   shares: SimpleMap<address, u64>, shareholders: vector<address>, scaling_factor }`;
 * - `pool_u64_unbound::Pool { total_coins, total_shares: u128,
 *   shares: TableWithLength<address, u128>, scaling_factor }` (its shares are table items).
 *
 * Checks in the source's order, with its codes: `ESHAREHOLDER_NOT_FOUND` 0x10001,
 * `ETOO_MANY_SHAREHOLDERS` 0x30002, `EPOOL_IS_NOT_EMPTY` 0x30003, `EINSUFFICIENT_SHARES`
 * 0x10004, `ESHAREHOLDER_SHARES_OVERFLOW` 0x10005, `EPOOL_TOTAL_COINS_OVERFLOW` 0x10006 (pool_u64
 * also for its total shares, as its source does), `EPOOL_TOTAL_SHARES_OVERFLOW` 0x10007. The
 * inline `math64/math128::mul_div` aborts 0x10004 in the pool's module on a zero divisor; Move's
 * arithmetic (`*`, `-=`, `as u64`) fails with `ARITHMETIC_ERROR`.
 */
import type { LongAddress } from '../../../encoding.ts';
import { BytecodeAbort, vmError } from '../errors.ts';
import type { NativeHost, NativeImpl } from '../loader.ts';
import { GAS_PARAMS } from '../ops.ts';
import { T } from '../ty.ts';
import type { Value } from '../values.ts';
import { Ref } from '../values.ts';

const deref = (v: Value): Value => (v instanceof Ref ? (v.c[v.i] as Value) : v);
const PER_ELEMENT = 735;
const U64_MAX = (1n << 64n) - 1n;
const U128_MAX = (1n << 128n) - 1n;

/** Move's checked arithmetic of a `bits`-wide unsigned integer. */
const fit = (x: bigint, max: bigint): bigint => {
  if (x < 0n || x > max) throw vmError('ARITHMETIC_ERROR');
  return x;
};

/** What the two pools differ in; the share arithmetic is the same Move code. */
interface Shares {
  readonly module: string;
  readonly sharesMax: bigint;
  /** Field indices of `total_coins`, `total_shares`, `shares`, `scaling_factor`. */
  readonly at: { coins: number; shares: number; map: number; scaling: number };
  get(host: NativeHost, pool: Value[], holder: string): bigint | null;
  set(host: NativeHost, pool: Value[], holder: string, shares: bigint | null): void;
  count(pool: Value[]): bigint;
  /** Adds a new shareholder's row (after `ETOO_MANY_SHAREHOLDERS`). */
  insert(host: NativeHost, pool: Value[], holder: string, shares: bigint): void;
}

type Entry = [string, bigint];
const entriesOf = (pool: Value[]): Entry[] => (pool[3] as Value[])[0] as unknown as Entry[];

const BOUNDED: Shares = {
  module: 'pool_u64',
  sharesMax: U64_MAX,
  at: { coins: 1, shares: 2, map: 3, scaling: 5 },
  get(host, pool, holder) {
    const entries = entriesOf(pool);
    host.charge(PER_ELEMENT * entries.length);
    return entries.find((e) => e[0] === holder)?.[1] ?? null;
  },
  set(host, pool, holder, shares) {
    const entries = entriesOf(pool);
    const i = entries.findIndex((e) => e[0] === holder);
    if (shares !== null) {
      (entries[i] as Entry)[1] = shares;
      return;
    }
    const holders = pool[4] as string[];
    host.charge(PER_ELEMENT * holders.length);
    holders.splice(holders.indexOf(holder), 1);
    // simple_map::remove swaps the last element into the removed one's place.
    const last = entries.pop() as Entry;
    if (i < entries.length) entries[i] = last;
  },
  count: (pool) => BigInt((pool[4] as string[]).length),
  insert(_host, pool, holder, shares) {
    const holders = pool[4] as string[];
    if (BigInt(holders.length) >= (pool[0] as bigint)) abortIn('pool_u64', 0x30002n);
    holders.push(holder);
    entriesOf(pool).push([holder, shares]);
  },
};

const table = (pool: Value[]): Value[] => pool[2] as Value[];
const cellOf = (host: NativeHost, pool: Value[], holder: string): Value[] => {
  const handle = (table(pool)[0] as Value[])[0] as LongAddress;
  return host.session.tableItem(handle, T.address, T.u128, holder).cell;
};

const UNBOUND: Shares = {
  module: 'pool_u64_unbound',
  sharesMax: U128_MAX,
  at: { coins: 0, shares: 1, map: 2, scaling: 3 },
  get: (host, pool, holder) => (cellOf(host, pool, holder)[0] as bigint | undefined) ?? null,
  set(host, pool, holder, shares) {
    const cell = cellOf(host, pool, holder);
    if (shares !== null) cell[0] = shares;
    else {
      cell[0] = undefined as unknown as Value;
      table(pool)[1] = (table(pool)[1] as bigint) - 1n;
    }
  },
  count: (pool) => table(pool)[1] as bigint,
  insert(host, pool, holder, shares) {
    cellOf(host, pool, holder)[0] = shares;
    table(pool)[1] = (table(pool)[1] as bigint) + 1n;
  },
};

function abortIn(module: string, code: bigint): never {
  throw new BytecodeAbort(`0x1::${module}`, code, null);
}

const pair = (name: string, impl: NativeImpl): [string, NativeImpl] => [name, impl];

function natives(p: Shares): Array<[string, NativeImpl]> {
  const fail = (code: bigint): never => abortIn(p.module, code);
  const unbound = p === UNBOUND;
  const coins = (pool: Value[]) => pool[p.at.coins] as bigint;
  const totalShares = (pool: Value[]) => pool[p.at.shares] as bigint;

  const mulDiv = (x: bigint, y: bigint, z: bigint): bigint => {
    if (z === 0n) fail(0x10004n);
    return fit((x * y) / z, p.sharesMax);
  };
  const toShares = (pool: Value[], amount: bigint, total: bigint): bigint =>
    coins(pool) === 0n || totalShares(pool) === 0n
      ? fit(amount * (pool[p.at.scaling] as bigint), p.sharesMax)
      : mulDiv(amount, totalShares(pool), total);
  const toAmount = (pool: Value[], shares: bigint, total: bigint, all: bigint): bigint =>
    coins(pool) === 0n || all === 0n ? 0n : fit(mulDiv(shares, total, all), U64_MAX);
  const sharesOf = (host: NativeHost, pool: Value[], holder: string) =>
    p.get(host, pool, holder) ?? 0n;

  const addShares = (host: NativeHost, pool: Value[], holder: string, added: bigint) => {
    const current = p.get(host, pool, holder);
    if (current !== null) {
      if (p.sharesMax - current < added) fail(0x10005n);
      p.set(host, pool, holder, current + added);
    } else if (added > 0n) p.insert(host, pool, holder, added);
  };
  const deductShares = (host: NativeHost, pool: Value[], holder: string, taken: bigint) => {
    const current = p.get(host, pool, holder);
    if (current === null) fail(0x10001n);
    if ((current as bigint) < taken) fail(0x10004n);
    const left = (current as bigint) - taken;
    p.set(host, pool, holder, left === 0n ? null : left);
  };
  /** `assert!(contains)` then `assert!(shares >= n)`, the first two checks of both. */
  const holding = (host: NativeHost, pool: Value[], holder: string, n: bigint) => {
    const current = p.get(host, pool, holder);
    if (current === null) fail(0x10001n);
    if ((current as bigint) < n) fail(0x10004n);
  };

  const on =
    (run: (host: NativeHost, pool: Value[], args: Value[]) => Value[]): NativeImpl =>
    (host, _tys, [pool, ...args]) => {
      host.charge(GAS_PARAMS.nativeBase);
      return run(host, deref(pool as Value) as Value[], args);
    };
  const create = (host: NativeHost, limit: bigint, scaling: bigint): Value[] => {
    host.charge(GAS_PARAMS.nativeBase);
    return unbound
      ? [[0n, 0n, [[host.session.newTableHandle()], 0n], scaling]]
      : [[limit, 0n, 0n, [[]], [], scaling]];
  };
  // pool_u64's take the shareholders limit first; pool_u64_unbound's have none.
  const newPool: NativeImpl = (host, _tys, args) =>
    create(host, unbound ? 0n : (args[0] as bigint), 1n);

  return [
    ['new', newPool],
    ['create', newPool],
    [
      'create_with_scaling_factor',
      (host, _tys, args) =>
        unbound
          ? create(host, 0n, args[0] as bigint)
          : create(host, args[0] as bigint, args[1] as bigint),
    ],
    [
      'destroy_empty',
      on((_h, pool) => {
        if (coins(pool) !== 0n) fail(0x30003n);
        // table_with_length::destroy_empty's ENOT_EMPTY (shares left with no coins).
        if (unbound && p.count(pool) !== 0n) abortIn('table_with_length', 0x30066n);
        return [];
      }),
    ],
    ['total_coins', on((_h, pool) => [coins(pool)])],
    ['total_shares', on((_h, pool) => [totalShares(pool)])],
    ['contains', on((host, pool, [holder]) => [p.get(host, pool, holder as string) !== null])],
    ['shares', on((host, pool, [holder]) => [sharesOf(host, pool, holder as string)])],
    [
      'balance',
      on((host, pool, [holder]) => {
        const shares = sharesOf(host, pool, holder as string);
        return [toAmount(pool, shares, coins(pool), totalShares(pool))];
      }),
    ],
    ...(unbound
      ? []
      : [
          pair(
            'shareholders',
            on((_h, pool) => [[...(pool[4] as string[])]]),
          ),
        ]),
    ['shareholders_count', on((_h, pool) => [p.count(pool)])],
    [
      'update_total_coins',
      on((_h, pool, [total]) => {
        pool[p.at.coins] = total as bigint;
        return [];
      }),
    ],
    [
      'buy_in',
      on((host, pool, [holder, amount]) => {
        const coinsAmount = amount as bigint;
        if (coinsAmount === 0n) return [0n];
        const added = toShares(pool, coinsAmount, coins(pool));
        if (U64_MAX - coins(pool) < coinsAmount) fail(0x10006n);
        if (p.sharesMax - totalShares(pool) < added) fail(unbound ? 0x10007n : 0x10006n);
        pool[p.at.coins] = coins(pool) + coinsAmount;
        pool[p.at.shares] = totalShares(pool) + added;
        addShares(host, pool, holder as string, added);
        return [added];
      }),
    ],
    [
      'redeem_shares',
      on((host, pool, [holder, n]) => {
        const shares = n as bigint;
        holding(host, pool, holder as string, shares);
        if (shares === 0n) return [0n];
        const redeemed = toAmount(pool, shares, coins(pool), totalShares(pool));
        pool[p.at.coins] = fit(coins(pool) - redeemed, U64_MAX);
        pool[p.at.shares] = fit(totalShares(pool) - shares, p.sharesMax);
        deductShares(host, pool, holder as string, shares);
        return [redeemed];
      }),
    ],
    [
      'transfer_shares',
      on((host, pool, [from, to, n]) => {
        const shares = n as bigint;
        holding(host, pool, from as string, shares);
        if (shares === 0n) return [];
        deductShares(host, pool, from as string, shares);
        addShares(host, pool, to as string, shares);
        return [];
      }),
    ],
    ['amount_to_shares', on((_h, pool, [a]) => [toShares(pool, a as bigint, coins(pool))])],
    [
      'amount_to_shares_with_total_coins',
      on((_h, pool, [a, total]) => [toShares(pool, a as bigint, total as bigint)]),
    ],
    [
      'shares_to_amount',
      on((_h, pool, [s]) => [toAmount(pool, s as bigint, coins(pool), totalShares(pool))]),
    ],
    [
      'shares_to_amount_with_total_coins',
      on((_h, pool, [s, total]) => [
        toAmount(pool, s as bigint, total as bigint, totalShares(pool)),
      ]),
    ],
    ...(unbound
      ? [
          pair(
            'shares_to_amount_with_total_stats',
            on((_h, pool, [s, total, all]) => [
              toAmount(pool, s as bigint, total as bigint, all as bigint),
            ]),
          ),
        ]
      : []),
    [
      'multiply_then_divide',
      on((_h, _pool, [x, y, z]) => [mulDiv(x as bigint, y as bigint, z as bigint)]),
    ],
  ];
}

export const POOL_U64 = natives(BOUNDED);
export const POOL_U64_UNBOUND = natives(UNBOUND);

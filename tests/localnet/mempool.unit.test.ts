/**
 * The mempool in process (no chain, no HTTP, no timers): ordering by sequence number, parked and
 * ready entries, held and delayed ones, replacement at a higher gas price, the per-account,
 * count and byte bounds, the expiry sweep and the stale entries a block drops. Transactions are
 * real signed ones, decoded as the node decodes them.
 *
 * The bounds are given to the constructor small, so a bound is reached in a few transactions;
 * `pool()` is the one place that builds a mempool.
 */
import { AccountAddress, U64 } from '@aptos-labs/ts-sdk';
import { describe, expect, it } from 'vitest';
import type { LongAddress } from '../../localnet/encoding.ts';
import { NodeError } from '../../localnet/errors.ts';
import {
  decodeSignedTransaction,
  type DecodedTransaction,
} from '../../localnet/executor/decode.ts';
import { Mempool, type PendingEntry } from '../../localnet/mempool/mempool.ts';
import { Ed25519Signer } from '../../localnet/signer.ts';

const alice = Ed25519Signer.generate();
const bob = Ed25519Signer.generate();
const carol = Ed25519Signer.generate();
const TO = AccountAddress.fromString('0xb0b', { maxMissingChars: 63 });

function tx(
  signer: Ed25519Signer,
  sequenceNumber: number,
  options: { gasUnitPrice?: bigint; expirationSecs?: bigint; amount?: bigint } = {},
): DecodedTransaction {
  return decodeSignedTransaction(
    signer.signEntryFunction({
      function: '0x1::aptos_account::transfer',
      args: [TO, new U64(options.amount ?? 1n)],
      sequenceNumber: BigInt(sequenceNumber),
      expirationSecs: options.expirationSecs ?? 1_000n,
      chainId: 4,
      gasUnitPrice: options.gasUnitPrice ?? 100n,
    }),
  );
}

function pool(bounds: { count?: number; perAccount?: number; bytes?: number } = {}): Mempool {
  return new Mempool(bounds.count, bounds.perAccount, bounds.bytes);
}

const READY = { readyAt: 0, held: false } as const;

/** Sequence numbers of entries, as numbers. */
const seqs = (entries: PendingEntry[]) => entries.map((e) => Number(e.tx.sequenceNumber));

/** The account sequence numbers a test pretends the ledger has (0 when absent). */
function accounts(numbers: Map<LongAddress, bigint> = new Map()) {
  return (sender: LongAddress) => numbers.get(sender) ?? 0n;
}

function thrown(fn: () => unknown): NodeError {
  try {
    fn();
  } catch (error) {
    if (error instanceof NodeError) return error;
    throw error;
  }
  throw new Error('expected a NodeError');
}

describe('add, get, remove', () => {
  it('adds a transaction once: the identical one again is a no-op answering false', () => {
    const mempool = pool();
    const t = tx(alice, 0);
    expect(mempool.add(t, READY)).toBe(true);
    expect(mempool.size).toBe(1);
    expect(mempool.get(t.hash)?.tx).toBe(t);
    expect(mempool.add(t, { readyAt: 5, held: true })).toBe(false);
    expect(mempool.size).toBe(1);
    // The first entry stays as it was.
    expect(mempool.get(t.hash)).toMatchObject({ readyAt: 0, held: false });
  });

  it('keeps readyAt, held and the arrival order of each entry', () => {
    const mempool = pool();
    const [a, b, c] = [tx(alice, 0), tx(bob, 0), tx(alice, 1)];
    mempool.add(a, { readyAt: 7, held: false });
    mempool.add(b, { readyAt: 0, held: true });
    mempool.add(c, READY);
    expect(mempool.get(a.hash)).toMatchObject({ arrival: 0, readyAt: 7, held: false });
    expect(mempool.get(b.hash)).toMatchObject({ arrival: 1, readyAt: 0, held: true });
    expect(mempool.get(c.hash)).toMatchObject({ arrival: 2 });
    expect(mempool.entries().map((e) => e.tx.hash)).toEqual([a.hash, b.hash, c.hash]);
  });

  it('remove answers the entry once, then undefined; an unknown hash is undefined', () => {
    const mempool = pool();
    const t = tx(alice, 0);
    mempool.add(t, READY);
    expect(mempool.remove(t.hash)?.tx).toBe(t);
    expect(mempool.size).toBe(0);
    expect(mempool.get(t.hash)).toBeUndefined();
    expect(mempool.remove(t.hash)).toBeUndefined();
    expect(mempool.remove('0x00')).toBeUndefined();
    expect(mempool.highestSequenceNumber(alice.address)).toBeUndefined();
    // The slot is free again: the same sender and sequence number at the same price is accepted.
    expect(mempool.add(tx(alice, 0, { amount: 2n }), READY)).toBe(true);
  });

  it('removing one of two entries of a sender keeps the other', () => {
    const mempool = pool();
    const [a0, a1] = [tx(alice, 0), tx(alice, 1)];
    mempool.add(a0, READY);
    mempool.add(a1, READY);
    mempool.remove(a1.hash);
    expect(mempool.highestSequenceNumber(alice.address)).toBe(0n);
    expect(
      seqs(mempool.collect({ sequenceNumberOf: accounts(), nowMs: 0, limit: 10 }).ready),
    ).toEqual([0]);
  });
});

describe('replacement by (sender, sequence number)', () => {
  it('another transaction at the same price or lower is invalid_transaction_update', () => {
    const mempool = pool();
    const first = tx(alice, 3, { gasUnitPrice: 150n });
    mempool.add(first, READY);
    for (const price of [150n, 149n, 100n]) {
      const error = thrown(() =>
        mempool.add(tx(alice, 3, { gasUnitPrice: price, amount: 9n }), READY),
      );
      expect(error.code).toBe('invalid_transaction_update');
      expect(error.message).toBe(
        `Transaction already in mempool with a different payload: sender ${alice.address}, sequence number 3; resubmit with a higher gas unit price to replace it`,
      );
    }
    expect(mempool.size).toBe(1);
    expect(mempool.get(first.hash)?.tx).toBe(first);
  });

  it('a higher gas unit price replaces it: the old hash is gone, the new one pending', () => {
    const mempool = pool();
    const first = tx(alice, 3, { gasUnitPrice: 150n });
    const second = tx(alice, 3, { gasUnitPrice: 151n });
    mempool.add(first, READY);
    expect(mempool.add(second, READY)).toBe(true);
    expect(mempool.size).toBe(1);
    expect(mempool.get(first.hash)).toBeUndefined();
    expect(mempool.get(second.hash)?.tx).toBe(second);
    expect(mempool.highestSequenceNumber(alice.address)).toBe(3n);
    // And it is the one a block takes (it was once put in a map the pool no longer read).
    const { ready } = mempool.collect({
      sequenceNumberOf: accounts(new Map([[alice.address, 3n]])),
      nowMs: 0,
      limit: 10,
    });
    expect(ready.map((e) => e.tx.hash)).toEqual([second.hash]);
  });

  it('replacing one of several pending entries of a sender keeps the run whole', () => {
    const mempool = pool();
    mempool.add(tx(alice, 0), READY);
    mempool.add(tx(alice, 1, { gasUnitPrice: 100n }), READY);
    mempool.add(tx(alice, 2), READY);
    const better = tx(alice, 1, { gasUnitPrice: 300n });
    mempool.add(better, READY);
    const { ready } = mempool.collect({ sequenceNumberOf: accounts(), nowMs: 0, limit: 10 });
    expect(seqs(ready)).toEqual([0, 1, 2]);
    expect(ready[1]?.tx).toBe(better);
  });

  it('replacing is allowed at every bound (it does not add a transaction)', () => {
    const t = tx(alice, 0, { gasUnitPrice: 100n });
    const mempool = pool({ count: 1, perAccount: 1, bytes: t.bytes.length });
    mempool.add(t, READY);
    const better = tx(alice, 0, { gasUnitPrice: 101n });
    expect(better.bytes.length).toBe(t.bytes.length);
    expect(mempool.add(better, READY)).toBe(true);
    expect(mempool.get(better.hash)).toBeDefined();
    expect(() => mempool.add(tx(bob, 0), READY)).toThrow(NodeError);
  });

  it('the replaced transaction gives its bytes back', () => {
    const t = tx(alice, 0, { gasUnitPrice: 100n });
    const mempool = pool({ bytes: 2 * t.bytes.length });
    mempool.add(t, READY);
    mempool.add(tx(alice, 0, { gasUnitPrice: 101n }), READY);
    expect(mempool.add(tx(bob, 0), READY)).toBe(true);
  });
});

describe('bounds: mempool_is_full', () => {
  it('the count bound: full at capacity, with the node message; free again after a removal', () => {
    const mempool = pool({ count: 2 });
    const a = tx(alice, 0);
    mempool.add(a, READY);
    mempool.add(tx(bob, 0), READY);
    const error = thrown(() => mempool.add(tx(carol, 0), READY));
    expect(error.code).toBe('mempool_is_full');
    expect(error.message).toBe('Mempool is full. Mempool size: 2, Capacity: 2');
    expect(mempool.size).toBe(2);
    mempool.remove(a.hash);
    expect(mempool.add(tx(carol, 0), READY)).toBe(true);
  });

  it('the byte bound: equal to it fits, one transaction past it is full', () => {
    const a = tx(alice, 0);
    const b = tx(bob, 0);
    const mempool = pool({ bytes: a.bytes.length + b.bytes.length });
    mempool.add(a, READY);
    mempool.add(b, READY);
    const error = thrown(() => mempool.add(tx(carol, 0), READY));
    expect(error.code).toBe('mempool_is_full');
    expect(error.message).toMatch(/^Mempool is full\. Mempool size: 2, Capacity: /);
    // Removing gives the bytes back.
    mempool.remove(b.hash);
    expect(mempool.add(tx(carol, 0), READY)).toBe(true);
  });

  it('the byte bound one byte short refuses the last transaction', () => {
    const a = tx(alice, 0);
    const b = tx(bob, 0);
    const mempool = pool({ bytes: a.bytes.length + b.bytes.length - 1 });
    mempool.add(a, READY);
    expect(() => mempool.add(b, READY)).toThrow(/Mempool is full/);
  });

  it('the per-account bound: full for that account at the cap, other accounts unaffected', () => {
    const mempool = pool({ perAccount: 2 });
    mempool.add(tx(alice, 0), READY);
    mempool.add(tx(alice, 1), READY);
    const error = thrown(() => mempool.add(tx(alice, 2), READY));
    expect(error.code).toBe('mempool_is_full');
    expect(error.message).toBe(
      'Mempool over capacity for account. Number of transactions from account: 2 Capacity per account: 2',
    );
    expect(mempool.add(tx(bob, 0), READY)).toBe(true);
    expect(mempool.size).toBe(3);
  });

  it('one below the per-account cap is accepted', () => {
    const mempool = pool({ perAccount: 2 });
    mempool.add(tx(alice, 0), READY);
    expect(mempool.add(tx(alice, 1), READY)).toBe(true);
  });

  it('perAccountCap: false (the faucet root) skips the per-account bound, not the count bound', () => {
    const mempool = pool({ perAccount: 1, count: 3 });
    mempool.add(tx(alice, 0), { ...READY, perAccountCap: false });
    mempool.add(tx(alice, 1), { ...READY, perAccountCap: false });
    expect(mempool.add(tx(alice, 2), { ...READY, perAccountCap: false })).toBe(true);
    expect(() => mempool.add(tx(alice, 3), { ...READY, perAccountCap: false })).toThrow(
      /Mempool is full/,
    );
    // Left out (undefined), the bound applies.
    const capped = pool({ perAccount: 1 });
    capped.add(tx(alice, 0), READY);
    expect(() => capped.add(tx(alice, 1), READY)).toThrow(/over capacity for account/);
  });

  it('defaults: 100 per account, as a node bounds it', () => {
    const mempool = new Mempool();
    expect(mempool.capacityPerAccount).toBe(100);
    expect(mempool.capacity).toBeGreaterThanOrEqual(100);
  });
});

describe('highestSequenceNumber', () => {
  it('is the highest pending one whatever the order they came in; undefined for none', () => {
    const mempool = pool();
    expect(mempool.highestSequenceNumber(alice.address)).toBeUndefined();
    mempool.add(tx(alice, 5), READY);
    mempool.add(tx(alice, 3), READY);
    mempool.add(tx(alice, 7), READY);
    mempool.add(tx(alice, 6), READY);
    mempool.add(tx(bob, 9), READY);
    expect(mempool.highestSequenceNumber(alice.address)).toBe(7n);
    expect(mempool.highestSequenceNumber(bob.address)).toBe(9n);
    expect(mempool.highestSequenceNumber(carol.address)).toBeUndefined();
  });
});

describe('collect: ready runs, parked gaps, held and delayed entries, stale ones', () => {
  it('takes each sender’s run from the account sequence number in order, parking after a gap', () => {
    const mempool = pool();
    for (const n of [2, 0, 1, 4]) mempool.add(tx(alice, n), READY);
    const { ready, stale } = mempool.collect({ sequenceNumberOf: accounts(), nowMs: 0, limit: 10 });
    expect(seqs(ready)).toEqual([0, 1, 2]);
    expect(stale).toEqual([]);
    // Nothing is removed by collect.
    expect(mempool.size).toBe(4);
  });

  it('parks everything when the account’s own number is missing', () => {
    const mempool = pool();
    mempool.add(tx(alice, 1), READY);
    mempool.add(tx(alice, 2), READY);
    expect(mempool.collect({ sequenceNumberOf: accounts(), nowMs: 0, limit: 10 }).ready).toEqual(
      [],
    );
  });

  it('starts at the account’s sequence number; lower ones are stale (they can never commit)', () => {
    const mempool = pool();
    for (const n of [3, 4, 5, 6]) mempool.add(tx(alice, n), READY);
    const { ready, stale } = mempool.collect({
      sequenceNumberOf: accounts(new Map([[alice.address, 5n]])),
      nowMs: 0,
      limit: 10,
    });
    expect(seqs(ready)).toEqual([5, 6]);
    expect(seqs(stale).sort()).toEqual([3, 4]);
  });

  it('a held entry waits, and so do the sender’s later ones; other senders go on', () => {
    const mempool = pool();
    mempool.add(tx(alice, 0), READY);
    mempool.add(tx(alice, 1), { readyAt: 0, held: true });
    mempool.add(tx(alice, 2), READY);
    mempool.add(tx(bob, 0), READY);
    const { ready } = mempool.collect({ sequenceNumberOf: accounts(), nowMs: 0, limit: 10 });
    expect(ready.map((e) => [e.tx.sender, Number(e.tx.sequenceNumber)])).toEqual([
      [alice.address, 0],
      [bob.address, 0],
    ]);
  });

  it('a delayed entry is ready at its readyAt, not a millisecond before', () => {
    const mempool = pool();
    mempool.add(tx(alice, 0), { readyAt: 1_000, held: false });
    mempool.add(tx(alice, 1), READY);
    expect(mempool.collect({ sequenceNumberOf: accounts(), nowMs: 999, limit: 10 }).ready).toEqual(
      [],
    );
    expect(
      seqs(mempool.collect({ sequenceNumberOf: accounts(), nowMs: 1_000, limit: 10 }).ready),
    ).toEqual([0, 1]);
  });

  it('stops at the limit, inside a run and across senders', () => {
    const mempool = pool();
    for (const n of [0, 1, 2]) mempool.add(tx(alice, n), READY);
    mempool.add(tx(bob, 0), READY);
    expect(
      seqs(mempool.collect({ sequenceNumberOf: accounts(), nowMs: 0, limit: 2 }).ready),
    ).toEqual([0, 1]);
    const three = mempool.collect({ sequenceNumberOf: accounts(), nowMs: 0, limit: 3 }).ready;
    expect(three.map((e) => e.tx.sender)).toEqual([alice.address, alice.address, alice.address]);
    const four = mempool.collect({ sequenceNumberOf: accounts(), nowMs: 0, limit: 4 }).ready;
    expect(four.map((e) => e.tx.sender)).toEqual([
      alice.address,
      alice.address,
      alice.address,
      bob.address,
    ]);
    expect(mempool.collect({ sequenceNumberOf: accounts(), nowMs: 0, limit: 0 }).ready).toEqual([]);
  });

  it('once the block is full, later senders are not read at all (their stale ones wait too)', () => {
    const mempool = pool();
    mempool.add(tx(alice, 0), READY);
    mempool.add(tx(bob, 0), READY);
    const asked: LongAddress[] = [];
    const { ready, stale } = mempool.collect({
      sequenceNumberOf: (sender) => {
        asked.push(sender);
        return sender === bob.address ? 1n : 0n;
      },
      nowMs: 0,
      limit: 1,
    });
    expect(seqs(ready)).toEqual([0]);
    expect(asked).toEqual([alice.address]);
    expect(stale).toEqual([]);
  });
});

describe('senders with nothing pending', () => {
  it('are forgotten: a block does not read their account again', () => {
    const mempool = pool();
    const a = tx(alice, 0);
    mempool.add(a, READY);
    mempool.add(tx(bob, 0), READY);
    mempool.remove(a.hash);
    const asked: LongAddress[] = [];
    mempool.collect({
      sequenceNumberOf: (sender) => {
        asked.push(sender);
        return 0n;
      },
      nowMs: 0,
      limit: 10,
    });
    expect(asked).toEqual([bob.address]);
  });
});

describe('nextReadyAt', () => {
  it('is the earliest future readyAt of an entry that is not held', () => {
    const mempool = pool();
    expect(mempool.nextReadyAt(0)).toBeUndefined();
    mempool.add(tx(alice, 0), { readyAt: 500, held: false });
    mempool.add(tx(bob, 0), { readyAt: 300, held: false });
    mempool.add(tx(carol, 0), { readyAt: 100, held: true });
    mempool.add(tx(alice, 1), { readyAt: 400, held: false });
    expect(mempool.nextReadyAt(0)).toBe(300);
    // Entries already ready (readyAt ≤ now) do not count.
    expect(mempool.nextReadyAt(300)).toBe(400);
    expect(mempool.nextReadyAt(499)).toBe(500);
    expect(mempool.nextReadyAt(500)).toBeUndefined();
  });
});

describe('dropExpired: the expiry sweep', () => {
  it('drops what expires at or before now, keeps the rest, and answers what it dropped', () => {
    const mempool = pool();
    const early = tx(alice, 0, { expirationSecs: 10n });
    const edge = tx(bob, 0, { expirationSecs: 20n });
    const late = tx(carol, 0, { expirationSecs: 21n });
    for (const t of [early, edge, late]) mempool.add(t, READY);
    expect(mempool.dropExpired(9n)).toEqual([]);
    expect(mempool.size).toBe(3);
    const dropped = mempool.dropExpired(20n);
    expect(dropped.map((e) => e.tx.hash).sort()).toEqual([early.hash, edge.hash].sort());
    expect(mempool.get(early.hash)).toBeUndefined();
    expect(mempool.get(edge.hash)).toBeUndefined();
    expect(mempool.get(late.hash)?.tx).toBe(late);
    expect(mempool.size).toBe(1);
    expect(mempool.highestSequenceNumber(alice.address)).toBeUndefined();
  });

  it('a dropped entry frees its place under the bounds', () => {
    const a = tx(alice, 0, { expirationSecs: 5n });
    const mempool = pool({ count: 1, bytes: a.bytes.length });
    mempool.add(a, READY);
    mempool.dropExpired(5n);
    expect(mempool.add(tx(bob, 0), READY)).toBe(true);
  });
});

describe('entries', () => {
  it('lists every entry in arrival order, a replacement at its new arrival', () => {
    const mempool = pool();
    const a = tx(alice, 0, { gasUnitPrice: 100n });
    const b = tx(bob, 0);
    const a2 = tx(alice, 0, { gasUnitPrice: 200n });
    mempool.add(a, READY);
    mempool.add(b, READY);
    mempool.add(a2, READY);
    expect(mempool.entries().map((e) => e.tx.hash)).toEqual([b.hash, a2.hash]);
    expect(mempool.entries().map((e) => e.arrival)).toEqual([1, 2]);
  });
});

describe('orderless transactions in the mempool', () => {
  /** `base` (its own bytes and hash) as an orderless transaction with `nonce`. */
  const orderless = (base: DecodedTransaction, nonce: bigint) => ({ ...base, nonce });

  it('are ready at once whatever the sequence numbers, one per (sender, nonce)', () => {
    const mempool = pool();
    // Sequence number 5 of an account at 0 parks; orderless ones beside it do not.
    mempool.add(tx(alice, 5), READY);
    mempool.add(orderless(tx(alice, 0xdeadbeef), 1n), READY);
    mempool.add(orderless(tx(alice, 0xdeadbeef, { amount: 2n }), 2n), READY);
    const { ready } = mempool.collect({ sequenceNumberOf: accounts(), nowMs: 0, limit: 10 });
    expect(ready.map((e) => e.tx.nonce)).toEqual([1n, 2n]);
    // The same nonce again is refused unless it pays more, then it replaces the first.
    const again = orderless(tx(alice, 0xdeadbeef, { amount: 3n }), 1n);
    expect(thrown(() => mempool.add(again, READY)).code).toBe('invalid_transaction_update');
    const richer = orderless(tx(alice, 0xdeadbeef, { amount: 3n, gasUnitPrice: 150n }), 1n);
    expect(mempool.add(richer, READY)).toBe(true);
    expect(mempool.size).toBe(3);
    const after = mempool.collect({ sequenceNumberOf: accounts(), nowMs: 0, limit: 10 });
    expect(after.ready.map((e) => [e.tx.nonce, e.tx.gasUnitPrice])).toEqual([
      [2n, 100n],
      [1n, 150n],
    ]);
    for (const entry of after.ready) mempool.remove(entry.tx.hash);
    expect(mempool.size).toBe(1);
    expect(mempool.highestSequenceNumber(alice.address)).toBe(5n);
  });
});

import { describe, expect, it } from 'vitest';
import type { LongAddress } from '../../localnet/encoding.ts';
import { NodeError } from '../../localnet/errors.ts';
import type { DecodedTransaction } from '../../localnet/executor/decode.ts';
import { Mempool } from '../../localnet/mempool/mempool.ts';

/** Only the fields the mempool reads; the rest of a decoded transaction does not matter here. */
function tx(sender: string, sequenceNumber: number, size = 100): DecodedTransaction {
  const fields = {
    hash: `0x${sender.slice(2, 10)}${String(sequenceNumber).padStart(56, '0')}`,
    sender: sender as LongAddress,
    sequenceNumber: BigInt(sequenceNumber),
    nonce: null, // not orderless: kept by sequence number
    gasUnitPrice: 100n,
    expirationSecs: 4_000_000_000n,
    bytes: new Uint8Array(size),
  };
  // A partial object: the mempool never touches the other fields.
  return fields as unknown as DecodedTransaction;
}
const A = `0x${'a'.repeat(64)}`;
const B = `0x${'b'.repeat(64)}`;
const C = `0x${'c'.repeat(64)}`;

function refusal(action: () => void): NodeError {
  try {
    action();
  } catch (error) {
    if (error instanceof NodeError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('mempool caps, as a node answers them (507 mempool_is_full)', () => {
  const options = { readyAt: 0, held: false };

  it('refuses an account past its cap, with the node message, and takes other accounts', () => {
    const pool = new Mempool(100, 2);
    pool.add(tx(A, 0), options);
    pool.add(tx(A, 1), options);
    const error = refusal(() => pool.add(tx(A, 2), options));
    expect(error.code).toBe('mempool_is_full');
    expect(error.message).toBe(
      'Mempool over capacity for account. Number of transactions from account: 2 Capacity per account: 2',
    );
    expect(pool.add(tx(B, 0), options)).toBe(true);
    // The faucet's root account is exempt.
    expect(pool.add(tx(A, 2), { ...options, perAccountCap: false })).toBe(true);
  });

  it('refuses anyone once the whole pool is full, and takes again after a removal', () => {
    const pool = new Mempool(2, 100);
    pool.add(tx(A, 0), options);
    pool.add(tx(B, 0), options);
    const error = refusal(() => pool.add(tx(C, 0), options));
    expect(error.code).toBe('mempool_is_full');
    expect(error.message).toBe('Mempool is full. Mempool size: 2, Capacity: 2');
    pool.remove(tx(A, 0).hash);
    expect(pool.add(tx(C, 0), options)).toBe(true);
    expect(pool.size).toBe(2);
  });

  it('refuses past its size in bytes', () => {
    const pool = new Mempool(100, 100, 250);
    pool.add(tx(A, 0, 200), options);
    expect(refusal(() => pool.add(tx(B, 0, 51), options)).code).toBe('mempool_is_full');
    expect(pool.add(tx(B, 0, 50), options)).toBe(true);
  });
});

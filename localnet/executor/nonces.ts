import type { LongAddress } from '../encoding.ts';
import { concatBytes, fromHex, sha3, shortAddress, toHex, uintLe } from '../encoding.ts';
import type { StateKey, StateReader, TableItemValue } from '../storage/types.ts';
import { tableKey } from '../storage/types.ts';

/**
 * Orderless transactions (a `payload_v2` payload with a replay protection nonce), as the
 * framework's `transaction_validation` and `nonce_validation` treat them:
 * - identified by (sender, nonce), not by the sequence number, which they neither check nor bump;
 * - refused with `TRANSACTION_EXPIRATION_TOO_FAR_IN_FUTURE` when they expire more than 60 s after
 *   the block's time (`MAX_EXP_TIME_SECONDS_FOR_ORDERLESS_TXNS`);
 * - refused with `NONCE_ALREADY_USED` while a transaction with the same (sender, nonce) committed
 *   before and has not expired yet (after its expiration the nonce may be used again);
 * - the nonce is recorded by the prologue, so a transaction that aborts still uses it.
 *
 * The node keeps nonces in `0x1::nonce_validation::NonceHistory` (a table of buckets of an ordered
 * map); here each (sender, nonce) is one table item whose value is the transaction's expiration
 * time, under one fixed handle. Nothing is ever pruned (an expired item is overwritten on reuse).
 */

/** `MAX_EXP_TIME_SECONDS_FOR_ORDERLESS_TXNS` of `transaction_validation.move`. */
export const MAX_ORDERLESS_EXPIRATION_SECS = 60n;

/** The fixed handle of the nonce table (this chain's, derived from a label). */
export const NONCE_TABLE_HANDLE = toHex(
  sha3(new TextEncoder().encode('localnet::nonce_validation::NonceHistory')),
) as LongAddress;

const NONCE_KEY_TYPE = '0x1::nonce_validation::NonceKey';

function nonceKeyHex(sender: LongAddress, nonce: bigint): `0x${string}` {
  return toHex(concatBytes([fromHex(sender), uintLe(nonce, 8)]));
}

/** The state key of (sender, nonce)'s entry. */
export function nonceStateKey(sender: LongAddress, nonce: bigint): StateKey {
  return tableKey(NONCE_TABLE_HANDLE, nonceKeyHex(sender, nonce));
}

/** The entry recording that (sender, nonce) is used until `expirationSecs`. */
export function nonceValue(
  sender: LongAddress,
  nonce: bigint,
  expirationSecs: bigint,
): TableItemValue {
  return {
    kind: 'table_item',
    handle: NONCE_TABLE_HANDLE,
    key: nonceKeyHex(sender, nonce),
    value: toHex(uintLe(expirationSecs, 8)),
    keyType: NONCE_KEY_TYPE,
    valueType: 'u64',
    decodedKey: { sender_address: shortAddress(sender), nonce: nonce.toString() },
    decodedValue: expirationSecs.toString(),
  };
}

/**
 * The orderless part of the prologue (after expiration, chain id and auth key): the expiration
 * bound, then the nonce. Returns the failing status, or `null`.
 */
export function checkNonce(
  state: StateReader,
  tx: { sender: LongAddress; nonce: bigint; expirationSecs: bigint },
  nowSeconds: bigint,
): 'TRANSACTION_EXPIRATION_TOO_FAR_IN_FUTURE' | 'NONCE_ALREADY_USED' | null {
  if (tx.expirationSecs > nowSeconds + MAX_ORDERLESS_EXPIRATION_SECS)
    return 'TRANSACTION_EXPIRATION_TOO_FAR_IN_FUTURE';
  const used = state.get(nonceStateKey(tx.sender, tx.nonce));
  if (used !== null && used.kind === 'table_item') {
    const until = BigInt(`0x${Buffer.from(fromHex(used.value)).reverse().toString('hex')}`);
    // `check_and_insert_nonce`: an entry whose expiration has not passed keeps the nonce used.
    if (until >= nowSeconds) return 'NONCE_ALREADY_USED';
  }
  return null;
}

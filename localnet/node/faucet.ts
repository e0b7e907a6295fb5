import { AccountAddress, U64 } from '@aptos-labs/ts-sdk';
import type { Clock } from '../clock.ts';
import type { LongAddress } from '../encoding.ts';
import { ValidationError } from '../errors.ts';
import { decodeSignedTransaction } from '../executor/decode.ts';
import { validate } from '../executor/validate.ts';
import { STATUS_CODES } from '../move/vm/statusCodes.ts';
import { ROOT_ADDRESS, ROOT_SIGNER } from '../framework/root.ts';
import type { Mempool } from '../mempool/mempool.ts';
import type { Miner } from '../miner/miner.ts';
import type { Ledger } from '../storage/ledger.ts';
import { sequenceNumberOf } from './blockProducer.ts';

/** The faucet: mints APT with `0x1::aptos_coin::mint` transactions signed by the root account. */
export class Faucet {
  constructor(
    private readonly parts: {
      ledger: Ledger;
      mempool: Mempool;
      miner: Miner;
      clock: Clock;
      chainId: number;
    },
  ) {}

  /** Queues a mint to `address` (faults do not apply); returns the transaction's hash. */
  fund(address: LongAddress, amount: bigint): `0x${string}` {
    const { ledger, mempool, miner, clock, chainId } = this.parts;
    const chainSequence = sequenceNumberOf(ledger.reader(), ROOT_ADDRESS);
    const pending = mempool.highestSequenceNumber(ROOT_ADDRESS);
    const sequenceNumber =
      pending !== undefined && pending >= chainSequence ? pending + 1n : chainSequence;
    const tx = decodeSignedTransaction(
      ROOT_SIGNER.signEntryFunction({
        function: '0x1::aptos_coin::mint',
        args: [AccountAddress.from(address), new U64(amount)],
        sequenceNumber,
        expirationSecs: clock.nowSeconds() + 60n,
        chainId,
      }),
    );
    const failure = validate(tx, ledger.reader(), {
      nowSeconds: clock.nowSeconds(),
      chainId,
      signatures: 'skip',
      sequence: 'allow_future',
    });
    if (failure !== null) throw new ValidationError(failure, STATUS_CODES[failure]);
    // The faucet serves everyone from one account: the per-account cap would throttle it.
    mempool.add(tx, { readyAt: 0, held: false, perAccountCap: false });
    miner.notify();
    return tx.hash;
  }
}

/**
 * Helpers for the in-process chain tests (`*.unit.test.ts`): a state map started from genesis,
 * offline-built and signed transactions, and the executor called directly. No HTTP, no ports, no
 * timers, so Stryker can run them against each mutant in seconds.
 */
import {
  Account,
  AccountAddress,
  ChainId,
  EntryFunction,
  generateSignedTransaction,
  MultiAgentTransaction,
  RawTransaction,
  SimpleTransaction,
  TransactionPayloadEntryFunction,
  U64,
  type AccountAuthenticator,
  type EntryFunctionArgumentTypes,
  type TypeTag,
} from '@aptos-labs/ts-sdk';
import type { LongAddress } from '../../localnet/encoding.ts';
import {
  decodeSignedTransaction,
  type DecodedTransaction,
} from '../../localnet/executor/decode.ts';
import { execute } from '../../localnet/executor/execute.ts';
import { validate } from '../../localnet/executor/validate.ts';
import { aptBalance, readAccount } from '../../localnet/framework/assets.ts';
import { CHAIN_ID, genesisWrites } from '../../localnet/framework/genesis.ts';
import { ROOT_SIGNER } from '../../localnet/framework/root.ts';
import type { StateKey, StateReader, StateValue, WriteOp } from '../../localnet/storage/types.ts';

/** The chain's now in these tests: expiration times are checked against it. */
export const NOW_SECONDS = 1_000_000n;
export const BLOCK = { timestampMicros: NOW_SECONDS * 1_000_000n, chainId: CHAIN_ID };

/** Latest state as a map, from genesis; `apply` commits an output's writes. */
export class World implements StateReader {
  private readonly values = new Map<StateKey, StateValue>();
  /** Resource and module keys ever written, by address (as the ledger lists them). */
  private readonly byAddress = new Map<string, Set<StateKey>>();

  constructor() {
    this.apply(genesisWrites(0n));
  }

  get(key: StateKey): StateValue | null {
    return this.values.get(key) ?? null;
  }

  keysOf(address: LongAddress): Iterable<StateKey> {
    return this.byAddress.get(address) ?? [];
  }

  apply(writes: WriteOp[]): void {
    for (const { key, value } of writes) {
      if (value === null) this.values.delete(key);
      else this.values.set(key, value);
      if (key[0] === 'r' || key[0] === 'm') {
        const address = key.slice(2, 68);
        const keys = this.byAddress.get(address);
        if (keys === undefined) this.byAddress.set(address, new Set([key]));
        else keys.add(key);
      }
    }
  }

  balance(address: LongAddress | AccountAddress): bigint {
    return aptBalance(this, long(address));
  }

  sequenceNumber(address: LongAddress | AccountAddress): bigint {
    const account = readAccount(this, long(address));
    return account === null ? 0n : BigInt(account.data.sequence_number as string);
  }

  /** Transfers from root, executed and committed, so `to` exists with `amount` octas. */
  fund(to: LongAddress | AccountAddress, amount: bigint): void {
    const tx = decodeSignedTransaction(
      ROOT_SIGNER.signEntryFunction({
        function: '0x1::aptos_account::transfer',
        args: [AccountAddress.from(long(to)), new U64(amount)],
        sequenceNumber: this.sequenceNumber(ROOT_SIGNER.address),
        expirationSecs: NOW_SECONDS + 60n,
        chainId: CHAIN_ID,
      }),
    );
    const output = execute(tx, this, BLOCK);
    if (!output.success) throw new Error(`funding failed: ${output.vmStatus}`);
    this.apply(output.writes);
  }

  /** Validates as on commit (exact sequence, signatures verified) and executes; commits the writes. */
  run(tx: DecodedTransaction) {
    const failure = validate(tx, this, {
      nowSeconds: NOW_SECONDS,
      chainId: CHAIN_ID,
      signatures: 'verify',
      sequence: 'exact',
    });
    if (failure !== null) throw new Error(`validation failed: ${failure}`);
    const output = execute(tx, this, BLOCK);
    this.apply(output.writes);
    return output;
  }
}

export function long(address: LongAddress | AccountAddress): LongAddress {
  return (typeof address === 'string' ? address : address.toStringLong()) as LongAddress;
}

export interface RawOptions {
  sequenceNumber?: bigint;
  maxGasAmount?: bigint;
  gasUnitPrice?: bigint;
  expirationSecs?: bigint;
  chainId?: number;
  typeArgs?: TypeTag[];
}

/** An entry function call's raw transaction, built offline. */
export function rawTransaction(
  sender: AccountAddress,
  fn: `${string}::${string}::${string}`,
  args: EntryFunctionArgumentTypes[],
  options: RawOptions = {},
): RawTransaction {
  const [address, module, name] = fn.split('::') as [string, string, string];
  return new RawTransaction(
    sender,
    options.sequenceNumber ?? 0n,
    new TransactionPayloadEntryFunction(
      EntryFunction.build(`${address}::${module}`, name, options.typeArgs ?? [], args),
    ),
    options.maxGasAmount ?? 200_000n,
    options.gasUnitPrice ?? 100n,
    options.expirationSecs ?? NOW_SECONDS + 60n,
    new ChainId(options.chainId ?? CHAIN_ID),
  );
}

/** Signs a single-signer transaction with an SDK account and decodes it as the node does. */
export function signed(signer: Account, raw: RawTransaction): DecodedTransaction {
  const transaction = new SimpleTransaction(raw);
  return decodeSignedTransaction(
    generateSignedTransaction({
      transaction,
      senderAuthenticator: signer.signTransactionWithAuthenticator(transaction),
    }),
  );
}

/** A multi-agent (and optionally fee-payer) transaction, every party signing. */
export function signedMulti(args: {
  sender: Account;
  raw: RawTransaction;
  secondary?: Account[];
  feePayer?: Account;
  /** The sender and secondary signers sign with fee payer 0x0, as wallets do before a sponsor. */
  signWithZeroFeePayer?: boolean;
  /** Replaces authenticators after signing (forgeries). */
  override?: {
    sender?: AccountAuthenticator;
    secondary?: AccountAuthenticator[];
    feePayer?: AccountAuthenticator;
  };
}): DecodedTransaction {
  const secondary = args.secondary ?? [];
  const feePayerAddress = args.feePayer?.accountAddress;
  const make = (payer: AccountAddress | undefined) =>
    secondary.length > 0
      ? new MultiAgentTransaction(
          args.raw,
          secondary.map((s) => s.accountAddress),
          payer,
        )
      : new SimpleTransaction(args.raw, payer);
  const transaction = make(feePayerAddress);
  const forSigners =
    args.signWithZeroFeePayer === true && feePayerAddress !== undefined
      ? make(AccountAddress.ZERO)
      : transaction;
  const senderAuthenticator =
    args.override?.sender ?? args.sender.signTransactionWithAuthenticator(forSigners);
  const additionalSignersAuthenticators =
    args.override?.secondary ??
    secondary.map((s) => s.signTransactionWithAuthenticator(forSigners));
  const feePayerAuthenticator =
    args.feePayer === undefined
      ? undefined
      : (args.override?.feePayer ?? args.feePayer.signTransactionWithAuthenticator(transaction));
  return decodeSignedTransaction(
    generateSignedTransaction({
      transaction,
      senderAuthenticator,
      ...(secondary.length > 0 ? { additionalSignersAuthenticators } : {}),
      ...(feePayerAuthenticator === undefined ? {} : { feePayerAuthenticator }),
    }),
  );
}

/** A fresh recipient address. */
export const someone = () => Account.generate().accountAddress;

export const PLAYGROUND =
  '0x000000000000000000000000000000000000000000000000000000000000cafe::playground';

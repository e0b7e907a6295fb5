/**
 * The trace journeys' package `chain` (entry `a` calls `b`, `b` calls `c`, `c` aborts), written
 * with the project's bytecode writer and published from Node by a fresh funded account.
 */
import {
  Account,
  Aptos,
  AptosConfig,
  Network,
  type UserTransactionResponse,
} from '@aptos-labs/ts-sdk';
import { expect } from 'vitest';
import { bytesToHex } from '../../localnet/move/binary/reader.ts';
import { writeModule } from '../../localnet/move/binary/writer.ts';
import { packageMetadata } from '../localnet/move/signedModules.ts';
import { traceModule } from '../localnet/traceModule.ts';
import { chainExpireTimestamp } from './chainClock';

/** Publishes `chain` and answers its owner's address (`0x…`, as the composer takes it). */
export async function publishAbortingPackage(localnet: {
  rest: string;
  faucet: string;
  indexer: string;
}): Promise<string> {
  const { rest, faucet, indexer } = localnet;
  const aptos = new Aptos(
    new AptosConfig({ network: Network.CUSTOM, fullnode: rest, faucet, indexer }),
  );
  const account = Account.generate();
  await aptos.fundAccount({ accountAddress: account.accountAddress, amount: 100_000_000 });
  const transaction = await aptos.publishPackageTransaction({
    account: account.accountAddress,
    metadataBytes: packageMetadata('chain', ['chain']),
    moduleBytecode: [bytesToHex(writeModule(traceModule(account.accountAddress.toStringLong())))],
    options: { expireTimestamp: await chainExpireTimestamp(rest) },
  });
  const pending = await aptos.signAndSubmitTransaction({ signer: account, transaction });
  const published = (await aptos.waitForTransaction({
    transactionHash: pending.hash,
  })) as UserTransactionResponse;
  expect(published.success).toBe(true);
  return account.accountAddress.toStringShort();
}

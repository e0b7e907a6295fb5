import { AccountAddress } from '@aptos-labs/ts-sdk';
import { APT_DECIMALS, formatUnits } from '../machines';
import { createAptos } from './headless';
import { UsageError, type CliNetwork } from './options';

/** What `tx-workbench fund` did: the faucet's transaction and the balance after it. */
export interface FundResult {
  address: string;
  /** Octas, a decimal string. */
  amount: string;
  hash: string;
  /** APT balance after the funding, octas as a decimal string. */
  balance: string;
}

/** The faucet's default: 1 APT. */
export const DEFAULT_FUND_OCTAS = '100000000';

/**
 * Checks `fund`'s arguments before anything is sent.
 *
 * @returns the address in its long form and the amount as a number the SDK takes.
 * @throws UsageError naming the bad argument and what is expected.
 */
export function checkFundArgs(args: { address: string; amount: string; network: CliNetwork }): {
  address: string;
  amount: number;
} {
  if (args.network.name === 'testnet') {
    throw new UsageError(
      'The testnet faucet cannot be called from a program: mint testnet APT at https://aptos.dev/network/faucet (signed in), then run against testnet.',
    );
  }
  if (!args.network.faucetUrl) {
    throw new UsageError(
      `No faucet for ${args.network.nodeUrl}: pass --faucet URL (the embedded chain's is http://127.0.0.1:8081), or use --network local or devnet.`,
    );
  }
  if (!AccountAddress.isValid({ input: args.address }).valid) {
    throw new UsageError(
      `"${args.address}" is not an account address: write it in full, 0x and 64 hex digits (only 0x1 to 0xf may be short).`,
    );
  }
  // The SDK's faucet call takes a number: whole octas up to 2^53 - 1 keep their precision.
  if (!/^[1-9][0-9]*$/.test(args.amount) || BigInt(args.amount) > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new UsageError(
      `--amount must be a whole number of octas from 1 to ${Number.MAX_SAFE_INTEGER} (1 APT is 100000000); got "${args.amount}".`,
    );
  }
  return {
    address: AccountAddress.from(args.address).toStringLong(),
    amount: Number(args.amount),
  };
}

/**
 * Asks the network's faucet for `amount` octas for `address` (through the SDK's `fundAccount`),
 * waits for the faucet's transaction, and reads the APT balance after it.
 *
 * @throws UsageError for bad arguments; Error naming the faucet when it cannot be reached or fails.
 */
export async function fundAccount(args: {
  address: string;
  amount: string;
  network: CliNetwork;
}): Promise<FundResult> {
  const { address, amount } = checkFundArgs(args);
  const faucetUrl = args.network.faucetUrl as string;
  const aptos = createAptos({
    nodeUrl: args.network.nodeUrl,
    faucetUrl,
    networkName: args.network.name,
  });
  let hash: string;
  try {
    const transaction = await aptos.fundAccount({
      accountAddress: address,
      amount,
      // The balance below is read from the node, not the indexer.
      options: { waitForIndexer: false },
    });
    if (!transaction.success) {
      throw new Error(
        `the faucet's transaction ${transaction.hash} failed: ${transaction.vm_status}`,
      );
    }
    hash = transaction.hash;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const local = args.network.name === 'local' || /127\.0\.0\.1|localhost/.test(faucetUrl);
    throw new Error(
      `The faucet at ${faucetUrl} did not fund ${address}: ${reason.replace(/\.?$/, '.')}${local ? ' Is the embedded chain running? Start it with `npm run localnet` (or `npm start`).' : ''}`,
    );
  }
  const [balance] = await aptos.view<[string]>({
    payload: {
      function: '0x1::coin::balance',
      typeArguments: ['0x1::aptos_coin::AptosCoin'],
      functionArguments: [address],
    },
  });
  return { address, amount: args.amount, hash, balance: String(balance) };
}

/** Octas as APT, exactly: `150000000` → `1.5`, `1` → `0.00000001`. */
export function octasToApt(octas: string): string {
  return formatUnits(octas, APT_DECIMALS, { group: false });
}

/** `funded 0x… with 100000000 octas (1 APT): balance 100000000 octas (1 APT)`. */
export function describeFunding(result: FundResult): string {
  return `funded ${result.address} with ${result.amount} octas (${octasToApt(result.amount)} APT); balance ${result.balance} octas (${octasToApt(result.balance)} APT); faucet transaction ${result.hash}`;
}

/**
 * What to do about a run that failed for want of APT: the `fund` command for this network, or
 * where to mint on testnet (its faucet needs a sign-in).
 *
 * @param networkArg - `--network` as the user gave it.
 */
export function fundingHint(sender: string, networkArg: string, network: CliNetwork): string {
  if (network.name === 'testnet') {
    return `hint: mint testnet APT for ${sender} at https://aptos.dev/network/faucet, then run again`;
  }
  const faucet = network.faucetUrl ? '' : ' --faucet <faucet URL>';
  return `hint: fund the sender, then run again: npx tx-workbench fund ${sender} --network ${networkArg}${faucet}`;
}

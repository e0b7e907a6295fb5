import { AccountAddress, U64 } from '@aptos-labs/ts-sdk';
import { sha3Hex, utf8 } from '../../localnet/encoding.ts';
import { ROOT_PRIVATE_KEY } from '../../localnet/framework/root.ts';
import { Ed25519Signer } from '../../localnet/signer.ts';
import type { ChainUrls } from './chainProcess.ts';

/** A raw HTTP client of the chain for the load and kill -9 runs (no SDK retries in the way). */
export interface Answer {
  status: number;
  body: unknown;
}

const TIMEOUT_MS = 10_000;

export async function getJson(urls: ChainUrls, path: string): Promise<Answer> {
  const response = await fetch(`${urls.rest}${path}`, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  const text = await response.text();
  return { status: response.status, body: text === '' ? null : (JSON.parse(text) as unknown) };
}

export async function postJson(url: string, value: unknown): Promise<Answer> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(value),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? null : (JSON.parse(text) as unknown) };
}

export async function submit(urls: ChainUrls, bytes: Uint8Array): Promise<Answer> {
  const response = await fetch(`${urls.rest}/transactions`, {
    method: 'POST',
    headers: { 'content-type': 'application/x.aptos.signed_transaction+bcs' },
    body: new Uint8Array(bytes),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

const TRANSACTION_SALT = sha3Hex(utf8('APTOS::Transaction'));

/** The hash a node gives a signed transaction (what `generateUserTransactionHash` computes). */
export function transactionHash(bytes: Uint8Array): string {
  return sha3Hex(Buffer.from(TRANSACTION_SALT.slice(2), 'hex'), new Uint8Array([0]), bytes);
}

export const root = (): Ed25519Signer => Ed25519Signer.fromPrivateKey(ROOT_PRIVATE_KEY);

/** An APT transfer, signed. */
export function transfer(
  signer: Ed25519Signer,
  args: {
    to: string;
    amount: bigint;
    sequenceNumber: bigint;
    gasUnitPrice?: bigint;
    /** Defaults to wall time + 600 s; pass the chain's time + 600 s when its clock was moved. */
    expirationSecs?: bigint;
  },
): Uint8Array {
  return signer.signEntryFunction({
    function: '0x1::aptos_account::transfer',
    args: [AccountAddress.from(args.to), new U64(args.amount)],
    sequenceNumber: args.sequenceNumber,
    expirationSecs: args.expirationSecs ?? BigInt(Math.floor(Date.now() / 1000) + 600),
    chainId: 4,
    maxGasAmount: 2_000n,
    ...(args.gasUnitPrice === undefined ? {} : { gasUnitPrice: args.gasUnitPrice }),
  });
}

export async function sequenceNumber(urls: ChainUrls, address: string): Promise<bigint> {
  const { body } = await getJson(urls, `/accounts/${address}`);
  return BigInt((body as { sequence_number: string }).sequence_number);
}

export type TxState =
  { state: 'committed'; tx: Record<string, unknown> } | { state: 'pending' } | { state: 'unknown' };

export async function lookup(urls: ChainUrls, hash: string): Promise<TxState> {
  const { status, body } = await getJson(urls, `/transactions/by_hash/${hash}`);
  if (status === 404) return { state: 'unknown' };
  const tx = body as Record<string, unknown>;
  if (tx.type === 'pending_transaction') return { state: 'pending' };
  return { state: 'committed', tx };
}

/** Waits (wait_by_hash long polls) until committed, or unknown (dropped), or `ms` pass. */
export async function waitFor(urls: ChainUrls, hash: string, ms = 30_000): Promise<TxState> {
  const until = Date.now() + ms;
  for (;;) {
    const { status, body } = await getJson(urls, `/transactions/wait_by_hash/${hash}`);
    if (status === 404) return { state: 'unknown' };
    const tx = body as Record<string, unknown>;
    if (tx.type !== 'pending_transaction') return { state: 'committed', tx };
    if (Date.now() > until) return { state: 'pending' };
  }
}

/** Funds accounts through the faucet and waits for every mint. Returns the amounts minted. */
export async function fund(urls: ChainUrls, addresses: string[], amount: bigint): Promise<bigint> {
  const hashes: string[] = [];
  for (const address of addresses) {
    const { status, body } = await postJson(`${urls.faucet}/fund`, {
      address,
      amount: amount.toString(),
    });
    if (status !== 200) throw new Error(`fund ${address}: ${status} ${JSON.stringify(body)}`);
    hashes.push(`0x${(body as { txn_hashes: string[] }).txn_hashes[0] ?? ''}`);
  }
  for (const hash of hashes) {
    const result = await waitFor(urls, hash);
    if (result.state !== 'committed' || result.tx.success !== true)
      throw new Error(`fund transaction ${hash} did not commit`);
  }
  return amount * BigInt(addresses.length);
}

/** `0x1::coin::balance<AptosCoin>` of an address at a version. */
export async function balance(urls: ChainUrls, address: string, version?: bigint): Promise<bigint> {
  const { status, body } = await postJson(
    `${urls.rest}/view${version === undefined ? '' : `?ledger_version=${version}`}`,
    {
      function: '0x1::coin::balance',
      type_arguments: ['0x1::aptos_coin::AptosCoin'],
      arguments: [address],
    },
  );
  if (status !== 200) return 0n;
  return BigInt((body as string[])[0] ?? '0');
}

export async function supply(urls: ChainUrls, version?: bigint): Promise<bigint> {
  const { body } = await postJson(
    `${urls.rest}/view${version === undefined ? '' : `?ledger_version=${version}`}`,
    {
      function: '0x1::coin::supply',
      type_arguments: ['0x1::aptos_coin::AptosCoin'],
      arguments: [],
    },
  );
  const option = (body as [{ vec: string[] }])[0];
  return BigInt(option.vec[0] ?? '0');
}

export interface LedgerWalk {
  latest: bigint;
  /** Versions that were not where they should be (should be 0). */
  versionGaps: number;
  /** Every user transaction, in order. */
  users: Array<{
    version: bigint;
    hash: string;
    sender: string;
    sequenceNumber: bigint;
    fee: bigint;
    success: boolean;
  }>;
}

/** Reads every version through `GET /transactions` and checks they are contiguous. */
export async function walkLedger(urls: ChainUrls): Promise<LedgerWalk> {
  const { body } = await getJson(urls, '');
  const latest = BigInt((body as { ledger_version: string }).ledger_version);
  const walk: LedgerWalk = { latest, versionGaps: 0, users: [] };
  let expected = 0n;
  while (expected <= latest) {
    const { status, body: page } = await getJson(urls, `/transactions?start=${expected}&limit=100`);
    if (status !== 200) throw new Error(`GET /transactions?start=${expected}: ${status}`);
    const txs = page as Array<Record<string, string | boolean>>;
    if (txs.length === 0 || expected > latest) break;
    for (const tx of txs) {
      const version = BigInt(String(tx.version));
      // Idle blocks go on while the walk runs: stop at the version read first.
      if (version > latest) break;
      if (version !== expected) walk.versionGaps += 1;
      expected = version + 1n;
      if (tx.type === 'user_transaction') {
        walk.users.push({
          version,
          hash: String(tx.hash),
          sender: AccountAddress.from(String(tx.sender)).toStringLong(),
          sequenceNumber: BigInt(String(tx.sequence_number)),
          fee: BigInt(String(tx.gas_used)) * BigInt(String(tx.gas_unit_price)),
          success: tx.success === true,
        });
      }
    }
  }
  if (expected <= latest) walk.versionGaps += 1;
  return walk;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  Account,
  Aptos,
  AptosConfig,
  Ed25519PrivateKey,
  Network,
  Serializer,
  type InputGenerateTransactionOptions,
  type SimpleTransaction,
  type UserTransactionResponse,
} from '@aptos-labs/ts-sdk';
import { AUTO_PORT_ARGS } from '../../localnet/config.ts';
import { startLocalnet, type Localnet, type LocalnetOptions } from '../../localnet/index.ts';

/** A BCS vector of already-serialized items (the body of `POST /transactions/batch`): the ULEB128 count, then each. */
export function bcsVector(items: Uint8Array[]): Uint8Array {
  const serializer = new Serializer();
  serializer.serializeU32AsUleb128(items.length);
  for (const item of items) serializer.serializeFixedBytes(item);
  return serializer.toUint8Array();
}

export interface Chain {
  localnet: Localnet;
  aptos: Aptos;
  root: Account;
  /** POSTs JSON to a dev control under /workbench. */
  dev: (path: string, body?: unknown) => Promise<unknown>;
  /** Raw fetch against the REST base (`/v1` included). */
  rest: (path: string, init?: RequestInit) => Promise<Response>;
}

/** Starts an ephemeral chain on free ports and an SDK client for it, as a user's script would. */
export async function startChain(options: LocalnetOptions = {}): Promise<Chain> {
  // Instant commit unless a test asks otherwise: these tests pin behaviour, not cadence.
  const localnet = await startLocalnet({
    ephemeral: true,
    ports: 'auto',
    blockTimeMs: 0,
    ...options,
  });
  const aptos = new Aptos(
    new AptosConfig({
      network: Network.CUSTOM,
      fullnode: localnet.urls.rest,
      faucet: localnet.urls.faucet,
      indexer: localnet.urls.indexer,
    }),
  );
  const root = Account.fromPrivateKey({
    privateKey: new Ed25519PrivateKey(localnet.rootPrivateKeyAip80),
  });
  const origin = localnet.urls.rest.replace(/\/v1$/, '');
  return {
    localnet,
    aptos,
    root,
    dev: async (path, body) => {
      const response = await fetch(`${origin}/workbench/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body ?? {}),
      });
      const json: unknown = await response.json();
      if (!response.ok) throw new Error(`dev control ${path} failed: ${JSON.stringify(json)}`);
      return json;
    },
    rest: (path, init) => fetch(`${localnet.urls.rest}${path}`, init),
  };
}

/** A fresh account funded through the faucet (the SDK's fundAccount, which also waits for the indexer). */
export async function fundedAccount(chain: Chain, amount = 100_000_000): Promise<Account> {
  const account = Account.generate();
  await chain.aptos.fundAccount({ accountAddress: account.accountAddress, amount });
  return account;
}

/** Posts BCS bytes to a REST path and returns the status and parsed body (no SDK error handling). */
/** Builds a 1-octa transfer from `sender` to a fresh address, the tests' everyday transaction. */
export function buildTransfer(
  chain: Chain,
  sender: Account,
  options?: InputGenerateTransactionOptions,
): Promise<SimpleTransaction> {
  return chain.aptos.transaction.build.simple({
    sender: sender.accountAddress,
    data: {
      function: '0x1::aptos_account::transfer',
      functionArguments: [Account.generate().accountAddress, 1],
    },
    ...(options === undefined ? {} : { options }),
  });
}

export async function postBcs(
  chain: Chain,
  path: string,
  bytes: Uint8Array,
  contentType = 'application/x.aptos.signed_transaction+bcs',
): Promise<{ status: number; body: unknown; headers: Headers }> {
  const response = await chain.rest(path, {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: new Uint8Array(bytes),
  });
  return { status: response.status, body: await response.json(), headers: response.headers };
}

/** GETs a REST path, returning status, parsed body and headers. */
export async function getJson(
  chain: Chain,
  path: string,
): Promise<{ status: number; body: unknown; headers: Headers }> {
  const response = await chain.rest(path);
  return { status: response.status, body: await response.json(), headers: response.headers };
}

/** The exact body LOCALNET.md gives for a validation failure on submit. */
export function validationBody(name: string, code: number) {
  return {
    message: `Invalid transaction: Type: Validation Code: ${name}`,
    error_code: 'vm_error',
    vm_error_code: code,
  };
}

/** The committed transaction as a user transaction (throws for other kinds). */
export function asUser(tx: { type: string }): UserTransactionResponse {
  if (tx.type !== 'user_transaction')
    throw new Error(`expected a user transaction, got ${tx.type}`);
  return tx as UserTransactionResponse;
}

const tempDirs: string[] = [];

/** A fresh data dir under the system temp dir; `removeTempDirs()` deletes them all. */
export function tempDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'localnet-test-'));
  tempDirs.push(dir);
  return dir;
}

export function removeTempDirs(): void {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** `npm run localnet` as a child process on free ports over `dir`; resolves with its URLs. */
export async function spawnLocalnet(dir: string): Promise<{
  child: ChildProcessWithoutNullStreams;
  urls: { rest: string; faucet: string; indexer: string };
}> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'localnet/main.ts',
      '--data-dir',
      dir,
      '--block-time',
      '0',
      ...AUTO_PORT_ARGS,
    ],
    { cwd: join(import.meta.dirname, '..', '..'), stdio: 'pipe' },
  );
  let output = '';
  const urls = await new Promise<{ rest: string; faucet: string; indexer: string }>(
    (resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const find = (label: string) => new RegExp(`${label}\\s+(http\\S+)`).exec(output)?.[1];
        const [rest, faucet, indexer] = [find('REST'), find('faucet'), find('indexer')];
        if (rest !== undefined && faucet !== undefined && indexer !== undefined)
          resolve({ rest, faucet, indexer });
      });
      child.once('exit', (code) => reject(new Error(`localnet exited (${code}): ${output}`)));
    },
  );
  return { child, urls };
}

/**
 * The embedded local chain: the Aptos full-node REST API, faucet, indexer (processor status and
 * fungible asset balances) and readiness, offline. See localnet/README.md.
 */
import { deriveAccounts, type AccountsOption, type LocalnetAccount } from './accounts.ts';
import { ForkRegistry } from './forkRegistry.ts';
import { APTOS_COIN_TYPE } from './framework/assets.ts';
import { ROOT_ADDRESS, ROOT_PRIVATE_KEY } from './framework/root.ts';
import { PLAYGROUND_ADDRESS } from './framework/modules/playground.ts';
import { serve, type HttpService } from './http/server.ts';
import { createRouters } from './http/services.ts';
import type { MiningMode } from './miner/miner.ts';
import { DEFAULT_BLOCK_TIME_MS, DEFAULT_IDLE_BLOCK_MS } from './miner/miner.ts';
import { LocalNode } from './node/node.ts';
import { openFork, type ForkOptions } from './node/fork.ts';
import { testControls, type TestControls } from './testControls.ts';

export type { AccountsOption, LocalnetAccount } from './accounts.ts';
export { deriveAccounts } from './accounts.ts';
export type { MiningMode } from './miner/miner.ts';
export type { TestControls } from './testControls.ts';
export type { ForkOptions, ForkProgress } from './node/fork.ts';
export type { Faults, LedgerInfo } from './node/node.ts';
export { LocalNode, WARMUP_BLOCKS } from './node/node.ts';
export { NodeError, ValidationError } from './errors.ts';
export { GAS } from './executor/gas.ts';
export { CHAIN_ID } from './framework/genesis.ts';
export { PLAYGROUND_ADDRESS } from './framework/modules/playground.ts';
export { ROOT_ADDRESS, ROOT_PRIVATE_KEY } from './framework/root.ts';
export { Ed25519Signer } from './signer.ts';

/** The ports `Network.LOCAL` expects. */
export const DEFAULT_PORTS = { rest: 8080, faucet: 8081, indexer: 8090, readiness: 8070 } as const;

export type ServicePorts = { rest: number; faucet: number; indexer: number; readiness: number };

export interface LocalnetOptions {
  /** Keep everything in memory; nothing is read from or written to the data dir. */
  ephemeral?: boolean;
  /** Where the durable log lives (default `.localnet/`). */
  dataDir?: string;
  /** Wipe the data dir first. */
  reset?: boolean;
  /** `'auto'` picks free ports; otherwise each service's port (defaults: `DEFAULT_PORTS`). */
  ports?: 'auto' | Partial<ServicePorts>;
  /** Interface to listen on (default `127.0.0.1`). */
  host?: string;
  /**
   * A block every N ms (default 250, `DEFAULT_BLOCK_TIME_MS`), a submission pending until its
   * block; 0 commits on the next tick after a submission (instant, for tests and benchmarks).
   */
  blockTimeMs?: number;
  /** With `blockTimeMs` > 0: an empty block after N idle ms (default 500); 0 turns them off. */
  idleBlockMs?: number;
  /** Overrides `blockTimeMs`, e.g. `{ mode: 'manual' }` for tests that mine by hand. */
  mining?: MiningMode;
  /** fsync the log after each block (survives power loss, not only kill -9). */
  fsync?: boolean;
  /** Origins besides loopback ones that may use the dev controls and the faucet. */
  allowOrigins?: string[];
  /**
   * Funded Ed25519 accounts, the same on every run for the same seed (`localnet.accounts`), e.g.
   * `{ seed: 'my-tests', count: 4, balance: '100000000' }`; minted in the first block after start.
   */
  accounts?: AccountsOption;
  /**
   * Fork mode: the chain is `url`'s (an Aptos node's REST API) at `version` (default: its
   * latest), read lazily and kept in memory; new blocks commit locally on top (CHAIN.md, "Fork mode").
   */
  fork?: ForkOptions;
}

/** A running chain: where it listens, its accounts, and the dev controls of `TestControls`. */
export interface Localnet extends TestControls {
  urls: { rest: string; faucet: string; indexer: string; readiness: string };
  ports: ServicePorts;
  /** 4, or on a fork the upstream's chain id. */
  chainId: number;
  /** The funded root account (long form); its key is `rootPrivateKey`. */
  rootAddress: `0x${string}`;
  /** DEV ONLY: the root account's well-known Ed25519 private key (raw hex). */
  rootPrivateKey: typeof ROOT_PRIVATE_KEY;
  /** The same key in AIP-80 form (`ed25519-priv-0x…`), what the SDK prefers. */
  rootPrivateKeyAip80: `ed25519-priv-${typeof ROOT_PRIVATE_KEY}`;
  /** Address of the playground module, long form (`0x…cafe`): the SDK wants long addresses. */
  playgroundAddress: `0x${string}`;
  /** The accounts of `options.accounts`, funded (empty without the option). */
  accounts: LocalnetAccount[];
  /** The in-process node: every dev control (also hold, release, drop) and typed reads. */
  node: LocalNode;
  /** Stops mining, closes the services and the log: nothing is left open (no timer, socket or thread). */
  stop(): Promise<void>;
}

/**
 * Starts the local chain and its four HTTP services; resolves when all of them listen. On the
 * default cadence a fresh chain starts with `WARMUP_BLOCKS` (10) empty blocks of history, committed
 * at once with timestamps in the last few seconds, so it is ready at once (see localnet/README.md,
 * "Block cadence").
 *
 * @example
 * const localnet = await startLocalnet({ ephemeral: true, ports: 'auto' });
 * const aptos = new Aptos(new AptosConfig({ network: Network.CUSTOM, fullnode: localnet.urls.rest,
 *   faucet: localnet.urls.faucet, indexer: localnet.urls.indexer }));
 * await aptos.fundAccount({ accountAddress: alice.accountAddress, amount: 100_000_000 });
 * await localnet.stop();
 */
export async function startLocalnet(options: LocalnetOptions = {}): Promise<Localnet> {
  const host = options.host ?? '127.0.0.1';
  const blockTimeMs = options.blockTimeMs ?? DEFAULT_BLOCK_TIME_MS;
  const idleBlockMs = options.idleBlockMs ?? DEFAULT_IDLE_BLOCK_MS;
  const mining: MiningMode =
    options.mining ??
    (blockTimeMs > 0
      ? idleBlockMs > 0
        ? { mode: 'interval', intervalMs: blockTimeMs, idleBlockMs }
        : { mode: 'interval', intervalMs: blockTimeMs }
      : { mode: 'instant' });
  // Derived before anything starts: a bad option throws with nothing to clean up.
  const accounts = options.accounts === undefined ? [] : deriveAccounts(options.accounts);
  if (options.fork !== undefined && accounts.length > 0)
    throw new Error(
      "localnet: seeded accounts are not minted on a fork: use the upstream's accounts",
    );
  const fork = options.fork === undefined ? undefined : await openFork(options.fork);
  const node = new LocalNode({
    mining,
    dataDir: options.ephemeral === true ? null : (options.dataDir ?? '.localnet'),
    reset: options.reset ?? false,
    fsync: options.fsync ?? false,
    ...(fork === undefined ? {} : { fork }),
  });
  const wanted: ServicePorts =
    options.ports === 'auto'
      ? { rest: 0, faucet: 0, indexer: 0, readiness: 0 }
      : { ...DEFAULT_PORTS, ...options.ports };
  // POST /workbench/forks: forks of any node, in this process on free ports (instant blocks).
  const fresh = { requests: 0, bytes: 0, keys: 0 };
  const forks = new ForkRegistry(async (forkOptions) => {
    const chain = await startLocalnet({
      ephemeral: true,
      ports: 'auto',
      host,
      blockTimeMs: 0,
      allowOrigins: options.allowOrigins ?? [],
      fork: forkOptions,
    });
    return {
      rest: chain.urls.rest,
      chainId: chain.chainId,
      version: chain.node.fork?.version ?? 0,
      reads: () => ({ ...(chain.node.fork?.state.upstream.progress ?? fresh) }),
      stop: chain.stop,
    };
  });
  const routers = createRouters(node, { host, allowOrigins: options.allowOrigins ?? [] }, forks);
  const services: HttpService[] = [];
  let stopped = false;
  const stop = async () => {
    stopped = true;
    await Promise.all([
      node.stop(),
      forks.stopAll(),
      ...services.map((service) => service.close()),
    ]);
    // A server emits 'close' before libuv's close phase has freed its handle: two turns of the
    // loop put one close phase behind us, so nothing is listed as open once stop() resolves.
    for (let turn = 0; turn < 2; turn += 1) await new Promise((resolve) => setImmediate(resolve));
  };
  try {
    fundAccounts(node, accounts);
    const start = async (name: keyof ServicePorts) => {
      const service = await serve({ handle: routers[name], host, port: wanted[name] });
      services.push(service);
      return service.port;
    };
    const ports: ServicePorts = {
      rest: await start('rest'),
      faucet: await start('faucet'),
      indexer: await start('indexer'),
      readiness: 0,
    };
    // Readiness opens last; the chain already has its first blocks (`WARMUP_BLOCKS`).
    ports.readiness = await start('readiness');
    const base = `http://${host.includes(':') ? `[${host}]` : host}`;
    return {
      urls: {
        rest: `${base}:${ports.rest}/v1`,
        faucet: `${base}:${ports.faucet}`,
        indexer: `${base}:${ports.indexer}/v1/graphql`,
        readiness: `${base}:${ports.readiness}/`,
      },
      ports,
      chainId: node.chainId,
      rootAddress: ROOT_ADDRESS,
      rootPrivateKey: ROOT_PRIVATE_KEY,
      rootPrivateKeyAip80: `ed25519-priv-${ROOT_PRIVATE_KEY}`,
      playgroundAddress: PLAYGROUND_ADDRESS,
      accounts,
      node,
      ...testControls(node, () => stopped),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Mints each account's balance in one block committed at once, whatever the mining mode. An
 * account that already holds APT (a chain restarted from its data dir) is left as it is.
 */
function fundAccounts(node: LocalNode, accounts: LocalnetAccount[]): void {
  const unfunded = accounts.filter(
    (account) => node.getBalance(account.address, { coinType: APTOS_COIN_TYPE }) === 0n,
  );
  if (unfunded.length === 0) return;
  const hashes = unfunded.map((account) => node.fund(account.address, BigInt(account.balance)));
  node.mineBlock();
  for (const hash of hashes) {
    const tx = node.getTransactionByHash(hash);
    if (tx.success !== true)
      throw new Error(`localnet: funding an account failed: ${String(tx.vm_status)}`);
  }
}

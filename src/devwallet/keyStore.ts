import { errorMessage } from '../errors/errorMessage';
import { isDevWalletNetworkName, type DevWalletNetwork } from './networks';
import type { ApprovedApp, DevWalletAccountOrigin } from './types';

/** One saved key. With {@link PersistedMultiAccount}, the only place the wallet writes a private key (AIP-80 string). */
export interface PersistedAccount {
  readonly name: string;
  readonly privateKey: string;
  readonly origin: DevWalletAccountOrigin;
  readonly derivationPath?: string;
}

/**
 * One saved multi-Ed25519 or multi-key account: its keys' private keys (AIP-80 strings,
 * `ed25519-priv-0x…` or `secp256k1-priv-0x…`) in the account's order, and its threshold. Saved in
 * the same record as {@link PersistedAccount}, under the same storage key.
 */
export interface PersistedMultiAccount {
  readonly name: string;
  readonly kind: 'multiEd25519' | 'multiKey';
  readonly threshold: number;
  readonly privateKeys: readonly string[];
}

/** What the wallet saves: keys of local, devnet and testnet accounts, the network, the active account. */
export interface PersistedDevWallet {
  readonly version: 1;
  readonly accounts: readonly PersistedAccount[];
  readonly activeAddress?: string;
  readonly network?: DevWalletNetwork;
  readonly approvedApps?: readonly ApprovedApp[];
  /** Multi-Ed25519 and multi-key accounts (absent when there is none). */
  readonly multiAccounts?: readonly PersistedMultiAccount[];
}

/**
 * Where the wallet keeps its keys between reloads. `load` may throw when the saved state cannot
 * be read; the wallet then starts empty and shows why.
 */
export interface DevWalletKeyStore {
  load(): PersistedDevWallet | undefined;
  save(state: PersistedDevWallet): void;
}

/** The localStorage key the browser key store uses. */
export const DEV_WALLET_STORAGE_KEY = 'transaction-workbench.dev-wallet.v1';

const ORIGINS: readonly string[] = ['generated', 'privateKey', 'mnemonic'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseAccount(value: unknown): PersistedAccount | undefined {
  if (!isRecord(value)) return undefined;
  const { name, privateKey, origin, derivationPath } = value;
  if (typeof name !== 'string' || typeof privateKey !== 'string') return undefined;
  if (typeof origin !== 'string' || !ORIGINS.includes(origin)) return undefined;
  return {
    name,
    privateKey,
    origin: origin as DevWalletAccountOrigin,
    ...(typeof derivationPath === 'string' ? { derivationPath } : {}),
  };
}

function parseMultiAccount(value: unknown): PersistedMultiAccount[] {
  if (!isRecord(value)) return [];
  const { name, kind, threshold, privateKeys } = value;
  if (typeof name !== 'string' || (kind !== 'multiEd25519' && kind !== 'multiKey')) return [];
  if (typeof threshold !== 'number' || !Array.isArray(privateKeys)) return [];
  const keys = privateKeys.filter((key): key is string => typeof key === 'string');
  if (keys.length !== privateKeys.length) return [];
  return [{ name, kind, threshold, privateKeys: keys }];
}

function parseNetwork(value: unknown): DevWalletNetwork | undefined {
  if (!isRecord(value)) return undefined;
  const { name, chainId, nodeUrl, faucetUrl } = value;
  if (!isDevWalletNetworkName(name) || typeof chainId !== 'number' || typeof nodeUrl !== 'string') {
    return undefined;
  }
  return { name, chainId, nodeUrl, ...(typeof faucetUrl === 'string' ? { faucetUrl } : {}) };
}

function parseApprovedApp(value: unknown): ApprovedApp[] {
  if (!isRecord(value)) return [];
  const { application, network, chainId } = value;
  if (typeof application !== 'string' || !isDevWalletNetworkName(network)) return [];
  return typeof chainId === 'number' ? [{ application, network, chainId }] : [];
}

/**
 * Checks saved state read back from storage; throws an `Error` that says what is wrong.
 *
 * @example
 * ```ts
 * parsePersistedDevWallet(JSON.parse(text));
 * ```
 */
export function parsePersistedDevWallet(value: unknown): PersistedDevWallet {
  if (!isRecord(value) || value.version !== 1 || !Array.isArray(value.accounts)) {
    throw new Error('it is not a version 1 dev wallet record');
  }
  const accounts = value.accounts.map(parseAccount);
  if (accounts.some((account) => account === undefined)) {
    throw new Error('an account entry is malformed');
  }
  const network = parseNetwork(value.network);
  // Approvals are a convenience: an unreadable one is dropped, not a reason to refuse the keys.
  const approvedApps = Array.isArray(value.approvedApps)
    ? value.approvedApps.flatMap(parseApprovedApp)
    : [];
  const multiAccounts = Array.isArray(value.multiAccounts)
    ? value.multiAccounts.flatMap(parseMultiAccount)
    : [];
  return {
    version: 1,
    accounts: accounts as PersistedAccount[],
    ...(multiAccounts.length === 0 ? {} : { multiAccounts }),
    ...(typeof value.activeAddress === 'string' ? { activeAddress: value.activeAddress } : {}),
    ...(network === undefined ? {} : { network }),
    ...(approvedApps.length === 0 ? {} : { approvedApps }),
  };
}

/**
 * A key store in the browser's localStorage (or any `Storage`).
 *
 * @param args.storage - Defaults to `window.localStorage`.
 * @param args.key - Defaults to {@link DEV_WALLET_STORAGE_KEY}.
 * @example
 * ```ts
 * const wallet = createDevWallet({ keyStore: createLocalStorageKeyStore() });
 * ```
 */
export function createLocalStorageKeyStore(
  args: { storage?: Storage; key?: string } = {},
): DevWalletKeyStore {
  const key = args.key ?? DEV_WALLET_STORAGE_KEY;
  const storage = (): Storage => args.storage ?? window.localStorage;
  return {
    load() {
      const text = storage().getItem(key);
      if (text === null) return undefined;
      try {
        return parsePersistedDevWallet(JSON.parse(text));
      } catch (error) {
        throw new Error(
          `The saved dev wallet (localStorage "${key}") could not be read: ${errorMessage(error)}. The wallet started empty; adding an account overwrites the saved record.`,
        );
      }
    },
    save(state) {
      storage().setItem(key, JSON.stringify(state));
    },
  };
}

/** A key store that keeps state in memory, for tests. `saved()` returns what was last saved. */
export interface MemoryKeyStore extends DevWalletKeyStore {
  saved(): PersistedDevWallet | undefined;
}

/**
 * A key store in memory, optionally starting from saved state (tests, storybook-like demos).
 *
 * @example
 * ```ts
 * const keyStore = createMemoryKeyStore();
 * const wallet = createDevWallet({ keyStore });
 * ```
 */
export function createMemoryKeyStore(initial?: PersistedDevWallet): MemoryKeyStore {
  let state = initial;
  return {
    load: () => state,
    save: (next) => {
      state = next;
    },
    saved: () => state,
  };
}

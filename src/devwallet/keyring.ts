import type { MultiEd25519Account, MultiKeyAccount } from '@aptos-labs/ts-sdk';
import { Ed25519Account, Ed25519PrivateKey, Secp256k1PrivateKey } from '@aptos-labs/ts-sdk';
import { DEFAULT_DERIVATION_PATH } from './constants';
import { errorMessage } from '../errors/errorMessage';
import { parseAddress } from '../format/address';
import { DevWalletError } from './DevWalletError';
import { deriveAccount, parsePrivateKey } from './keys';
import type {
  DevWalletKeyStore,
  PersistedAccount,
  PersistedDevWallet,
  PersistedMultiAccount,
} from './keyStore';
import { multiEd25519Account, multiKeyAccount } from './multiKeyAccounts';
import { isPersistentNetwork, type DevWalletNetwork } from './networks';
import type { ApprovedApp, DevWalletAccount, DevWalletAccountOrigin } from './types';

const NAME_MAX_LENGTH = 40;

/** A key a multi-key account can hold here. */
type PrivateKey = Ed25519PrivateKey | Secp256k1PrivateKey;

/** What signs for one of the wallet's accounts (it holds private keys: never log it). */
export type WalletSigner = Ed25519Account | MultiEd25519Account | MultiKeyAccount;

/** The private keys of a multi-Ed25519 or multi-key account, in its order, and its threshold. */
interface MultiAccountKeys {
  readonly kind: 'multiEd25519' | 'multiKey';
  readonly threshold: number;
  readonly privateKeys: readonly PrivateKey[];
}

function schemeOf(key: PrivateKey): 'Ed25519' | 'Secp256k1' {
  return key instanceof Secp256k1PrivateKey ? 'Secp256k1' : 'Ed25519';
}

function parseAnyPrivateKey(text: string): PrivateKey {
  return text.startsWith('secp256k1-priv-')
    ? new Secp256k1PrivateKey(text)
    : parsePrivateKey({ privateKey: text });
}

function buildMultiSigner(keys: MultiAccountKeys): MultiEd25519Account | MultiKeyAccount {
  const accountKeys = keys.privateKeys.map((privateKey) => ({ privateKey }));
  return keys.kind === 'multiEd25519'
    ? multiEd25519Account({ keys: accountKeys, threshold: keys.threshold })
    : multiKeyAccount({ keys: accountKeys, threshold: keys.threshold });
}

/** What a change to the keyring means for a connected app. */
export interface KeyringChange {
  /** The active account is now a different one (or none). */
  readonly activeChanged: boolean;
}

/**
 * The wallet's accounts and their keys, the active account, and their persistence in a key store
 * (with the wallet's network and the approved apps, which are saved in the same record).
 *
 * Private keys stay in this object and the key store; everything it returns is public data.
 */
export class Keyring {
  readonly #signers = new Map<string, WalletSigner>();
  readonly #multiKeys = new Map<string, MultiAccountKeys>();
  #accounts: DevWalletAccount[] = [];
  #activeAddress: string | null = null;
  #storageError: string | undefined;
  #nextAccountNumber = 1;
  readonly #keyStore: DevWalletKeyStore;
  readonly #network: () => DevWalletNetwork;
  readonly #approvedApps: () => readonly ApprovedApp[];

  /** What was read back from the key store besides the keys. */
  readonly restored: Pick<PersistedDevWallet, 'network' | 'approvedApps'>;

  /**
   * @param args.keyStore - Where keys persist between reloads.
   * @param args.network - The wallet's current network: it decides whether new keys persist and
   * is saved with them.
   * @param args.approvedApps - The approved apps, saved with the keys.
   */
  constructor(args: {
    keyStore: DevWalletKeyStore;
    network: () => DevWalletNetwork;
    approvedApps: () => readonly ApprovedApp[];
  }) {
    this.#keyStore = args.keyStore;
    this.#network = args.network;
    this.#approvedApps = args.approvedApps;
    this.restored = this.#restore();
  }

  get accounts(): readonly DevWalletAccount[] {
    return this.#accounts;
  }

  get activeAddress(): string | null {
    return this.#activeAddress;
  }

  get active(): DevWalletAccount | null {
    return this.#accounts.find((account) => account.address === this.#activeAddress) ?? null;
  }

  /** A storage problem (unreadable saved state, storage full), explained. */
  get storageError(): string | undefined {
    return this.#storageError;
  }

  /** The name a new account gets when none is given: `Account n`. */
  defaultName(): string {
    return `Account ${this.#nextAccountNumber}`;
  }

  /** Whether the wallet holds the key of this long-form address. */
  has(address: string): boolean {
    return this.#signers.has(address);
  }

  /**
   * The signer of one of the wallet's accounts (it holds the private key: never log it).
   *
   * @throws DevWalletError `UNKNOWN_ACCOUNT`.
   */
  signer(address: string): WalletSigner {
    const signer = this.#signers.get(address);
    if (signer === undefined) {
      throw new DevWalletError({
        code: 'UNKNOWN_ACCOUNT',
        message: `No account ${address} in the wallet.`,
      });
    }
    return signer;
  }

  /**
   * The long form of an address the wallet holds.
   *
   * @throws DevWalletError `UNKNOWN_ACCOUNT`.
   */
  require(address: string): string {
    const parsed = parseAddress(address);
    const key = parsed.ok ? parsed.address : address;
    if (!this.#signers.has(key)) {
      throw new DevWalletError({
        code: 'UNKNOWN_ACCOUNT',
        message: `No account ${address} in the wallet; pick one from the account list.`,
      });
    }
    return key;
  }

  /** Adds an account with a freshly generated key. */
  generate(args: { name?: string }): { account: DevWalletAccount } & KeyringChange {
    return this.#add({ signer: Ed25519Account.generate(), origin: 'generated', name: args.name });
  }

  /** Adds an account from a private key (AIP-80 or 64 hex digits). */
  importPrivateKey(args: {
    privateKey: string;
    name?: string;
  }): { account: DevWalletAccount } & KeyringChange {
    const privateKey = parsePrivateKey({ privateKey: args.privateKey });
    return this.#add({
      signer: new Ed25519Account({ privateKey }),
      origin: 'privateKey',
      name: args.name,
    });
  }

  /** Adds the account a recovery phrase derives at a path; the phrase itself is not kept. */
  importMnemonic(args: {
    mnemonic: string;
    derivationPath?: string;
    name?: string;
  }): { account: DevWalletAccount } & KeyringChange {
    const derivationPath = (args.derivationPath ?? DEFAULT_DERIVATION_PATH).trim();
    const signer = deriveAccount({ mnemonic: args.mnemonic, path: derivationPath });
    return this.#add({ signer, origin: 'mnemonic', name: args.name, derivationPath });
  }

  /**
   * Adds a multi-Ed25519 account (Ed25519 keys only) or a multi-key account (Ed25519 and
   * Secp256k1 keys mixed) made of the keys of some of the wallet's single-key accounts and new
   * keys, after the library's limits are checked (2 to 32 keys, no key twice, threshold from 1 to
   * the key count). It signs with its first `threshold` keys.
   *
   * @throws MultiKeyLimitError naming the limit; DevWalletError `UNKNOWN_ACCOUNT`,
   * `DUPLICATE_ACCOUNT` or `INVALID_NAME`.
   */
  createMultiAccount(args: {
    kind: 'multiEd25519' | 'multiKey';
    threshold: number;
    /** Single-key accounts of this wallet whose keys join, in order. */
    memberAddresses: readonly string[];
    newEd25519Keys?: number;
    newSecp256k1Keys?: number;
    name?: string;
  }): { account: DevWalletAccount } & KeyringChange {
    const members = args.memberAddresses.map((address) => {
      const signer = this.signer(this.require(address));
      if (!(signer instanceof Ed25519Account)) {
        throw new DevWalletError({
          code: 'UNKNOWN_ACCOUNT',
          message: `The account ${address} has several keys itself; pick single-key accounts.`,
        });
      }
      return signer.privateKey;
    });
    const newSecp = args.newSecp256k1Keys ?? 0;
    if (args.kind === 'multiEd25519' && newSecp > 0) {
      throw new DevWalletError({
        code: 'INVALID_PRIVATE_KEY',
        message:
          'A multi-Ed25519 account takes Ed25519 keys only; choose a multi-key account to mix in Secp256k1 keys.',
      });
    }
    const privateKeys: PrivateKey[] = [
      ...members,
      ...Array.from({ length: args.newEd25519Keys ?? 0 }, () => Ed25519PrivateKey.generate()),
      ...Array.from({ length: newSecp }, () => Secp256k1PrivateKey.generate()),
    ];
    const keys: MultiAccountKeys = { kind: args.kind, threshold: args.threshold, privateKeys };
    return this.#add({
      signer: buildMultiSigner(keys),
      origin: args.kind,
      name: args.name,
      multiKeys: keys,
    });
  }

  /** Renames an account; `activeChanged` is true when the active account was renamed. */
  rename(args: { address: string; name: string }): { account: DevWalletAccount } & KeyringChange {
    const address = this.require(args.address);
    const name = checkName(args.name);
    this.#accounts = this.#accounts.map((account) =>
      account.address === address ? { ...account, name } : account,
    );
    this.save();
    const account = this.#accounts.find((entry) => entry.address === address) as DevWalletAccount;
    return { account, activeChanged: address === this.#activeAddress };
  }

  /** Removes an account and forgets its key; the next one becomes active if it was active. */
  remove(args: { address: string }): KeyringChange {
    const address = this.require(args.address);
    const index = this.#accounts.findIndex((account) => account.address === address);
    this.#accounts = this.#accounts.filter((account) => account.address !== address);
    this.#signers.delete(address);
    this.#multiKeys.delete(address);
    const activeChanged = address === this.#activeAddress;
    if (activeChanged) {
      const next = this.#accounts[Math.min(index, this.#accounts.length - 1)] as
        DevWalletAccount | undefined;
      this.#activeAddress = next?.address ?? null;
    }
    this.save();
    return { activeChanged };
  }

  /** Makes an account the active one. */
  setActive(args: { address: string }): KeyringChange {
    const address = this.require(args.address);
    if (address === this.#activeAddress) return { activeChanged: false };
    this.#activeAddress = address;
    this.save();
    return { activeChanged: true };
  }

  /** Writes the persistent accounts, the active account and the network to the key store. */
  save(): void {
    const accounts: PersistedAccount[] = [];
    const multiAccounts: PersistedMultiAccount[] = [];
    for (const account of this.#accounts.filter((entry) => entry.persisted)) {
      const signer = this.signer(account.address);
      const multi = this.#multiKeys.get(account.address);
      if (multi !== undefined) {
        multiAccounts.push({
          name: account.name,
          kind: multi.kind,
          threshold: multi.threshold,
          privateKeys: multi.privateKeys.map((key) => key.toAIP80String()),
        });
      } else if (signer instanceof Ed25519Account) {
        accounts.push({
          name: account.name,
          privateKey: signer.privateKey.toAIP80String(),
          origin: account.origin,
          ...(account.derivationPath === undefined
            ? {}
            : { derivationPath: account.derivationPath }),
        });
      }
    }
    const approvedApps = this.#approvedApps();
    try {
      this.#keyStore.save({
        version: 1,
        accounts,
        ...(this.#activeAddress === null ? {} : { activeAddress: this.#activeAddress }),
        network: this.#network(),
        ...(approvedApps.length === 0 ? {} : { approvedApps }),
        ...(multiAccounts.length === 0 ? {} : { multiAccounts }),
      });
      this.#storageError = undefined;
    } catch (error) {
      this.#storageError = `Could not save the keys in browser storage (${errorMessage(error)}); they stay in memory until this page closes.`;
    }
  }

  #add(args: {
    signer: WalletSigner;
    origin: DevWalletAccountOrigin;
    name: string | undefined;
    derivationPath?: string;
    persisted?: boolean;
    multiKeys?: MultiAccountKeys;
  }): { account: DevWalletAccount } & KeyringChange {
    const address = args.signer.accountAddress.toStringLong();
    const existing = this.#accounts.find((account) => account.address === address);
    if (existing !== undefined) {
      throw new DevWalletError({
        code: 'DUPLICATE_ACCOUNT',
        message: `This key is already in the wallet as "${existing.name}".`,
      });
    }
    const name =
      args.name === undefined || args.name.trim() === ''
        ? this.defaultName()
        : checkName(args.name);
    const account: DevWalletAccount = {
      address,
      publicKey: args.signer.publicKey.toString(),
      name,
      origin: args.origin,
      ...(args.derivationPath === undefined ? {} : { derivationPath: args.derivationPath }),
      persisted: args.persisted ?? isPersistentNetwork(this.#network()),
      ...(args.multiKeys === undefined
        ? {}
        : {
            keys: {
              threshold: args.multiKeys.threshold,
              schemes: args.multiKeys.privateKeys.map(schemeOf),
            },
          }),
    };
    this.#signers.set(address, args.signer);
    if (args.multiKeys !== undefined) this.#multiKeys.set(address, args.multiKeys);
    this.#accounts = [...this.#accounts, account];
    this.#nextAccountNumber += 1;
    const activeChanged = this.#activeAddress === null;
    if (activeChanged) this.#activeAddress = address;
    if (args.persisted === undefined) this.save();
    return { account, activeChanged };
  }

  #restore(): Pick<PersistedDevWallet, 'network' | 'approvedApps'> {
    let saved;
    try {
      saved = this.#keyStore.load();
    } catch (error) {
      this.#storageError = errorMessage(error);
      return {};
    }
    if (saved === undefined) return {};
    let unreadable = 0;
    for (const entry of saved.accounts) {
      try {
        const signer = new Ed25519Account({
          privateKey: parsePrivateKey({ privateKey: entry.privateKey }),
        });
        this.#add({
          signer,
          origin: entry.origin,
          name: entry.name,
          ...(entry.derivationPath === undefined ? {} : { derivationPath: entry.derivationPath }),
          persisted: true,
        });
      } catch {
        unreadable += 1;
      }
    }
    for (const entry of saved.multiAccounts ?? []) {
      try {
        const keys: MultiAccountKeys = {
          kind: entry.kind,
          threshold: entry.threshold,
          privateKeys: entry.privateKeys.map(parseAnyPrivateKey),
        };
        this.#add({
          signer: buildMultiSigner(keys),
          origin: entry.kind,
          name: entry.name,
          persisted: true,
          multiKeys: keys,
        });
      } catch {
        unreadable += 1;
      }
    }
    if (unreadable > 0) {
      this.#storageError = `${unreadable} saved account(s) could not be read and were skipped; they will be dropped from storage at the next change.`;
    }
    if (saved.activeAddress !== undefined && this.#signers.has(saved.activeAddress)) {
      this.#activeAddress = saved.activeAddress;
    }
    return { network: saved.network, approvedApps: saved.approvedApps };
  }
}

function checkName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '' || trimmed.length > NAME_MAX_LENGTH) {
    throw new DevWalletError({
      code: 'INVALID_NAME',
      message: `An account name needs 1 to ${NAME_MAX_LENGTH} characters.`,
    });
  }
  return trimmed;
}

import { Ed25519Account } from '@aptos-labs/ts-sdk';
import { DEFAULT_DERIVATION_PATH } from './constants';
import { errorMessage } from '../errors/errorMessage';
import { parseAddress } from '../format/address';
import { DevWalletError } from './DevWalletError';
import { deriveAccount, parsePrivateKey } from './keys';
import type { DevWalletKeyStore, PersistedAccount, PersistedDevWallet } from './keyStore';
import { isPersistentNetwork, type DevWalletNetwork } from './networks';
import type { ApprovedApp, DevWalletAccount, DevWalletAccountOrigin } from './types';

const NAME_MAX_LENGTH = 40;

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
  readonly #signers = new Map<string, Ed25519Account>();
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
  signer(address: string): Ed25519Account {
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
    const accounts: PersistedAccount[] = this.#accounts
      .filter((account) => account.persisted)
      .map((account) => ({
        name: account.name,
        privateKey: this.signer(account.address).privateKey.toAIP80String(),
        origin: account.origin,
        ...(account.derivationPath === undefined ? {} : { derivationPath: account.derivationPath }),
      }));
    const approvedApps = this.#approvedApps();
    try {
      this.#keyStore.save({
        version: 1,
        accounts,
        ...(this.#activeAddress === null ? {} : { activeAddress: this.#activeAddress }),
        network: this.#network(),
        ...(approvedApps.length === 0 ? {} : { approvedApps }),
      });
      this.#storageError = undefined;
    } catch (error) {
      this.#storageError = `Could not save the keys in browser storage (${errorMessage(error)}); they stay in memory until this page closes.`;
    }
  }

  #add(args: {
    signer: Ed25519Account;
    origin: DevWalletAccountOrigin;
    name: string | undefined;
    derivationPath?: string;
    persisted?: boolean;
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
    };
    this.#signers.set(address, args.signer);
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

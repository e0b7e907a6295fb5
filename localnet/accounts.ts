import { Account, Ed25519PrivateKey } from '@aptos-labs/ts-sdk';
import { sha3, utf8 } from './encoding.ts';

/** Deterministic funded accounts (`startLocalnet({ accounts })`), as anvil's mnemonic gives. */
export interface AccountsOption {
  /**
   * Any string: account i's Ed25519 private key is SHA3-256 of the UTF-8 bytes of
   * `aptos-localnet/<seed>/<i>`. Give this or `mnemonic`.
   */
  seed?: string;
  /** A BIP-39 mnemonic: account i is the ts-sdk's `m/44'/637'/<i>'/0'/0'` (Petra's, the CLI's). */
  mnemonic?: string;
  /** How many accounts (default 10). */
  count?: number;
  /** Each account's APT balance in octas, a bigint or a decimal string (default 1,000 APT). */
  balance?: bigint | string;
}

/** One funded account: give `privateKey` to `new Ed25519PrivateKey(…)` or `Account.fromPrivateKey`. */
export interface LocalnetAccount {
  /** Long form, `0x` and 64 hex digits. */
  address: `0x${string}`;
  /** DEV ONLY: the Ed25519 private key in AIP-80 form (`ed25519-priv-0x…`). */
  privateKey: `ed25519-priv-0x${string}`;
  /** The Ed25519 public key, `0x` and 64 hex digits. */
  publicKey: `0x${string}`;
  /** The balance it was funded with at start, in octas (decimal). */
  balance: string;
}

export const DEFAULT_ACCOUNT_COUNT = 10;
export const DEFAULT_ACCOUNT_BALANCE = 100_000_000_000n;

/** An amount in octas from a bigint or a decimal string (never a `number`: u64 exceeds 2^53). */
export function octas(amount: bigint | string, what = 'amount'): bigint {
  const value =
    typeof amount === 'bigint'
      ? amount
      : typeof amount === 'string' && /^[0-9]+$/.test(amount)
        ? BigInt(amount)
        : -1n;
  if (value < 0n || value >= 2n ** 64n)
    throw new RangeError(
      `${what} must be a u64 as a bigint or a decimal string, got ${String(amount)}`,
    );
  return value;
}

function privateKeyOf(option: AccountsOption, index: number): Ed25519PrivateKey {
  if (option.mnemonic !== undefined)
    return Ed25519PrivateKey.fromDerivationPath(`m/44'/637'/${index}'/0'/0'`, option.mnemonic);
  return new Ed25519PrivateKey(sha3(utf8(`aptos-localnet/${option.seed ?? ''}/${index}`)));
}

/** The accounts an option describes, the same on every run; the caller funds them. */
export function deriveAccounts(option: AccountsOption): LocalnetAccount[] {
  if ((option.seed === undefined) === (option.mnemonic === undefined))
    throw new TypeError('accounts needs exactly one of seed or mnemonic');
  const count = option.count ?? DEFAULT_ACCOUNT_COUNT;
  if (!Number.isInteger(count) || count < 0 || count > 1_000)
    throw new RangeError(`accounts.count must be an integer from 0 to 1000, got ${count}`);
  const balance = octas(option.balance ?? DEFAULT_ACCOUNT_BALANCE, 'accounts.balance').toString();
  return Array.from({ length: count }, (_, index) => {
    const privateKey = privateKeyOf(option, index);
    const account = Account.fromPrivateKey({ privateKey });
    return {
      address: account.accountAddress.toStringLong(),
      privateKey: privateKey.toAIP80String() as LocalnetAccount['privateKey'],
      publicKey: account.publicKey.toString() as `0x${string}`,
      balance,
    };
  });
}

/** What went wrong in a dev wallet operation, for code that needs to branch on it. */
export type DevWalletErrorCode =
  | 'INVALID_PRIVATE_KEY'
  | 'INVALID_MNEMONIC'
  | 'INVALID_DERIVATION_PATH'
  | 'INVALID_NAME'
  | 'INVALID_NETWORK'
  | 'DUPLICATE_ACCOUNT'
  | 'UNKNOWN_ACCOUNT'
  | 'UNKNOWN_REQUEST'
  | 'NO_FAUCET'
  | 'FAUCET_NOT_PROGRAMMATIC'
  | 'FAUCET_FAILED'
  | 'NODE_UNREACHABLE';

/**
 * An error from the dev wallet's own operations (importing keys, funding, switching networks).
 * The message says what is wrong and what to do next, and is safe to show as is: it never
 * contains key material.
 *
 * @example
 * ```ts
 * try {
 *   wallet.importMnemonic({ mnemonic: 'one two three' });
 * } catch (error) {
 *   if (error instanceof DevWalletError && error.code === 'INVALID_MNEMONIC') showInline(error.message);
 * }
 * ```
 */
export class DevWalletError extends Error {
  /** Machine-readable cause. */
  readonly code: DevWalletErrorCode;

  constructor(args: { code: DevWalletErrorCode; message: string }) {
    super(args.message);
    this.name = 'DevWalletError';
    this.code = args.code;
  }
}

/**
 * The message to show for an error thrown by a wallet operation. Wallet errors already say what
 * is wrong and what to do; anything else is shown as its message.
 *
 * @example
 * ```ts
 * describeError(new Error('boom')); // 'boom'
 * ```
 */
export function describeError(error: unknown): string {
  if (typeof error === 'string') return error;
  if (typeof error === 'object' && error !== null && 'message' in error) {
    return String(error.message);
  }
  return 'Something went wrong in the dev wallet.';
}

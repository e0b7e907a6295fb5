import { AptosApiError } from '@aptos-labs/ts-sdk';

/**
 * The one sentence the UI shows for anything thrown: a node's answer as its status and message,
 * otherwise the error's own message (wallet and workbench errors already say what to do next).
 * Errors from other realms and DOMExceptions are not `instanceof Error` but carry a message; the
 * wallet adapter throws plain strings.
 *
 * @param error - what was thrown or rejected.
 * @returns a readable sentence.
 * @example
 * ```ts
 * errorMessage(new Error('boom')); // 'boom'
 * errorMessage('User has rejected the request'); // 'User has rejected the request'
 * ```
 */
export function errorMessage(error: unknown): string {
  if (typeof error === 'string') return error;
  if (error instanceof AptosApiError) {
    const data = error.data as { message?: unknown } | undefined;
    const detail = typeof data?.message === 'string' ? data.message : error.message;
    return `The node answered ${error.status}: ${detail}`;
  }
  if (typeof error === 'object' && error !== null && 'message' in error) {
    return String(error.message);
  }
  if (error === undefined || error === null) return 'Something went wrong, with no details given.';
  return String(error);
}

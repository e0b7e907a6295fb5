import type { WalletRequestStatus } from './types';

/**
 * How wallets and the adapter say "no", in one place: the transaction classifier, the wallet
 * machine and the browser's wallet actors all read refusals with these.
 */

/** Messages of a user who refused (the adapter's "User has rejected the request", EIP-1193 …). */
const USER_REJECTION = /rejected the request|user rejected|user denied|denied by user|declined/i;
/** Messages of a prompt closed without an answer. */
const USER_CANCELLATION = /cancell?ed|popup (was )?closed|window closed/i;
/** The EIP-1193 code some wallets use for a user rejection. */
const USER_REJECTION_CODE = 4001;

/**
 * Normalises `Approved`, `rejected`, `CANCELED`… to the upper-case wallet request status.
 *
 * @param value - a status as a wallet or the adapter spells it.
 * @returns the status, or `null` when `value` is not one.
 * @example
 * ```ts
 * toWalletStatus('Rejected'); // 'REJECTED'
 * ```
 */
export function toWalletStatus(value: unknown): WalletRequestStatus | null {
  if (typeof value !== 'string') return null;
  const upper = value.toUpperCase();
  if (upper === 'CANCELED') return 'CANCELLED';
  return upper === 'APPROVED' ||
    upper === 'REJECTED' ||
    upper === 'CANCELLED' ||
    upper === 'INVALID' ||
    upper === 'PENDING'
    ? upper
    : null;
}

/**
 * The wallet's status carried by a thrown value: its `status` field, the 4001 code, or a message
 * that says the user refused or closed the prompt.
 *
 * @param args.status - the value's `status` field, if any.
 * @param args.code - the value's `code` field, if any.
 * @param args.message - the value's message.
 * @returns the status, or `null` when the value says nothing about the wallet's answer.
 * @example
 * ```ts
 * refusalStatus({ message: 'User has rejected the request' }); // 'REJECTED'
 * ```
 */
export function refusalStatus(args: {
  status?: unknown;
  code?: unknown;
  message: string;
}): WalletRequestStatus | null {
  const status = toWalletStatus(args.status);
  if (status !== null) return status;
  if (args.code === USER_REJECTION_CODE || USER_REJECTION.test(args.message)) return 'REJECTED';
  if (USER_CANCELLATION.test(args.message)) return 'CANCELLED';
  return null;
}

/**
 * True for the statuses that mean the wallet answered no (REJECTED, CANCELLED, INVALID). APPROVED
 * or PENDING on a failure mean the wallet said yes, or nothing yet, and something else failed.
 *
 * @param status - a wallet request status, or `null`.
 * @returns whether it is a refusal.
 */
export function isRefusal(
  status: WalletRequestStatus | null | undefined,
): status is 'REJECTED' | 'CANCELLED' | 'INVALID' {
  return status === 'REJECTED' || status === 'CANCELLED' || status === 'INVALID';
}

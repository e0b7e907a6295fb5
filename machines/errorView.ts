import type { WalletRequestStatus } from './types';
import { refusalStatus } from './walletRefusal';

/**
 * Reads what an actor threw, whatever its shape (the SDK's error classes, the adapter's plain
 * strings, a wallet's `{ status }`), into one structural view the classifier decides on.
 */

const TRANSPORT =
  /fetch failed|failed to fetch|networkerror|network error|requesterror|econnrefused|econnreset|enotfound|ehostunreach|etimedout|socket hang up|load failed/i;
const MAX_CAUSE = 600;

/** Structural view of a thrown value: SDK errors, adapter strings and wallet objects alike. */
export interface ErrorView {
  name: string | null;
  message: string;
  httpStatus: number | null;
  /** The node's error body (`{message, error_code, vm_error_code}`), when there is one. */
  body: { message: string | null; errorCode: string | null; vmErrorCode: number | null } | null;
  /** `FailedTransactionError.transaction` or `WaitForTransactionError.lastSubmittedTransaction`. */
  transaction: unknown;
  /** The wallet's answer the value carries (`{ status: 'Rejected' }`, code 4001, its message). */
  walletStatus: WalletRequestStatus | null;
  /** Concatenated codes and messages of the value and its `cause` chain (`ECONNREFUSED`…). */
  causeText: string;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export function str(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  return null;
}

/**
 * Cuts long text (a node's whole answer, a stack) to what a record should keep, between two words
 * so that no key is cut in half: a whole one is redacted in the record, a part would not be.
 */
export function trim(text: string): string {
  if (text.length <= MAX_CAUSE) return text;
  const cut = text.slice(0, MAX_CAUSE);
  // AIP-80 keys hold dashes (`ed25519-priv-0x…`): a dash does not end a word here.
  const lastBreak = cut.search(/[^0-9a-z-][0-9a-z-]*$/i);
  return `${lastBreak > 0 ? cut.slice(0, lastBreak) : cut}…`;
}

function readBody(value: unknown): ErrorView['body'] {
  if (!isRecord(value)) return null;
  const message = str(value.message);
  const errorCode = str(value.error_code);
  if (message === null && errorCode === null) return null;
  const vm = value.vm_error_code;
  return { message, errorCode, vmErrorCode: typeof vm === 'number' ? vm : null };
}

/** The adapter flattens SDK errors to strings; the node's JSON body survives inside them. */
function bodyInText(text: string): ErrorView['body'] {
  const start = text.indexOf('{"message"');
  if (start < 0) return null;
  const end = text.lastIndexOf('}');
  if (end <= start) return null;
  try {
    return readBody(JSON.parse(text.slice(start, end + 1)));
  } catch {
    return null;
  }
}

function causeText(value: unknown, depth = 0): string {
  if (!isRecord(value) || depth > 4) return '';
  const parts = [str(value.code), str(value.message), causeText(value.cause, depth + 1)];
  return parts.filter((part): part is string => part !== null && part !== '').join(' ');
}

/**
 * The structural view of a thrown value.
 *
 * @param error - what an actor threw or rejected with.
 * @returns its {@link ErrorView}.
 */
export function view(error: unknown): ErrorView {
  if (!isRecord(error)) {
    const message = typeof error === 'string' ? error : String(error);
    return {
      name: null,
      message,
      httpStatus: null,
      body: bodyInText(message),
      transaction: undefined,
      walletStatus: refusalStatus({ message }),
      causeText: '',
    };
  }
  const message = str(error.message) ?? '';
  const code = error.code;
  return {
    name: str(error.name),
    message,
    httpStatus: typeof error.status === 'number' ? error.status : null,
    body: readBody(error.data) ?? bodyInText(message),
    transaction: error.transaction ?? error.lastSubmittedTransaction,
    walletStatus: refusalStatus({ status: error.status, code, message }),
    causeText: [str(code), causeText(error.cause)].filter(Boolean).join(' '),
  };
}

/** True when the node answered (an error body, the SDK's `AptosApiError`, an HTTP status). */
export function isNodeError(v: ErrorView): boolean {
  return v.body !== null || v.name === 'AptosApiError' || v.httpStatus !== null;
}

/** True when the node was never reached: connection refused, DNS, a dropped socket… */
export function isTransport(v: ErrorView): boolean {
  return !isNodeError(v) && isTransportText(`${v.name ?? ''} ${v.message} ${v.causeText}`);
}

/** True when a message (a wallet's reason, an adapter string) tells of a network failure. */
export function isTransportText(text: string): boolean {
  return TRANSPORT.test(text);
}

/** The original message with its cause chain, trimmed: what `details.cause` keeps. */
export function causeOf(v: ErrorView): string {
  const text =
    v.causeText && !v.message.includes(v.causeText) ? `${v.message} (${v.causeText})` : v.message;
  return trim(text);
}

import { toJsonValue } from './json';
import type {
  CommittedResult,
  JsonValue,
  SignatureResult,
  SimulationResult,
  WalletRequestStatus,
} from './types';

/** The step whose result is being classified; each is one named actor of the transaction machine. */
export type OutcomeStep =
  'build' | 'simulate' | 'sign' | 'signAndSubmit' | 'submit' | 'wait' | 'lookup';

/** The transaction machine state a result leads to (DESIGN.md names). */
export type ClassifiedState =
  | 'built'
  | 'buildError'
  | 'simulated.success'
  | 'simulated.failure'
  | 'simulationError'
  | 'signed'
  | 'rejected'
  | 'pending'
  | 'submitRejected'
  | 'committed'
  | 'failed'
  | 'timedOut'
  | 'expired';

/** What an actor produced: its output when it resolved, or what it threw / rejected with. */
export type Produced = { output: unknown } | { error: unknown };

/** Who gave the verdict. */
export type OutcomeSource = 'chain' | 'node' | 'transport' | 'wallet' | 'sdk';

/**
 * The details a classification keeps, all JSON-safe. `summary` says what happened and what to do
 * next; the other fields are copied from what the SDK, node or wallet produced.
 */
export interface OutcomeDetails {
  summary: string;
  source: OutcomeSource;
  /** Transaction hash, when known. */
  hash?: string;
  /** Ledger version of a committed transaction (u64 string). */
  version?: string;
  /** VM status of an executed or simulated transaction. */
  vmStatus?: string;
  /** Gas units used (u64 string). */
  gasUsed?: string;
  /** HTTP status of the node's answer. */
  httpStatus?: number;
  /** The node's `error_code`, e.g. `vm_error`, `mempool_is_full`. */
  errorCode?: string;
  /** The node's `vm_error_code`, e.g. 3. */
  vmErrorCode?: number;
  /** The name of `vm_error_code`, e.g. `SEQUENCE_NUMBER_TOO_OLD`. */
  vmErrorName?: string;
  /** The wallet request status, upper-cased. */
  walletStatus?: WalletRequestStatus;
  /** The original error message, trimmed. */
  cause?: string;
  /** Set when the chain had not seen the hash and the expiration time has not passed yet. */
  notSeenYet?: boolean;
  /** The chain's clock (µs) when it last answered about this transaction. */
  ledgerTimestampUsec?: string;
}

/** The verdict: which state to go to, the details to keep, and the data the state carries. */
export interface Classification {
  state: ClassifiedState;
  details: OutcomeDetails;
  simulation?: SimulationResult;
  signature?: SignatureResult;
  committed?: CommittedResult;
  /** Hash of a transaction that reached the node (for `pending`). */
  hash?: string;
}

/** Arguments of {@link classifyOutcome}. */
export interface ClassifyArgs {
  step: OutcomeStep;
  produced: Produced;
  /** Expiration of the transaction (u64 seconds string), needed to tell `expired` on lookup. */
  expirationTimestampSecs?: string | null;
  /** Node URL, named in transport messages. */
  nodeUrl?: string | null;
}

/** Names of the VM validation codes the node reports on submit (`vm_error_code`). */
export const VM_VALIDATION_CODES: Readonly<Record<number, string>> = {
  1: 'INVALID_SIGNATURE',
  2: 'INVALID_AUTH_KEY',
  3: 'SEQUENCE_NUMBER_TOO_OLD',
  4: 'SEQUENCE_NUMBER_TOO_NEW',
  5: 'INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE',
  6: 'TRANSACTION_EXPIRED',
  7: 'SENDING_ACCOUNT_DOES_NOT_EXIST',
  8: 'REJECTED_WRITE_SET',
  9: 'INVALID_WRITE_SET',
  10: 'EXCEEDED_MAX_TRANSACTION_SIZE',
  11: 'UNKNOWN_SCRIPT',
  12: 'UNKNOWN_MODULE',
  13: 'MAX_GAS_UNITS_EXCEEDS_MAX_GAS_UNITS_BOUND',
  14: 'MAX_GAS_UNITS_BELOW_MIN_TRANSACTION_GAS_UNITS',
  15: 'GAS_UNIT_PRICE_BELOW_MIN_BOUND',
  16: 'GAS_UNIT_PRICE_ABOVE_MAX_BOUND',
  23: 'BAD_CHAIN_ID',
  24: 'SEQUENCE_NUMBER_TOO_BIG',
};

/** What to do about a validation failure, by name. */
const VM_VALIDATION_ADVICE: Readonly<Record<string, string>> = {
  INVALID_SIGNATURE: 'sign again with the sender’s key',
  INVALID_AUTH_KEY: 'the key does not match the sender account; check the sender address',
  SEQUENCE_NUMBER_TOO_OLD: 'the sequence number was already used; rebuild to take the current one',
  INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE:
    'fund the sender or lower max gas amount × gas unit price',
  TRANSACTION_EXPIRED: 'the expiration time has passed; rebuild with a later expiration',
  SENDING_ACCOUNT_DOES_NOT_EXIST: 'create or fund the sender account first',
  MAX_GAS_UNITS_EXCEEDS_MAX_GAS_UNITS_BOUND: 'lower max gas amount',
  MAX_GAS_UNITS_BELOW_MIN_TRANSACTION_GAS_UNITS: 'raise max gas amount',
  GAS_UNIT_PRICE_BELOW_MIN_BOUND: 'raise gas unit price',
  GAS_UNIT_PRICE_ABOVE_MAX_BOUND: 'lower gas unit price',
  BAD_CHAIN_ID: 'the transaction was built for another network; rebuild against this one',
};

const USER_REJECTION = /rejected the request|user rejected|user denied|denied by user|declined/i;
const USER_CANCELLATION = /cancell?ed|popup (was )?closed|window closed/i;
const WAIT_TIMEOUT = /timed out in pending state|failed and timed out after/i;
const TRANSPORT =
  /fetch failed|failed to fetch|networkerror|network error|requesterror|econnrefused|econnreset|enotfound|ehostunreach|etimedout|socket hang up|load failed/i;
const MAX_CAUSE = 600;

/** Structural view of a thrown value: SDK errors, adapter strings and wallet objects alike. */
interface ErrorView {
  name: string | null;
  message: string;
  httpStatus: number | null;
  /** The node's error body (`{message, error_code, vm_error_code}`), when there is one. */
  body: { message: string | null; errorCode: string | null; vmErrorCode: number | null } | null;
  /** `FailedTransactionError.transaction` or `WaitForTransactionError.lastSubmittedTransaction`. */
  transaction: unknown;
  /** Wallet status carried on the value (`{ status: 'Rejected' }`), or a 4001 code. */
  walletStatus: WalletRequestStatus | null;
  /** Concatenated codes and messages of the value and its `cause` chain (`ECONNREFUSED`…). */
  causeText: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function str(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  return null;
}

/** A VM status inside a sentence, without its own final period. */
function withoutPeriod(vmStatus: string): string {
  return vmStatus.replace(/\.+$/, '');
}

function trim(text: string): string {
  return text.length > MAX_CAUSE ? `${text.slice(0, MAX_CAUSE)}…` : text;
}

/** Normalises `Approved`, `rejected`, `CANCELLED`… to the upper-case status. */
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

function view(error: unknown): ErrorView {
  if (typeof error === 'string') {
    return {
      name: null,
      message: error,
      httpStatus: null,
      body: bodyInText(error),
      transaction: undefined,
      walletStatus: null,
      causeText: '',
    };
  }
  if (!isRecord(error)) {
    return {
      name: null,
      message: String(error),
      httpStatus: null,
      body: null,
      transaction: undefined,
      walletStatus: null,
      causeText: '',
    };
  }
  const message = str(error.message) ?? '';
  const status = typeof error.status === 'number' ? error.status : null;
  const code = error.code;
  return {
    name: str(error.name),
    message,
    httpStatus: status,
    body: readBody(error.data) ?? bodyInText(message),
    transaction: error.transaction ?? error.lastSubmittedTransaction,
    walletStatus: toWalletStatus(error.status) ?? (code === 4001 ? 'REJECTED' : null),
    causeText: [str(code), causeText(error.cause)].filter(Boolean).join(' '),
  };
}

function isNodeError(v: ErrorView): boolean {
  return v.body !== null || v.name === 'AptosApiError' || v.httpStatus !== null;
}

function isTransport(v: ErrorView): boolean {
  return !isNodeError(v) && TRANSPORT.test(`${v.name ?? ''} ${v.message} ${v.causeText}`);
}

function rejectionStatus(v: ErrorView): WalletRequestStatus | null {
  if (v.walletStatus !== null) return v.walletStatus;
  if (USER_REJECTION.test(v.message)) return 'REJECTED';
  if (USER_CANCELLATION.test(v.message)) return 'CANCELLED';
  return null;
}

function causeOf(v: ErrorView): string {
  const text =
    v.causeText && !v.message.includes(v.causeText) ? `${v.message} (${v.causeText})` : v.message;
  return trim(text);
}

function transportSummary(what: string, nodeUrl: string | null | undefined): string {
  const where = nodeUrl ? `the node at ${nodeUrl}` : 'the node';
  return `Could not reach ${where} while ${what}. Check that the node is running and that the URL is right, then retry.`;
}

function nodeDetails(v: ErrorView): OutcomeDetails {
  const details: OutcomeDetails = { summary: '', source: 'node', cause: causeOf(v) };
  if (v.httpStatus !== null) details.httpStatus = v.httpStatus;
  const body = v.body;
  if (body?.errorCode) details.errorCode = body.errorCode;
  if (body?.vmErrorCode !== null && body?.vmErrorCode !== undefined) {
    details.vmErrorCode = body.vmErrorCode;
    const named = /Validation Code: ([A-Z0-9_]+)/.exec(body.message ?? v.message)?.[1];
    const name = named ?? VM_VALIDATION_CODES[body.vmErrorCode];
    if (name) details.vmErrorName = name;
  }
  return details;
}

function jsonList(value: unknown): JsonValue[] {
  const json = toJsonValue(value);
  return Array.isArray(json) ? json : [];
}

/** Reads a committed transaction response (`success`, `vm_status`, `gas_used`, …). */
function readCommitted(value: unknown): CommittedResult | null {
  if (!isRecord(value) || typeof value.success !== 'boolean') return null;
  return {
    hash: str(value.hash) ?? '',
    version: str(value.version) ?? '',
    success: value.success,
    vmStatus: str(value.vm_status) ?? '',
    gasUsed: str(value.gas_used) ?? '0',
    events: jsonList(value.events),
    changes: jsonList(value.changes),
  };
}

function isPendingResponse(value: unknown): boolean {
  return isRecord(value) && value.type === 'pending_transaction';
}

function committedClassification(committed: CommittedResult): Classification {
  const base = {
    source: 'chain' as const,
    hash: committed.hash,
    version: committed.version,
    vmStatus: committed.vmStatus,
    gasUsed: committed.gasUsed,
  };
  if (committed.success) {
    return {
      state: 'committed',
      committed,
      details: { ...base, summary: `Committed at version ${committed.version}.` },
    };
  }
  return {
    state: 'failed',
    committed,
    details: {
      ...base,
      summary: `Committed but failed: ${withoutPeriod(committed.vmStatus)}. Gas was charged (${committed.gasUsed} units); fix the cause and retry.`,
    },
  };
}

function classifyBuildError(v: ErrorView, nodeUrl: ClassifyArgs['nodeUrl']): Classification {
  if (isTransport(v)) {
    return {
      state: 'buildError',
      details: {
        summary: transportSummary('building', nodeUrl),
        source: 'transport',
        cause: causeOf(v),
      },
    };
  }
  if (isNodeError(v)) {
    const details = nodeDetails(v);
    const code = details.errorCode;
    details.summary =
      code === 'module_not_found'
        ? 'The module does not exist on this network. Check the function’s address and module name, or publish the module.'
        : code === 'account_not_found'
          ? 'The account does not exist on this network. Check the address, or fund it first.'
          : `The node refused a request while building (${code ?? `HTTP ${details.httpStatus ?? '?'}`}). Check the payload and the options.`;
    return { state: 'buildError', details };
  }
  const message = v.message;
  const summary = /could not find (entry )?function abi|function .* not found|entry function/i.test(
    message,
  )
    ? 'The function was not found as an entry function. Check its name and that it is `entry`.'
    : /argument|type mismatch|expected|parse|invalid|convert/i.test(message)
      ? 'The arguments do not fit the function. Check them against its parameters.'
      : 'Building failed. Check the payload and the options.';
  return { state: 'buildError', details: { summary, source: 'sdk', cause: causeOf(v) } };
}

function classifySimulation(produced: Produced, nodeUrl: ClassifyArgs['nodeUrl']): Classification {
  if ('error' in produced) {
    const v = view(produced.error);
    if (isTransport(v)) {
      return {
        state: 'simulationError',
        details: {
          summary: transportSummary('simulating', nodeUrl),
          source: 'transport',
          cause: causeOf(v),
        },
      };
    }
    if (isNodeError(v)) {
      const details = nodeDetails(v);
      details.summary = `The node refused to simulate (${details.errorCode ?? `HTTP ${details.httpStatus ?? '?'}`}). Check the transaction and the node.`;
      return { state: 'simulationError', details };
    }
    return {
      state: 'simulationError',
      details: {
        summary: 'Simulation failed before reaching the node. Check the transaction.',
        source: 'sdk',
        cause: causeOf(v),
      },
    };
  }
  const first: unknown = Array.isArray(produced.output) ? produced.output[0] : produced.output;
  const executed = readCommitted(first);
  if (executed === null || !isRecord(first)) {
    return {
      state: 'simulationError',
      details: {
        summary: 'The node answered the simulation with something that is not a transaction.',
        source: 'node',
        cause: trim(JSON.stringify(toJsonValue(produced.output))),
      },
    };
  }
  const simulation: SimulationResult = {
    success: executed.success,
    vmStatus: executed.vmStatus,
    gasUsed: executed.gasUsed,
    gasUnitPrice: str(first.gas_unit_price),
    events: executed.events,
    changes: executed.changes,
  };
  const details: OutcomeDetails = {
    summary: executed.success
      ? `Simulation succeeded using ${executed.gasUsed} gas units.`
      : `Simulation failed: ${withoutPeriod(executed.vmStatus)}. Submitting it would fail the same way.`,
    source: 'chain',
    vmStatus: executed.vmStatus,
    gasUsed: executed.gasUsed,
  };
  return {
    state: executed.success ? 'simulated.success' : 'simulated.failure',
    simulation,
    details,
  };
}

function walletRefusal(status: WalletRequestStatus, message?: string): Classification {
  const what =
    status === 'REJECTED'
      ? 'The wallet rejected the request'
      : status === 'CANCELLED'
        ? 'The wallet request was cancelled'
        : status === 'PENDING'
          ? 'The wallet did not answer the request'
          : status === 'INVALID'
            ? 'The wallet found the request invalid'
            : 'The wallet did not sign';
  const details: OutcomeDetails = {
    summary: `${what}. Sign again, or edit the draft.`,
    source: 'wallet',
    walletStatus: status,
  };
  if (message) details.cause = trim(message);
  return { state: 'rejected', details };
}

function classifyWalletError(v: ErrorView): Classification {
  const status = rejectionStatus(v);
  if (status !== null) return walletRefusal(status, v.message);
  return {
    state: 'rejected',
    details: {
      summary:
        'The wallet did not sign. Check that it is unlocked and on this network, then retry.',
      source: 'wallet',
      cause: causeOf(v),
    },
  };
}

function classifySubmitError(v: ErrorView, nodeUrl: ClassifyArgs['nodeUrl']): Classification {
  if (isTransport(v)) {
    return {
      state: 'submitRejected',
      details: {
        summary: transportSummary('submitting', nodeUrl),
        source: 'transport',
        cause: causeOf(v),
      },
    };
  }
  if (!isNodeError(v)) {
    return {
      state: 'submitRejected',
      details: {
        summary: 'Submitting failed before the node answered. Check the signed transaction.',
        source: 'sdk',
        cause: causeOf(v),
      },
    };
  }
  const details = nodeDetails(v);
  const advice = details.vmErrorName ? VM_VALIDATION_ADVICE[details.vmErrorName] : undefined;
  details.summary = details.vmErrorName
    ? `The node refused the transaction: ${details.vmErrorName}${advice ? `; ${advice}` : ''}.`
    : details.errorCode === 'mempool_is_full'
      ? 'The node’s mempool is full. Wait a moment and retry.'
      : `The node refused the transaction (${details.errorCode ?? `HTTP ${details.httpStatus ?? '?'}`}).`;
  return { state: 'submitRejected', details };
}

function pendingClassification(hash: string): Classification {
  return {
    state: 'pending',
    hash,
    details: { summary: 'Submitted; waiting for the chain.', source: 'node', hash },
  };
}

function timedOut(summary: string, source: OutcomeSource, extra: Partial<OutcomeDetails> = {}) {
  return { state: 'timedOut' as const, details: { summary, source, ...extra } };
}

function classifyWait(produced: Produced, nodeUrl: ClassifyArgs['nodeUrl']): Classification {
  if ('output' in produced) {
    const committed = readCommitted(produced.output);
    if (committed !== null) return committedClassification(committed);
    return timedOut(
      'The wait ended without a committed transaction. Recheck to ask the chain again.',
      'sdk',
      { cause: trim(JSON.stringify(toJsonValue(produced.output))) },
    );
  }
  const v = view(produced.error);
  const failed = readCommitted(v.transaction);
  if (failed !== null && !isPendingResponse(v.transaction)) return committedClassification(failed);
  if (WAIT_TIMEOUT.test(v.message)) {
    return timedOut(
      'The wait ran out while the transaction was pending; its outcome is unknown. Recheck to ask the chain again.',
      'sdk',
      { cause: causeOf(v) },
    );
  }
  if (isTransport(v)) {
    return timedOut(
      `${transportSummary('waiting', nodeUrl)} The outcome is unknown until a recheck.`,
      'transport',
      { cause: causeOf(v) },
    );
  }
  const details = isNodeError(v) ? nodeDetails(v) : { cause: causeOf(v) };
  return timedOut(
    'The wait failed before the chain gave an outcome. Recheck to ask the chain again.',
    isNodeError(v) ? 'node' : 'sdk',
    details,
  );
}

function isExpired(ledgerTimestampUsec: string, expirationTimestampSecs: string): boolean {
  try {
    return BigInt(ledgerTimestampUsec) >= BigInt(expirationTimestampSecs) * 1_000_000n;
  } catch {
    return false;
  }
}

function notSeen(args: ClassifyArgs, ledgerTimestampUsec: string | null): Classification {
  const expiration = args.expirationTimestampSecs ?? null;
  if (
    ledgerTimestampUsec !== null &&
    expiration !== null &&
    isExpired(ledgerTimestampUsec, expiration)
  ) {
    return {
      state: 'expired',
      details: {
        summary: `The chain has not seen the transaction and its clock is past the expiration (${expiration} s): it will never commit. Retry to build a new one.`,
        source: 'chain',
        ledgerTimestampUsec,
      },
    };
  }
  const extra: Partial<OutcomeDetails> = { notSeenYet: true };
  if (ledgerTimestampUsec !== null) extra.ledgerTimestampUsec = ledgerTimestampUsec;
  return timedOut(
    'Not seen yet: the chain does not know the hash and the expiration time has not passed. Recheck later.',
    'chain',
    extra,
  );
}

function classifyLookup(args: ClassifyArgs): Classification {
  const { produced } = args;
  if ('output' in produced) {
    const output = produced.output;
    if (isRecord(output) && output.status === 'notFound') {
      return notSeen(args, str(output.ledgerTimestampUsec));
    }
    const transaction = isRecord(output) && output.status === 'found' ? output.transaction : output;
    if (isPendingResponse(transaction)) {
      const hash = isRecord(transaction) ? (str(transaction.hash) ?? '') : '';
      return {
        ...pendingClassification(hash),
        details: { summary: 'Still pending on the chain; waiting again.', source: 'chain', hash },
      };
    }
    const committed = readCommitted(transaction);
    if (committed !== null) return committedClassification(committed);
    return timedOut('The chain answered with something that is not a transaction.', 'node', {
      cause: trim(JSON.stringify(toJsonValue(output))),
    });
  }
  const v = view(produced.error);
  if (v.httpStatus === 404 || v.body?.errorCode === 'transaction_not_found')
    return notSeen(args, null);
  if (isTransport(v)) {
    return timedOut(transportSummary('rechecking', args.nodeUrl), 'transport', {
      cause: causeOf(v),
    });
  }
  return timedOut(
    'The recheck failed; the outcome is still unknown. Recheck again.',
    isNodeError(v) ? 'node' : 'sdk',
    {
      ...(isNodeError(v) ? nodeDetails(v) : {}),
      cause: causeOf(v),
    },
  );
}

/**
 * Maps what the ts-sdk, the wallet adapter or a wallet produced for one step to the transaction
 * machine state it leads to, keeping the details (VM status, gas, error codes, wallet status).
 *
 * Pure and total: it never throws, and it reads values by shape (the SDK's `AptosApiError`,
 * `WaitForTransactionError` and `FailedTransactionError`, the adapter's plain-string errors, the
 * wallet standard's `{ status }`), so captured JSON fixtures classify exactly like live errors.
 *
 * @param args.step - which actor produced the value.
 * @param args.produced - `{ output }` when it resolved, `{ error }` when it threw.
 * @param args.expirationTimestampSecs - the transaction's expiration, to tell `expired` on lookup.
 * @param args.nodeUrl - named in messages about transport failures.
 * @returns the target state and its details.
 * @example
 * ```ts
 * classifyOutcome({ step: 'submit', produced: { error: aptosApiError } });
 * // → { state: 'submitRejected', details: { errorCode: 'vm_error', vmErrorCode: 3,
 * //     vmErrorName: 'SEQUENCE_NUMBER_TOO_OLD', … } }
 * ```
 */
export function classifyOutcome(args: ClassifyArgs): Classification {
  const { step, produced, nodeUrl } = args;
  switch (step) {
    case 'build':
      return 'error' in produced
        ? classifyBuildError(view(produced.error), nodeUrl)
        : {
            state: 'built',
            details: { summary: 'Built; ready to simulate or sign.', source: 'sdk' },
          };
    case 'simulate':
      return classifySimulation(produced, nodeUrl);
    case 'sign': {
      if ('error' in produced) return classifyWalletError(view(produced.error));
      const output = produced.output;
      const status = isRecord(output) ? toWalletStatus(output.status) : null;
      const authenticatorHex = isRecord(output) ? str(output.authenticatorHex) : null;
      if (status === 'APPROVED' && authenticatorHex !== null && isRecord(output)) {
        const hash = str(output.hash);
        return {
          state: 'signed',
          signature: { authenticatorHex, hash },
          details: {
            summary: 'Signed; ready to submit.',
            source: 'wallet',
            walletStatus: 'APPROVED',
          },
        };
      }
      return walletRefusal(
        status ?? 'INVALID',
        isRecord(output) ? (str(output.message) ?? undefined) : undefined,
      );
    }
    case 'signAndSubmit': {
      if ('error' in produced) {
        const v = view(produced.error);
        if (isNodeError(v) || isTransport(v)) return classifySubmitError(v, nodeUrl);
        return classifyWalletError(v);
      }
      const output = produced.output;
      const status = isRecord(output) ? toWalletStatus(output.status) : null;
      const hash = isRecord(output) ? str(output.hash) : null;
      if (hash !== null && (status === 'APPROVED' || status === null)) {
        const result = pendingClassification(hash);
        result.details.walletStatus = 'APPROVED';
        return result;
      }
      return walletRefusal(
        status ?? 'INVALID',
        isRecord(output) ? (str(output.message) ?? undefined) : undefined,
      );
    }
    case 'submit': {
      if ('error' in produced) return classifySubmitError(view(produced.error), nodeUrl);
      const hash = isRecord(produced.output) ? str(produced.output.hash) : null;
      if (hash !== null) return pendingClassification(hash);
      return {
        state: 'submitRejected',
        details: {
          summary: 'The node accepted the request but returned no transaction hash.',
          source: 'node',
          cause: trim(JSON.stringify(toJsonValue(produced.output))),
        },
      };
    }
    case 'wait':
      return classifyWait(produced, nodeUrl);
    case 'lookup':
      return classifyLookup(args);
  }
}

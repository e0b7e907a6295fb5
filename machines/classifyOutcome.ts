/**
 * Kept as one piece: `classifyOutcome` and the classifier of each step it dispatches to share
 * the same helpers and the wording of every outcome.
 */
import { causeOf, isNodeError, isRecord, isTransport, str, trim, view } from './errorView';
import type { ErrorView } from './errorView';
import { toJsonValue } from './json';
import type {
  Classification,
  ClassifiedSignature,
  ClassifyArgs,
  OutcomeDetails,
  OutcomeSource,
  Produced,
} from './outcomeTypes';
import { describeSigner, MAX_SIGNATURES } from './signers';
import type {
  CommittedResult,
  JsonValue,
  SignerSlot,
  SimulationResult,
  WalletRequestStatus,
} from './types';
import {
  explainValidationCode,
  explainVmStatus,
  validationCodeName,
  vmStatusInSentence,
} from './vmStatus';
import { toWalletStatus } from './walletRefusal';

const WAIT_TIMEOUT = /timed out in pending state|failed and timed out after/i;

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
    const name = named ?? validationCodeName(body.vmErrorCode);
    if (name) details.vmErrorName = name;
  }
  return details;
}

/** Who paid the fee: the response's fee payer (`fee_payer_signature`), else its sender. */
function feePaidBy(value: Record<string, unknown>): string | undefined {
  const signature = value.signature;
  if (isRecord(signature) && signature.type === 'fee_payer_signature') {
    const payer = str(signature.fee_payer_address);
    if (payer !== null) return payer;
  }
  return str(value.sender) ?? undefined;
}

function jsonList(value: unknown): JsonValue[] {
  const json = toJsonValue(value);
  return Array.isArray(json) ? json : [];
}

/** Reads a committed transaction response (`success`, `vm_status`, `gas_used`, …). */
function readCommitted(value: unknown): CommittedResult | null {
  if (!isRecord(value) || typeof value.success !== 'boolean') return null;
  const committed: CommittedResult = {
    hash: str(value.hash) ?? '',
    version: str(value.version) ?? '',
    success: value.success,
    vmStatus: str(value.vm_status) ?? '',
    gasUsed: str(value.gas_used) ?? '0',
    events: jsonList(value.events),
    changes: jsonList(value.changes),
  };
  const payer = feePaidBy(value);
  if (payer !== undefined) committed.feePaidBy = payer;
  return committed;
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
      summary: `Committed but failed: ${vmStatusInSentence(committed.vmStatus)}. Gas was charged (${committed.gasUsed} units). ${explainVmStatus(committed.vmStatus).fix ?? 'Fix the cause and retry.'}`,
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

/**
 * What to do about a failed simulation: the signers' diagnosis of a validation failure (the bare
 * status name) when there is one (`; …`), else the catalog's fix for the status.
 */
function simulationAdvice(vmStatus: string, args: ClassifyArgs): string {
  const specific = multiSignerAdvice(vmStatus, args);
  if (specific !== undefined) return `; ${specific}. Submitting it would fail the same way.`;
  const fix = explainVmStatus(vmStatus).fix;
  return `. Submitting it would fail the same way.${fix === null ? '' : ` ${fix}`}`;
}

function classifySimulation(args: ClassifyArgs): Classification {
  const { produced, nodeUrl } = args;
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
  if (executed.feePaidBy !== undefined) simulation.feePaidBy = executed.feePaidBy;
  const details: OutcomeDetails = {
    summary: executed.success
      ? `Simulation succeeded using ${executed.gasUsed} gas units${
          simulation.feePaidBy === undefined || simulation.feePaidBy === str(first.sender)
            ? ''
            : `, paid by the fee payer ${simulation.feePaidBy}`
        }.`
      : `Simulation failed: ${vmStatusInSentence(executed.vmStatus)}${simulationAdvice(executed.vmStatus, args)}`,
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

/** `The wallet rejected…`, or `The second signer (secondary signer 0xb0b) rejected…`. */
function refusalSentence(status: WalletRequestStatus, signer: SignerSlot | undefined): string {
  const who = signer === undefined ? 'The wallet' : capitalize(describeSigner(signer));
  return status === 'REJECTED'
    ? `${who} rejected the request`
    : status === 'CANCELLED'
      ? signer === undefined
        ? 'The wallet request was cancelled'
        : `${who} cancelled the request`
      : status === 'PENDING'
        ? `${who} did not answer the request`
        : status === 'INVALID'
          ? `${who} found the request invalid`
          : `${who} did not sign`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function walletRefusal(
  status: WalletRequestStatus,
  message?: string,
  signer?: SignerSlot,
): Classification {
  const details: OutcomeDetails = {
    summary: `${refusalSentence(status, signer)}. Sign again, or edit the draft.`,
    source: 'wallet',
    walletStatus: status,
  };
  if (message) details.cause = trim(message);
  if (signer !== undefined) details.signer = signer;
  return { state: 'rejected', details };
}

function classifyWalletError(v: ErrorView, signer?: SignerSlot): Classification {
  if (v.walletStatus !== null) return walletRefusal(v.walletStatus, v.message, signer);
  const who = signer === undefined ? 'The wallet' : capitalize(describeSigner(signer));
  const details: OutcomeDetails = {
    summary: `${who} did not sign. Check that the wallet is unlocked and on this network, then retry.`,
    source: 'wallet',
    cause: causeOf(v),
  };
  if (signer !== undefined) details.signer = signer;
  return { state: 'rejected', details };
}

/**
 * Why the node refused a transaction with more than one signer (a fee payer counts), by
 * validation code: the codes are the same as for one signer (a real node reports a missing
 * signature, one more than 32 and one that does not verify all as INVALID_SIGNATURE), so the
 * signers tell the causes apart.
 */
function multiSignerAdvice(name: string, args: ClassifyArgs): string | undefined {
  const signers = args.signers;
  // One signer: the catalog's fix says it all.
  if (signers === undefined || signers.length < 2) return undefined;
  const signatures = args.signatures ?? [];
  const feePayer =
    signatures.find((s) => s.role === 'feePayer')?.address ??
    signers.find((s) => s.role === 'feePayer')?.address ??
    null;
  const secondaries = signers.filter((s) => s.role === 'secondary');
  switch (name) {
    case 'INVALID_SIGNATURE': {
      const counted = signatures
        .filter((s) => s.role !== 'feePayer')
        .reduce((sum, s) => sum + (s.signatureCount ?? 1), 0);
      if (counted > MAX_SIGNATURES) {
        return `too many signatures: the sender and secondary signers carry ${counted}, and the chain accepts at most ${MAX_SIGNATURES}; use fewer secondary signers or lower a multi-key account’s threshold`;
      }
      const missing = signers.filter(
        (slot) => !signatures.some((s) => s.index === slot.index && s.keyType !== 'none'),
      );
      const [first] = missing;
      if (first !== undefined) {
        return `the signature of ${describeSigner(first)} is missing; every signer must sign before the transaction is submitted`;
      }
      return 'one of the signatures does not verify over this transaction: a signer signed other bytes (another fee payer address or secondary signer list) or its signature was altered; sign again with every signer';
    }
    case 'INVALID_AUTH_KEY':
      return 'a signer signed with a wrong key: the key does not match its account’s authentication key; check that each role is signed by the account it names';
    case 'INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE':
      return feePayer === null
        ? undefined
        : `the fee payer ${feePayer} cannot pay max gas amount × gas unit price; fund the fee payer or lower max gas amount`;
    case 'SENDING_ACCOUNT_DOES_NOT_EXIST':
      return secondaries.length === 0
        ? undefined
        : `a secondary signer (${secondaries.map((s) => s.address ?? '?').join(', ')}) has no account on this chain; create or fund it first, or remove it`;
    default:
      return undefined;
  }
}

function classifySubmitError(
  v: ErrorView,
  nodeUrl: ClassifyArgs['nodeUrl'],
  what: string,
  args?: ClassifyArgs,
): Classification {
  if (isTransport(v)) {
    return {
      state: 'submitRejected',
      details: {
        summary: transportSummary(what, nodeUrl),
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
  const { vmErrorName, vmErrorCode } = details;
  // The catalog's fix, as the outcome panel shows it beside the summary (a name comes with a code).
  const fix =
    vmErrorCode === undefined
      ? ''
      : ` ${explainValidationCode({ name: vmErrorName, code: vmErrorCode }).fix}`;
  const specific =
    vmErrorName === undefined || args === undefined
      ? undefined
      : multiSignerAdvice(vmErrorName, args);
  details.summary =
    vmErrorName !== undefined
      ? `The node refused the transaction: ${vmErrorName}${specific === undefined ? `.${fix}` : `; ${specific}.`}`
      : details.errorCode === 'mempool_is_full'
        ? 'The node’s mempool is full. Wait a moment and retry.'
        : `The node refused the transaction (${details.errorCode ?? `HTTP ${details.httpStatus ?? '?'}`}).${fix}`;
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
  // The summary and source last: a node error's details (nodeDetails) carry an empty summary.
  return { state: 'timedOut' as const, details: { ...extra, summary, source } };
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
      return classifySimulation(args);
    case 'sign': {
      const signer = args.signer;
      if ('error' in produced) return classifyWalletError(view(produced.error), signer);
      const output = produced.output;
      const status = isRecord(output) ? toWalletStatus(output.status) : null;
      const authenticatorHex = isRecord(output) ? str(output.authenticatorHex) : null;
      if (status === 'APPROVED' && authenticatorHex !== null && isRecord(output)) {
        const signature: ClassifiedSignature = { authenticatorHex, hash: str(output.hash) };
        const address = str(output.address);
        const keyType = str(output.keyType);
        if (address !== null) signature.address = address;
        if (keyType !== null) signature.keyType = keyType;
        if (typeof output.signatureCount === 'number') {
          signature.signatureCount = output.signatureCount;
        }
        if (typeof output.verified === 'boolean') signature.verified = output.verified;
        const details: OutcomeDetails = {
          summary:
            signer === undefined
              ? 'Signed; ready to submit.'
              : `Signed by ${describeSigner(signer, address ?? signer.address)}.`,
          source: 'wallet',
          walletStatus: 'APPROVED',
        };
        if (signer !== undefined) details.signer = signer;
        return { state: 'signed', signature, details };
      }
      return walletRefusal(
        status ?? 'INVALID',
        isRecord(output) ? (str(output.message) ?? undefined) : undefined,
        signer,
      );
    }
    case 'signAndSubmit': {
      // By source: the network failed or the node refused (submitRejected, with the error), the
      // wallet said no or failed (rejected). The wallet talks to the node here, so its answer is
      // read for the node's or the network's words first.
      if ('error' in produced) {
        const v = view(produced.error);
        if (isNodeError(v) || isTransport(v)) {
          return classifySubmitError(v, nodeUrl, 'signing and submitting');
        }
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
      const message = isRecord(output) ? str(output.message) : null;
      // A wallet that could not reach the node reports a refusal (the dev wallet: INVALID).
      const reason = message === null ? null : view(message);
      if (reason !== null && (isNodeError(reason) || isTransport(reason))) {
        const result = classifySubmitError(reason, nodeUrl, 'signing and submitting');
        if (status !== null) result.details.walletStatus = status;
        return result;
      }
      return walletRefusal(status ?? 'INVALID', message ?? undefined);
    }
    case 'submit': {
      if ('error' in produced) {
        return classifySubmitError(view(produced.error), nodeUrl, 'submitting', args);
      }
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

import type { TransactionDraft, WorkbenchRun } from '../machines';

/** The fixes "resubmit with the suggested fix" knows. */
export type FixKind = 'freshSequenceNumber' | 'moreGas' | 'laterExpiration' | 'faucetThenRetry';

/** A classifier suggestion turned into an action: the draft to resubmit, and what changed. */
export interface SuggestedFix {
  kind: FixKind;
  /** What the button says, e.g. "Resubmit with a fresh sequence number". */
  label: string;
  /** What changes, for the reader. */
  detail: string;
  draft: TransactionDraft;
  /** Octas to ask the faucet for before resubmitting (`faucetThenRetry` only), decimal string. */
  fundOctas?: string;
}

/** Networks whose faucet the workbench can call. */
const FAUCET_NETWORKS = new Set(['local', 'devnet']);
const FUND_OCTAS = '100000000';

function statusText(record: WorkbenchRun): string {
  const details = record.outcome?.details;
  return [
    details?.vmErrorName,
    details?.vmStatus,
    record.chain.vmStatus,
    record.chain.simulation?.vmStatus,
  ]
    .filter((part): part is string => typeof part === 'string')
    .join(' ');
}

/**
 * What to change so that a failed run can succeed, when the failure says so: a fresh sequence
 * number after `SEQUENCE_NUMBER_TOO_OLD`, more max gas after out of gas, a later expiration after
 * expiry, the faucet before a retry after insufficient balance (local and devnet only).
 *
 * @param record - the failed run.
 * @returns the fix, or `null` when the failure suggests none of these.
 */
export function suggestFix(record: WorkbenchRun): SuggestedFix | null {
  const status = statusText(record);
  const { draft } = record;
  const options = { ...draft.options };
  if (/SEQUENCE_NUMBER_TOO_OLD/.test(status)) {
    delete options.sequenceNumber;
    return {
      kind: 'freshSequenceNumber',
      label: 'Resubmit with a fresh sequence number',
      detail: `The sequence number ${record.chain.built?.sequenceNumber ?? draft.options.sequenceNumber ?? ''} was already used; the new attempt reads the account's current one.`,
      draft: { ...draft, options },
    };
  }
  if (/out of gas/i.test(status)) {
    const current = BigInt(
      draft.options.maxGasAmount ?? record.chain.built?.maxGasAmount ?? '2000',
    );
    const used = BigInt(record.chain.gasUsed ?? record.chain.simulation?.gasUsed ?? '0');
    const next = (current > used ? current : used) * 4n;
    return {
      kind: 'moreGas',
      label: 'Resubmit with more max gas',
      detail: `Max gas ${current} → ${next} units.`,
      draft: { ...draft, options: { ...options, maxGasAmount: next.toString() } },
    };
  }
  if (record.state === 'expired' || /TRANSACTION_EXPIRED/.test(status)) {
    const next = Math.max(120, (draft.options.expirationSecs ?? 20) * 4);
    return {
      kind: 'laterExpiration',
      label: 'Resubmit with a later expiration',
      detail: `Expiration ${draft.options.expirationSecs ?? 'default'} → ${next} s after building.`,
      draft: { ...draft, options: { ...options, expirationSecs: next } },
    };
  }
  if (/INSUFFICIENT_BALANCE/.test(status) && FAUCET_NETWORKS.has(record.network.name)) {
    return {
      kind: 'faucetThenRetry',
      label: 'Fund from the faucet, then retry',
      detail: `The faucet sends 1 APT to ${draft.sender}, then the same draft runs again.`,
      draft,
      fundOctas: FUND_OCTAS,
    };
  }
  return null;
}

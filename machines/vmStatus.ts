/**
 * The one catalog of VM statuses: what each status the chain reports means, its likely cause and
 * its fix. The classifier's outcome summaries, the app's explanation panels, `replay/` and the CLI
 * all read it, so a status is explained the same way everywhere. Pure: strings in, data out.
 */

/** A status of the catalog: a validation code (`vm_error_code`) or out of gas. */
export interface VmStatusEntry {
  /** The numeric `vm_error_code` the node answers on submit; `null` for out of gas. */
  code: number | null;
  name: string;
  likelyCause: string;
  fix: string;
  /**
   * The signed bytes can never be accepted again (their sequence number, expiration or chain id
   * no longer fit): only a transaction built again can pass.
   */
  rebuild?: true;
}

/** A validation code (`vm_error_code`) explained. */
export type ValidationCodeExplanation = VmStatusEntry;

/** A Move abort, read from `Move abort in 0x1::coin: EINSUFFICIENT_BALANCE(0x10006): …`. */
export interface MoveAbort {
  /** The module's address, as the VM status writes it (`0x1`). */
  address: string;
  /** The module's name (`coin`). */
  module: string;
  /** The error constant's name (`EINSUFFICIENT_BALANCE`), when the module documents it. */
  name: string | null;
  /** The abort code, decimal string. */
  code: string;
  /** The abort code as the VM status writes it (`0x10006`). */
  codeHex: string;
  /** The error category (high bits of the code), when it is a standard one. */
  category: string | null;
  /** The reason (low 16 bits of the code), decimal. */
  reason: string;
  /** The error's doc comment; `null` when the module gives none (never empty). */
  description: string | null;
}

/** What a VM status means. */
export interface VmStatusExplanation {
  kind: 'success' | 'abort' | 'outOfGas' | 'validation' | 'other';
  /** One short line, e.g. `Move abort in 0x1::coin`. */
  title: string;
  /** What happened, in plain words. */
  explanation: string;
  /** What to do about it, when there is something to do. */
  fix: string | null;
  abort?: MoveAbort;
  validation?: ValidationCodeExplanation;
}

/** The standard error categories of Move aborts (`std::error`), by the high bits of the code. */
const ABORT_CATEGORIES: Readonly<Record<number, string>> = {
  0x1: 'INVALID_ARGUMENT: the caller passed an argument the function refuses',
  0x2: 'OUT_OF_RANGE: an input or result is outside the allowed range',
  0x3: 'INVALID_STATE: the state of the chain does not allow the call right now',
  0x4: 'UNAUTHENTICATED: a signature or authentication check failed',
  0x5: 'PERMISSION_DENIED: the signer is not allowed to do this',
  0x6: 'NOT_FOUND: a resource or object the call needs does not exist',
  0x7: 'ABORTED: a concurrency conflict',
  0x8: 'ALREADY_EXISTS: something the call would create already exists',
  0x9: 'RESOURCE_EXHAUSTED: a limit was reached',
  0xa: 'CANCELLED: the request was cancelled',
  0xb: 'INTERNAL: an internal error of the module',
  0xc: 'NOT_IMPLEMENTED: the feature is not available',
  0xd: 'UNAVAILABLE: the feature is temporarily unavailable',
};

/** Out of gas, as an executed or simulated transaction reports it. */
export const OUT_OF_GAS: VmStatusEntry = {
  code: null,
  name: 'OUT_OF_GAS',
  likelyCause:
    'The transaction needed more gas than its max gas amount. It used all of it (gas used = max gas amount), and nothing it wrote is kept.',
  fix: 'Raise max gas amount (simulate to see what it needs), or make the call do less work.',
};

/**
 * Every validation code of LOCALNET.md (and the other prologue codes the node may name), by
 * name, with its likely cause and its fix.
 */
export const VALIDATION_CODES: Readonly<Record<string, VmStatusEntry>> = {
  INVALID_SIGNATURE: {
    code: 1,
    name: 'INVALID_SIGNATURE',
    likelyCause:
      'The signature does not verify against the transaction: it was signed for other bytes, or by another key.',
    fix: 'Sign the transaction again with the sender’s key, without changing it after signing.',
  },
  INVALID_AUTH_KEY: {
    code: 2,
    name: 'INVALID_AUTH_KEY',
    likelyCause:
      'The public key that signed does not match the sender account’s authentication key (a wrong account, or a rotated key).',
    fix: 'Sign with the key of the sender account, or change the sender to the account this key controls.',
  },
  SEQUENCE_NUMBER_TOO_OLD: {
    code: 3,
    name: 'SEQUENCE_NUMBER_TOO_OLD',
    likelyCause:
      'The sequence number was already used by a committed transaction of this sender (a stale override, or a resubmission).',
    fix: 'Remove the sequence number override and rebuild: building takes the account’s current sequence number.',
    rebuild: true,
  },
  SEQUENCE_NUMBER_TOO_NEW: {
    code: 4,
    name: 'SEQUENCE_NUMBER_TOO_NEW',
    likelyCause: 'The sequence number is further ahead of the account’s than the node accepts.',
    fix: 'Rebuild without the override, or submit the missing earlier transactions first.',
    rebuild: true,
  },
  INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE: {
    code: 5,
    name: 'INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE',
    likelyCause:
      'The account that pays the fee (the fee payer of a sponsored transaction, else the sender) cannot pay max gas amount × gas unit price (the maximum fee), or it is not funded yet.',
    fix: 'Fund that account (the fee payer when there is one), or lower max gas amount or gas unit price.',
  },
  TRANSACTION_EXPIRED: {
    code: 6,
    name: 'TRANSACTION_EXPIRED',
    likelyCause:
      'The chain’s clock is past the transaction’s expiration time (a short expiration, a slow signature, or a chain clock moved forward).',
    fix: 'Rebuild with a later expiration and sign again.',
    rebuild: true,
  },
  SENDING_ACCOUNT_DOES_NOT_EXIST: {
    code: 7,
    name: 'SENDING_ACCOUNT_DOES_NOT_EXIST',
    likelyCause: 'The sender account has never been created on this network.',
    fix: 'Create or fund the sender account first (the faucet creates it).',
  },
  REJECTED_WRITE_SET: {
    code: 8,
    name: 'REJECTED_WRITE_SET',
    likelyCause: 'A write-set transaction was refused.',
    fix: 'Only governance may submit write sets; send an entry function instead.',
  },
  INVALID_WRITE_SET: {
    code: 9,
    name: 'INVALID_WRITE_SET',
    likelyCause: 'The write set is malformed.',
    fix: 'Send an entry function instead.',
  },
  EXCEEDED_MAX_TRANSACTION_SIZE: {
    code: 10,
    name: 'EXCEEDED_MAX_TRANSACTION_SIZE',
    likelyCause: 'The signed transaction is larger than 65,536 bytes.',
    fix: 'Send smaller arguments, or split the work into several transactions.',
  },
  UNKNOWN_SCRIPT: {
    code: 11,
    name: 'UNKNOWN_SCRIPT',
    likelyCause: 'The script is not allowed on this network.',
    fix: 'Call an entry function instead.',
  },
  UNKNOWN_MODULE: {
    code: 12,
    name: 'UNKNOWN_MODULE',
    likelyCause: 'The module is not allowed on this network.',
    fix: 'Check the module’s address and name.',
  },
  MAX_GAS_UNITS_EXCEEDS_MAX_GAS_UNITS_BOUND: {
    code: 13,
    name: 'MAX_GAS_UNITS_EXCEEDS_MAX_GAS_UNITS_BOUND',
    likelyCause:
      'Max gas amount is above the network’s bound (2,000,000 units on the local chain).',
    fix: 'Lower max gas amount.',
  },
  MAX_GAS_UNITS_BELOW_MIN_TRANSACTION_GAS_UNITS: {
    code: 14,
    name: 'MAX_GAS_UNITS_BELOW_MIN_TRANSACTION_GAS_UNITS',
    likelyCause:
      'Max gas amount does not even cover the intrinsic cost of the transaction (about 3 units for a small one).',
    fix: 'Raise max gas amount (the simulation shows what the transaction uses).',
  },
  GAS_UNIT_PRICE_BELOW_MIN_BOUND: {
    code: 15,
    name: 'GAS_UNIT_PRICE_BELOW_MIN_BOUND',
    likelyCause: 'Gas unit price is below the network’s minimum (100 octas on the local chain).',
    fix: 'Raise gas unit price to at least the estimate.',
  },
  GAS_UNIT_PRICE_ABOVE_MAX_BOUND: {
    code: 16,
    name: 'GAS_UNIT_PRICE_ABOVE_MAX_BOUND',
    likelyCause: 'Gas unit price is above the network’s maximum (10,000,000,000 octas).',
    fix: 'Lower gas unit price.',
  },
  BAD_CHAIN_ID: {
    code: 23,
    name: 'BAD_CHAIN_ID',
    likelyCause: 'The transaction was built for another chain id than this node’s.',
    fix: 'Rebuild against the selected network (and check the wallet is on it).',
    rebuild: true,
  },
  SEQUENCE_NUMBER_TOO_BIG: {
    code: 24,
    name: 'SEQUENCE_NUMBER_TOO_BIG',
    likelyCause: 'The sequence number is above the largest allowed value.',
    fix: 'Remove the sequence number override.',
  },
};

/** The catalog by name; a Map, so that `toString` or `constructor` name nothing. */
const BY_NAME: ReadonlyMap<string | undefined, VmStatusEntry> = new Map(
  Object.entries(VALIDATION_CODES),
);

/** The name of a validation code by its number (`vm_error_code`). */
export function validationCodeName(code: number): string | undefined {
  return Object.values(VALIDATION_CODES).find((entry) => entry.code === code)?.name;
}

/**
 * Explains a validation code the node answered on submit, by name or by `vm_error_code`.
 *
 * @param args.name - the code's name, e.g. `SEQUENCE_NUMBER_TOO_OLD`.
 * @param args.code - the numeric `vm_error_code`, e.g. 3.
 * @returns the catalog's entry, or a generic one for a code the catalog does not know.
 * @example
 * ```ts
 * explainValidationCode({ code: 3 }).fix; // 'Remove the sequence number override and rebuild: …'
 * ```
 */
export function explainValidationCode(args: {
  name?: string | null | undefined;
  code?: number | null | undefined;
}): ValidationCodeExplanation {
  const name = args.name ?? (args.code == null ? undefined : validationCodeName(args.code));
  const known = BY_NAME.get(name);
  if (known) return known;
  return {
    code: args.code ?? null,
    name: name ?? `code ${args.code ?? '?'}`,
    likelyCause: 'The node refused the transaction before executing it.',
    fix: 'Check the sender, the sequence number, the gas options and the expiration, then rebuild.',
  };
}

const ABORT =
  /^Move abort in (0x[0-9a-fA-F]+)::([A-Za-z_][A-Za-z0-9_]*):\s*(?:([A-Za-z_][A-Za-z0-9_]*)\((0x[0-9a-fA-F]+|\d+)\)|(0x[0-9a-fA-F]+|\d+))(?::\s*(.*))?$/s;

/**
 * Reads a Move abort VM status: `Move abort in {addr}::{module}: {NAME}({code:#x}): {doc}`, or
 * the short form without a name (`Move abort in 0xcafe::playground: 0x2a`). A node writes the
 * named form with an empty doc (`…(0x10001): `) when the constant has no doc comment.
 *
 * @returns the abort's parts, or `null` when the status is not a Move abort.
 * @example
 * ```ts
 * parseMoveAbort('Move abort in 0x1::coin: EINSUFFICIENT_BALANCE(0x10006): Not enough coins');
 * // { address: '0x1', module: 'coin', name: 'EINSUFFICIENT_BALANCE', code: '65542', … }
 * ```
 */
export function parseMoveAbort(vmStatus: string): MoveAbort | null {
  const match = ABORT.exec(vmStatus.trim());
  if (match === null) return null;
  const [, address = '', module = '', name, namedCode, bareCode, doc] = match;
  const value = BigInt(namedCode ?? bareCode ?? '0');
  return {
    address,
    module,
    name: name ?? null,
    code: value.toString(),
    codeHex: `0x${value.toString(16)}`,
    // The byte above the reason; 0 is no category.
    category: ABORT_CATEGORIES[Number((value >> 16n) & 0xffn)] ?? null,
    reason: (value & 0xffffn).toString(),
    // The status is trimmed and `:\s*` takes the blanks before the doc: empty or a text.
    description: doc || null,
  };
}

/**
 * A VM status to quote inside a sentence: without its own final period, and without the empty
 * description a node leaves after an undocumented abort (`…(0x10001): ` → `…(0x10001)`).
 *
 * @example
 * ```ts
 * vmStatusInSentence('Move abort in 0xcafe::m: ENOT_PRESENT(0x10001): '); // '… ENOT_PRESENT(0x10001)'
 * ```
 */
export function vmStatusInSentence(vmStatus: string): string {
  return vmStatus.replace(/[\s.:]+$/, '');
}

/**
 * Explains a VM status in plain words: success, a Move abort (module, name, code, description),
 * out of gas, or a validation code (as simulation reports it, a bare name).
 *
 * @example
 * ```ts
 * explainVmStatus('Out of gas').kind; // 'outOfGas'
 * ```
 */
export function explainVmStatus(vmStatus: string): VmStatusExplanation {
  const status = vmStatus.trim();
  if (status === 'Executed successfully') {
    return {
      kind: 'success',
      title: 'Executed successfully',
      explanation: 'The transaction ran to the end; its writes and events are final.',
      fix: null,
    };
  }
  const abort = parseMoveAbort(status);
  if (abort !== null) {
    const who = `${abort.address}::${abort.module}`;
    const what = abort.name ? `${abort.name} (code ${abort.codeHex})` : `code ${abort.codeHex}`;
    const description = abort.description ? `: ${vmStatusInSentence(abort.description)}` : '';
    const category = abort.category ? ` Category ${abort.category}.` : '';
    return {
      kind: 'abort',
      title: `Move abort in ${who}`,
      explanation: `The module ${who} stopped the transaction with ${what}${description}.${category} Nothing it wrote is kept; gas up to the abort is charged.`,
      fix: abort.name?.includes('BALANCE')
        ? 'Fund the account or lower the amount, then rebuild.'
        : `Check the arguments against what ${who} expects (its source documents abort code ${abort.codeHex}).`,
      abort,
    };
  }
  if (/^out of gas$/i.test(status) || status === OUT_OF_GAS.name) {
    return {
      kind: 'outOfGas',
      title: 'Out of gas',
      explanation: OUT_OF_GAS.likelyCause,
      fix: OUT_OF_GAS.fix,
    };
  }
  const validation = BY_NAME.get(status.replace(/^Validation Code:\s*/i, ''));
  if (validation !== undefined) {
    return {
      kind: 'validation',
      title: `Validation failed: ${validation.name}`,
      explanation: validation.likelyCause,
      fix: validation.fix,
      validation,
    };
  }
  return {
    kind: 'other',
    title: status || 'No VM status',
    explanation: 'The chain reported this VM status.',
    fix: null,
  };
}

/**
 * Whether a VM status (or a node's message naming one) says the signed bytes can never pass
 * again, so only a transaction built again can (see {@link VmStatusEntry.rebuild}).
 */
export function needsRebuild(status: string): boolean {
  return Object.values(VALIDATION_CODES).some(
    (entry) => entry.rebuild === true && status.includes(entry.name),
  );
}

/**
 * The composer's form: its persisted state, and the pure evaluation of that state against a
 * function ABI into a draft (or the problems that keep it from being one).
 */
import { AccountAddress, type MoveFunction } from '@aptos-labs/ts-sdk';
import type {
  DraftArgument,
  DraftOptions,
  SigningMode,
  TransactionDraft,
  TransactionKind,
} from '../../../../machines';
import { parseAmount } from '../../../format/amounts';
import type { DraftResult } from './types';
import {
  argumentParams,
  parseAbiType,
  parseAddressText,
  parseArgument,
  parseInteger,
  parseTypeArgument,
  resolveGenerics,
  type ByteEncoding,
  type MoveType,
  type TypeArgument,
} from './moveArguments';

/** The options as typed (text, so half-typed values survive). */
export interface OptionsInput {
  maxGasAmount: string;
  /** Empty = the node's estimate. */
  gasUnitPrice: string;
  expirationSecs: string;
  /** Empty = the account's current sequence number. */
  sequenceNumber: string;
  waitTimeoutSecs: string;
}

/** Who signs, as typed (issue 16). */
export interface SignersInput {
  kind: TransactionKind;
  /** Secondary signer addresses, one per line (multi-agent kinds). */
  secondary: string;
  /** The fee payer's address (sponsored kinds), unless it signs later. */
  feePayer: string;
  /** Build with `0x0` as fee payer; the fee payer signs last with its own address. */
  feePayerLater: boolean;
}

/** The signer fields' errors, by field. */
export interface SignerErrors {
  secondary: string | null;
  feePayer: string | null;
}

export const defaultSigners: SignersInput = {
  kind: 'simple',
  secondary: '',
  feePayer: '',
  feePayerLater: false,
};

const KINDS: readonly TransactionKind[] = [
  'simple',
  'sponsored',
  'multiAgent',
  'multiAgentSponsored',
];

/** Everything the form holds; persisted as JSON. */
export interface ComposerFormState {
  /** The module address as typed (`0x1`, `0xcafe`, …). */
  moduleAddress: string;
  moduleName: string | null;
  functionName: string | null;
  /** One text per generic type parameter, by index. */
  typeArguments: string[];
  /** One text per non-signer parameter, by index. */
  arguments: string[];
  /** The `vector<u8>` encoding per argument index (hex when absent). */
  encodings: ByteEncoding[];
  options: OptionsInput;
  signingMode: SigningMode;
  signers: SignersInput;
}

export const rootAddress = '0x7c2b0de70a35807cdf35628483457dc9e3c42c1ca2e0812b2cc38bc2291ad36a';
export const playgroundAddress = '0xcafe';

export const defaultOptions: OptionsInput = {
  maxGasAmount: '200000',
  gasUnitPrice: '',
  expirationSecs: '20',
  sequenceNumber: '',
  waitTimeoutSecs: '20',
};

/** A fresh form: 0.1 APT to the local root account (commits after one faucet funding). */
export const defaultFormState: ComposerFormState = {
  moduleAddress: '0x1',
  moduleName: 'aptos_account',
  functionName: 'transfer',
  typeArguments: [],
  arguments: [rootAddress, '0.1 APT'],
  encodings: [],
  options: defaultOptions,
  signingMode: 'sign',
  signers: defaultSigners,
};

/** localStorage key; the version changes whenever the stored shape does. */
export const composerStorageKey = 'workbench.composer.v1';

const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

/**
 * Reads a stored form, keeping every well-formed field and defaulting the rest, so corrupt or
 * old data never breaks the page.
 *
 * @example
 * ```ts
 * parseStoredForm('{not json'); // defaultFormState
 * ```
 */
export function parseStoredForm(raw: string | null): ComposerFormState {
  if (!raw) return defaultFormState;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return defaultFormState;
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return defaultFormState;
  const stored = data as Record<string, unknown>;
  const text = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback);
  const nameOrNull = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  const options = (
    typeof stored.options === 'object' && stored.options !== null ? stored.options : {}
  ) as Record<string, unknown>;
  return {
    moduleAddress: text(stored.moduleAddress, defaultFormState.moduleAddress),
    moduleName: nameOrNull(stored.moduleName),
    functionName: nameOrNull(stored.functionName),
    typeArguments: isStringArray(stored.typeArguments) ? stored.typeArguments : [],
    arguments: isStringArray(stored.arguments) ? stored.arguments : [],
    encodings: Array.isArray(stored.encodings)
      ? stored.encodings.map((e): ByteEncoding => (e === 'utf8' ? 'utf8' : 'hex'))
      : [],
    options: {
      maxGasAmount: text(options.maxGasAmount, defaultOptions.maxGasAmount),
      gasUnitPrice: text(options.gasUnitPrice, defaultOptions.gasUnitPrice),
      expirationSecs: text(options.expirationSecs, defaultOptions.expirationSecs),
      sequenceNumber: text(options.sequenceNumber, defaultOptions.sequenceNumber),
      waitTimeoutSecs: text(options.waitTimeoutSecs, defaultOptions.waitTimeoutSecs),
    },
    signingMode: stored.signingMode === 'signAndSubmit' ? 'signAndSubmit' : 'sign',
    signers: parseStoredSigners(stored.signers),
  };
}

function parseStoredSigners(value: unknown): SignersInput {
  if (typeof value !== 'object' || value === null) return defaultSigners;
  const stored = value as Record<string, unknown>;
  return {
    kind: KINDS.find((kind) => kind === stored.kind) ?? 'simple',
    secondary: typeof stored.secondary === 'string' ? stored.secondary : '',
    feePayer: typeof stored.feePayer === 'string' ? stored.feePayer : '',
    feePayerLater: stored.feePayerLater === true,
  };
}

/**
 * The draft's kind, secondary signers and fee payer from the signer fields, with each field's
 * error. A simple transaction adds only its kind.
 */
export function evaluateSigners(input: SignersInput): {
  fields: Pick<TransactionDraft, 'kind' | 'secondarySigners' | 'feePayer'>;
  errors: SignerErrors;
} {
  const errors: SignerErrors = { secondary: null, feePayer: null };
  // The machine merges draft updates, so a simple transaction says so: otherwise the kind of the
  // previous draft (multi-agent, sponsored) would stay.
  if (input.kind === 'simple') return { fields: { kind: 'simple' }, errors };
  const fields: Pick<TransactionDraft, 'kind' | 'secondarySigners' | 'feePayer'> = {
    kind: input.kind,
  };
  if (input.kind === 'multiAgent' || input.kind === 'multiAgentSponsored') {
    const lines = input.secondary
      .split(/[\s,]+/)
      .map((line) => line.trim())
      .filter((line) => line !== '');
    if (lines.length === 0) errors.secondary = 'Add at least one secondary signer address';
    const addresses: string[] = [];
    for (const [index, line] of lines.entries()) {
      const parsed = parseAddressText(line, `Secondary signer ${index + 1}`);
      if (!parsed.ok) {
        errors.secondary = parsed.error;
        break;
      }
      addresses.push(parsed.value);
    }
    if (lines.length > 31) {
      errors.secondary = `At most 31 secondary signers: with the sender, a transaction carries at most 32 signatures (${lines.length + 1} here)`;
    }
    fields.secondarySigners = addresses;
  }
  if (input.kind === 'sponsored' || input.kind === 'multiAgentSponsored') {
    if (input.feePayerLater) fields.feePayer = null;
    else {
      const parsed = parseAddressText(input.feePayer.trim(), 'Fee payer address');
      if (parsed.ok) fields.feePayer = parsed.value;
      else errors.feePayer = parsed.error;
    }
  }
  return { fields, errors };
}

/** Reads the persisted form from `localStorage` (defaults when absent, unreadable or corrupt). */
export function loadForm(): ComposerFormState {
  try {
    return parseStoredForm(window.localStorage.getItem(composerStorageKey));
  } catch {
    return defaultFormState;
  }
}

/** Persists the form; storage that is full or disabled only loses persistence. */
export function saveForm(state: ComposerFormState): void {
  try {
    window.localStorage.setItem(composerStorageKey, JSON.stringify(state));
  } catch {
    // The form still works for this session.
  }
}

/** One parameter of the chosen function, as the form renders it. */
export interface ParamField {
  index: number;
  /** The ABI type as written, e.g. `vector<u8>` or `T0`. */
  abiType: string;
  /** The type after generics are resolved; null while a type argument is missing or invalid. */
  type: MoveType | null;
  error: string | null;
  value: DraftArgument | undefined;
  /** A `u64` (or `vector<u64>`) of an APT-moving framework function: shown in APT and octas. */
  amount?: boolean;
}

/** The framework modules whose `u64` arguments are amounts of a coin (APT in the templates). */
const AMOUNT_MODULES = ['aptos_account', 'coin', 'primary_fungible_store', 'aptos_coin'];

function isAmountType(type: MoveType): boolean {
  if (type.kind === 'vector') return isAmountType(type.inner);
  return type.kind === 'integer' && type.name === 'u64';
}

export interface OptionErrors {
  maxGasAmount: string | null;
  gasUnitPrice: string | null;
  expirationSecs: string | null;
  sequenceNumber: string | null;
  waitTimeoutSecs: string | null;
}

/** What the form evaluates to: per-field errors for display, and the result for `onDraft`. */
export interface FormEvaluation {
  moduleAddressError: string | null;
  /** The module address in the SDK's form (short for 0x0–0xf, long otherwise), when valid. */
  moduleAddress: string | null;
  typeArgumentErrors: Array<string | null>;
  params: ParamField[];
  optionErrors: OptionErrors;
  signerErrors: SignerErrors;
  result: DraftResult;
}

function wholeSeconds(
  raw: string,
  what: string,
  max: number,
): { value?: number; error: string | null } {
  const text = raw.trim();
  const expected = `${what} must be a whole number of seconds from 1 to ${max}`;
  if (!/^\d+$/.test(text))
    return { error: `${expected}; got ${text === '' ? 'nothing' : `"${text}"`}` };
  const value = BigInt(text);
  if (value < 1n || value > BigInt(max)) return { error: `${expected}; got ${text}` };
  return { value: Number(value), error: null };
}

function evaluateOptions(input: OptionsInput): { options: DraftOptions; errors: OptionErrors } {
  const options: DraftOptions = {};
  const errors: OptionErrors = {
    maxGasAmount: null,
    gasUnitPrice: null,
    expirationSecs: null,
    sequenceNumber: null,
    waitTimeoutSecs: null,
  };
  const maxGas = parseInteger(input.maxGasAmount, 'u64');
  if (!maxGas.ok) errors.maxGasAmount = `Max gas: ${maxGas.error}`;
  else if (maxGas.value === '0') errors.maxGasAmount = 'Max gas must be at least 1 gas unit; got 0';
  else options.maxGasAmount = maxGas.value;

  if (input.gasUnitPrice.trim() !== '') {
    const price = parseInteger(input.gasUnitPrice, 'u64');
    if (price.ok) options.gasUnitPrice = price.value;
    else errors.gasUnitPrice = `Gas unit price: ${price.error}, or empty for the estimate`;
  }
  if (input.sequenceNumber.trim() !== '') {
    const sequence = parseInteger(input.sequenceNumber, 'u64');
    if (sequence.ok) options.sequenceNumber = sequence.value;
    else errors.sequenceNumber = `Sequence number: ${sequence.error}, or empty for the account's`;
  }
  const expiration = wholeSeconds(input.expirationSecs, 'Expiration', 31_536_000);
  if (expiration.error) errors.expirationSecs = expiration.error;
  else options.expirationSecs = expiration.value;
  const wait = wholeSeconds(input.waitTimeoutSecs, 'Wait timeout', 3_600);
  if (wait.error) errors.waitTimeoutSecs = wait.error;
  else options.waitTimeoutSecs = wait.value;
  return { options, errors };
}

/**
 * Evaluates the form against the chosen function's ABI (`null` while it is loading or unknown).
 *
 * @example
 * ```ts
 * const { result } = evaluateForm({ state, fn, sender: '0x…', abiProblem: null });
 * if (result.ok) send({ type: 'draft.update', draft: result.draft });
 * ```
 */
export function evaluateForm(args: {
  state: ComposerFormState;
  fn: MoveFunction | null;
  sender: string | null;
  /** Why the function's ABI is not available (loading, not found, node error), if so. */
  abiProblem: string | null;
}): FormEvaluation {
  const { state, fn, sender, abiProblem } = args;
  const problems: string[] = [];
  if (!sender) problems.push('Connect a wallet to set the sender');

  const address = parseAddressText(state.moduleAddress, 'Module address');
  const moduleAddressError = address.ok ? null : address.error;
  const moduleAddress = address.ok ? AccountAddress.from(address.value).toString() : null;
  if (!address.ok) problems.push(address.error);
  else if (!state.moduleName) problems.push('Choose a module');
  else if (!state.functionName) problems.push('Choose an entry function');
  else if (abiProblem) problems.push(abiProblem);

  const typeArgumentErrors: Array<string | null> = [];
  const typeArguments: Array<TypeArgument | null> = [];
  const params: ParamField[] = [];
  const amountFunction = moduleAddress === '0x1' && AMOUNT_MODULES.includes(state.moduleName ?? '');
  if (fn) {
    fn.generic_type_params.forEach((_constraints, index) => {
      const parsed = parseTypeArgument({
        text: state.typeArguments[index] ?? '',
        label: `T${index}`,
      });
      typeArgumentErrors.push(parsed.ok ? null : parsed.error);
      typeArguments.push(parsed.ok ? parsed.value : null);
      if (!parsed.ok) problems.push(`Type argument ${parsed.error}`);
    });
    argumentParams(fn.params).forEach((abiType, index) => {
      const resolved = resolveGenerics(parseAbiType(abiType), typeArguments);
      let field: ParamField;
      if (!resolved.ok) {
        field = { index, abiType, type: null, error: resolved.error, value: undefined };
      } else {
        const parsed = parseArgument({
          type: resolved.value,
          text: state.arguments[index] ?? '',
          encoding: state.encodings[index] ?? 'hex',
        });
        field = parsed.ok
          ? { index, abiType, type: resolved.value, error: null, value: parsed.value }
          : { index, abiType, type: resolved.value, error: parsed.error, value: undefined };
      }
      if (amountFunction && field.type !== null && isAmountType(field.type)) field.amount = true;
      if (field.error) problems.push(`Argument ${index + 1} (${abiType}): ${field.error}`);
      params.push(field);
    });
  }

  const { options, errors: optionErrors } = evaluateOptions(state.options);
  for (const error of Object.values(optionErrors)) if (error) problems.push(error);
  const signers = evaluateSigners(state.signers);
  for (const error of Object.values(signers.errors)) if (error) problems.push(error);

  let result: DraftResult;
  if (problems.length > 0 || !fn || !sender || !moduleAddress || !state.moduleName) {
    result = { ok: false, problems, signingMode: state.signingMode };
  } else {
    const draft: TransactionDraft = {
      sender,
      payload: {
        function: `${moduleAddress}::${state.moduleName}::${fn.name}`,
        typeArguments: typeArguments.map((arg) => arg?.tag ?? ''),
        functionArguments: params.map((param) => param.value ?? null),
      },
      options,
      ...signers.fields,
    };
    result = { ok: true, draft, signingMode: state.signingMode };
  }
  return {
    moduleAddressError,
    moduleAddress,
    typeArgumentErrors,
    params,
    optionErrors,
    signerErrors: signers.errors,
    result,
  };
}

function argumentText(value: DraftArgument): string {
  if (value === null) return '';
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${value.map(argumentText).join(', ')}]`;
  return value;
}

function sameAddress(a: string, b: string): boolean {
  try {
    return AccountAddress.from(a, { maxMissingChars: 63 }).equals(
      AccountAddress.from(b, { maxMissingChars: 63 }),
    );
  } catch {
    return false;
  }
}

/** Whether the text typed in the form stands for the draft's value (`0.1 APT` for `10000000`). */
function textMeans(text: string, value: DraftArgument): boolean {
  if (argumentText(value) === text) return true;
  if (typeof value !== 'string') return false;
  const amount = parseAmount(text, { bareUnit: 'octas', allowZero: true });
  if ('octas' in amount && amount.octas === value) return true;
  return /^0x/i.test(value) && sameAddress(text, value);
}

/**
 * The form that shows a draft (the live run's, when Compose is opened again while it runs), keeping
 * what was typed in `stored` wherever it stands for the same value (`0.1 APT` rather than
 * `10000000`, `0x1` rather than its long form).
 *
 * @example
 * ```ts
 * formFromDraft(liveRun.context.draft, 'sign', loadForm());
 * ```
 */
export function formFromDraft(
  draft: TransactionDraft,
  signingMode: SigningMode,
  stored: ComposerFormState,
): ComposerFormState {
  const [address = '', moduleName = null, functionName = null] = draft.payload.function.split('::');
  const sameFunction =
    sameAddress(stored.moduleAddress, address) &&
    stored.moduleName === moduleName &&
    stored.functionName === functionName;
  const args = draft.payload.functionArguments.map((value, index) => {
    const typed = stored.arguments[index];
    return sameFunction && typed !== undefined && textMeans(typed, value)
      ? typed
      : argumentText(value);
  });
  const option = (value: string | number | undefined, fallback: string) =>
    value === undefined ? fallback : String(value);
  return {
    moduleAddress: sameFunction ? stored.moduleAddress : address,
    moduleName,
    functionName,
    typeArguments: [...draft.payload.typeArguments],
    arguments: args,
    encodings: sameFunction ? stored.encodings : [],
    options: {
      maxGasAmount: option(draft.options.maxGasAmount, defaultOptions.maxGasAmount),
      gasUnitPrice: option(draft.options.gasUnitPrice, ''),
      expirationSecs: option(draft.options.expirationSecs, defaultOptions.expirationSecs),
      sequenceNumber: option(draft.options.sequenceNumber, ''),
      waitTimeoutSecs: option(draft.options.waitTimeoutSecs, defaultOptions.waitTimeoutSecs),
    },
    signingMode,
    signers: {
      kind: draft.kind ?? 'simple',
      secondary: (draft.secondarySigners ?? []).join('\n'),
      feePayer: typeof draft.feePayer === 'string' ? draft.feePayer : '',
      feePayerLater: draft.feePayer === null,
    },
  };
}

import type { Json, LongAddress } from '../encoding.ts';
import type { MoveVal } from '../executor/moveValues.ts';
import { abortReason, frameworkErrorMap } from '../move/vm/errorMap.ts';
import { STATUS_CODES } from '../move/vm/statusCodes.ts';
import type { StateKey, StateValue } from '../storage/types.ts';

/**
 * What a native framework function may do: read and write state, emit events and pay execution
 * gas. The executor implements it with gas metering and a write buffer.
 */
export interface NativeContext {
  /** The signers in order: the sender first, then secondary signers. */
  readonly signers: readonly LongAddress[];
  readonly timestampMicros: bigint;
  readonly chainId: number;
  /** Reads state (charging io gas). */
  get(key: StateKey): StateValue | null;
  write(key: StateKey, value: StateValue | null): void;
  emit(type: string, data: { [field: string]: Json }): void;
  /** Charges execution gas in internal units (1,000,000 per gas unit). */
  charge(internalUnits: number): void;
}

/** A Move abort raised by a native function: the module, the code, and (when known) its name and doc. */
export class MoveAbort extends Error {
  override readonly name = 'MoveAbort';

  constructor(
    readonly module: string,
    readonly code: bigint,
    readonly reason?: { name: string; doc: string },
  ) {
    super(`Move abort in ${module}: ${code}`);
  }

  /**
   * The REST API's `vm_status` for this abort. A framework module's abort is named by the
   * framework's error map (as a node names it from the module's metadata); another module's by
   * the reason it was raised with (its own metadata).
   */
  get vmStatus(): string {
    const hex = `0x${this.code.toString(16)}`;
    const errors = frameworkErrorMap(this.module);
    const reason =
      errors === undefined ? this.reason : (abortReason(errors, this.code) ?? undefined);
    return reason === undefined
      ? `Move abort in ${this.module}: ${hex}`
      : `Move abort in ${this.module}: ${reason.name}(${hex}): ${reason.doc}`;
  }
}

/**
 * A VM failure a native raises that is not an abort: `borrow_global` of a resource that does not
 * exist is `MISSING_DATA` (4008), as `coin::name<T>` of a type without `CoinInfo<T>`.
 */
export class VmStatusError extends Error {
  override readonly name = 'VmStatusError';

  constructor(
    readonly status: string,
    readonly code: number,
  ) {
    super(status);
  }
}

export const missingData = (): never => {
  throw new VmStatusError('MISSING_DATA', STATUS_CODES.MISSING_DATA);
};

/** An error constant of a module: `category << 16 | reason` as Move's `std::error` builds it. */
export interface ModuleError {
  name: string;
  code: bigint;
  doc: string;
}

export const ERROR_CATEGORY = {
  invalidArgument: 0x1n,
  outOfRange: 0x2n,
  invalidState: 0x3n,
  unauthenticated: 0x4n,
  permissionDenied: 0x5n,
  notFound: 0x6n,
  alreadyExists: 0x8n,
} as const;

export function moduleError(
  category: bigint,
  reason: bigint,
  name: string,
  doc: string,
): ModuleError {
  return { name, code: (category << 16n) | reason, doc };
}

export function abort(module: string, error: ModuleError): never {
  throw new MoveAbort(module, error.code, { name: error.name, doc: error.doc });
}

/** A type parameter of a function or struct in an ABI. */
export interface TypeParam {
  constraints: string[];
}

/** A natively implemented Move function with its ABI. */
export interface NativeFunction {
  name: string;
  visibility: 'public' | 'private' | 'friend';
  isEntry: boolean;
  isView: boolean;
  typeParams: TypeParam[];
  /** Parameter types as the ABI prints them, signers included (`&signer`). */
  params: string[];
  returns: string[];
  /** Runs the function; `args` exclude the signers. Returns the view's results (entry: `[]`). */
  run?: (ctx: NativeContext, typeArgs: string[], args: MoveVal[]) => MoveVal[];
}

export interface StructAbi {
  name: string;
  isEvent?: boolean;
  abilities: string[];
  typeParams?: Array<{ constraints: string[]; is_phantom: boolean }>;
  fields: Array<{ name: string; type: string }>;
}

/** A module served at `accounts/{address}/module/{name}`, its functions implemented natively. */
export interface NativeModule {
  address: LongAddress;
  name: string;
  friends: string[];
  structs: StructAbi[];
  functions: NativeFunction[];
}

import { abortReason, frameworkErrorMap } from './errorMap.ts';
import { STATUS_CODES, type StatusName } from './statusCodes.ts';

/** A Move abort (raised by a native function or, as {@link BytecodeAbort}, by bytecode): the module, the code, and (when known) its name and doc. */
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

/** Where bytecode failed, as a node's API names it: `0x…::m::f` (or `script`) and the offset. */
export interface ExecutionSite {
  function: string;
  offset: number;
}

/**
 * A VM failure that is not an abort (a {@link VmStatusError}, as natives raise, so the executor and
 * `/view` report both alike), named by the node's status (`ARITHMETIC_ERROR`,
 * `VECTOR_OPERATION_ERROR`, `MISSING_DATA`, `RESOURCE_ALREADY_EXISTS`, `LINKER_ERROR`, …) with
 * its `StatusCode` number. `location` says where for messages; `site` is the function and code
 * offset the interpreter was at (`vm_status` prints it for execution failures).
 */
export class VmError extends VmStatusError {
  site: ExecutionSite | null = null;

  constructor(
    status: string,
    code: number,
    readonly location = '',
  ) {
    super(status, code);
    if (location !== '') this.message = `${status} at ${location}`;
  }
}

/** The catalog of `StatusCode`s (`statusCodes.ts`), under the name the VM's modules import. */
export const STATUS = STATUS_CODES;

export type { StatusName };

export const vmError = (status: StatusName, location = ''): VmError =>
  new VmError(status, STATUS[status], location);

/**
 * A Move `abort` from bytecode: the module (`0x…::m`, short address), the code, and the name and
 * doc from the module's error map when it has one. It is a {@link MoveAbort}, as natives raise, so the
 * executor and `/view` render both the same way (`vmStatus`).
 */
export class BytecodeAbort extends MoveAbort {
  constructor(module: string, code: bigint, reason: { name: string; doc: string } | null) {
    super(module, code, reason ?? undefined);
  }

  /** A script's abort has no module: a node prints `Move abort: code 0x…`. */
  override get vmStatus(): string {
    return this.module === 'script'
      ? `Move abort: code 0x${this.code.toString(16)}`
      : super.vmStatus;
  }
}

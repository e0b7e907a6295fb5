/**
 * A VM failure that is not an abort, named by the node's status (`ARITHMETIC_ERROR`,
 * `VECTOR_OPERATION_ERROR`, `MISSING_DATA`, `RESOURCE_ALREADY_EXISTS`, `LINKER_ERROR`, …) with
 * its `StatusCode` number. `location` says where (`0x…::m::f` at code offset `pc`) for messages.
 */
export class VmError extends Error {
  override readonly name = 'VmError';

  constructor(
    readonly status: string,
    readonly code: number,
    readonly location = '',
  ) {
    super(location === '' ? status : `${status} at ${location}`);
  }
}

/** Move's `StatusCode` numbers for the statuses the interpreter raises. */
export const STATUS = {
  OUT_OF_GAS: 4002,
  RESOURCE_DOES_NOT_EXIST: 4003,
  RESOURCE_ALREADY_EXISTS: 4004,
  MISSING_DATA: 4008,
  DATA_FORMAT_ERROR: 4009,
  ABORTED: 4016,
  ARITHMETIC_ERROR: 4017,
  VECTOR_OPERATION_ERROR: 4018,
  EXECUTION_STACK_OVERFLOW: 4020,
  CALL_STACK_OVERFLOW: 4021,
  VM_MAX_VALUE_DEPTH_REACHED: 4025,
  LINKER_ERROR: 2022,
  FUNCTION_RESOLUTION_FAILURE: 1091,
  TYPE_RESOLUTION_FAILURE: 1009,
  NUMBER_OF_TYPE_ARGUMENTS_MISMATCH: 1033,
  UNKNOWN_INVARIANT_VIOLATION_ERROR: 2000,
  FAILED_TO_DESERIALIZE_ARGUMENT: 1103,
  FEATURE_UNDER_GATING: 4027,
  STRUCT_VARIANT_MISMATCH: 4038,
} as const;

export type StatusName = keyof typeof STATUS;

export const vmError = (status: StatusName, location = ''): VmError =>
  new VmError(status, STATUS[status], location);

/** A Move `abort` from bytecode: the module (`0x…::m`, short address) and the code. */
export class BytecodeAbort extends Error {
  override readonly name = 'BytecodeAbort';

  constructor(
    readonly module: string,
    readonly code: bigint,
    readonly reason: { name: string; doc: string } | null,
  ) {
    super(`Move abort in ${module}: ${code}`);
  }

  /** The `vm_status` a node prints for this abort. */
  get vmStatus(): string {
    const hex = `0x${this.code.toString(16)}`;
    return this.reason === null
      ? `Move abort in ${this.module}: ${hex}`
      : `Move abort in ${this.module}: ${this.reason.name}(${hex}): ${this.reason.doc}`;
  }
}

import { MoveAbort, VmStatusError } from '../../framework/context.ts';

/**
 * A VM failure that is not an abort (the framework's `VmStatusError`, so the executor and
 * `/view` report both alike), named by the node's status (`ARITHMETIC_ERROR`,
 * `VECTOR_OPERATION_ERROR`, `MISSING_DATA`, `RESOURCE_ALREADY_EXISTS`, `LINKER_ERROR`, …) with
 * its `StatusCode` number. `location` says where (`0x…::m::f` at code offset `pc`) for messages.
 */
export class VmError extends VmStatusError {
  constructor(
    status: string,
    code: number,
    readonly location = '',
  ) {
    super(status, code);
    if (location !== '') this.message = `${status} at ${location}`;
  }
}

/**
 * Move's `StatusCode` numbers (move-core-types `vm_status.rs`) for the statuses the interpreter
 * and the verifier raise.
 */
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
  LINKER_ERROR: 1081,
  FUNCTION_RESOLUTION_FAILURE: 1091,
  TYPE_RESOLUTION_FAILURE: 2021,
  NUMBER_OF_TYPE_ARGUMENTS_MISMATCH: 1076,
  UNKNOWN_INVARIANT_VIOLATION_ERROR: 2000,
  FAILED_TO_DESERIALIZE_ARGUMENT: 1100,
  FEATURE_UNDER_GATING: 26,
  STRUCT_VARIANT_MISMATCH: 4038,
  NUMBER_OF_SIGNER_ARGUMENTS_MISMATCH: 1101,
  NUMBER_OF_ARGUMENTS_MISMATCH: 1098,
  EXECUTE_ENTRY_FUNCTION_CALLED_ON_NON_ENTRY_FUNCTION: 1103,
  // The verifier's type-safety statuses (localnet/move/vm/verifier.ts).
  NEGATIVE_STACK_SIZE_WITHIN_BLOCK: 1009,
  POSITIVE_STACK_SIZE_AT_BLOCK_END: 1069,
  BR_TYPE_MISMATCH_ERROR: 1025,
  ABORT_TYPE_MISMATCH_ERROR: 1026,
  STLOC_TYPE_MISMATCH_ERROR: 1027,
  RET_TYPE_MISMATCH_ERROR: 1030,
  FREEZEREF_TYPE_MISMATCH_ERROR: 1032,
  BORROWFIELD_TYPE_MISMATCH_ERROR: 1034,
  CALL_TYPE_MISMATCH_ERROR: 1045,
  PACK_TYPE_MISMATCH_ERROR: 1047,
  UNPACK_TYPE_MISMATCH_ERROR: 1048,
  READREF_TYPE_MISMATCH_ERROR: 1049,
  WRITEREF_TYPE_MISMATCH_ERROR: 1052,
  WRITEREF_NO_MUTABLE_REFERENCE_ERROR: 1055,
  INTEGER_OP_TYPE_MISMATCH_ERROR: 1056,
  BOOLEAN_OP_TYPE_MISMATCH_ERROR: 1057,
  EQUALITY_OP_TYPE_MISMATCH_ERROR: 1058,
  POP_WITHOUT_DROP_ABILITY: 1023,
  COPYLOC_WITHOUT_COPY_ABILITY: 1038,
  READREF_WITHOUT_COPY_ABILITY: 1050,
  WRITEREF_WITHOUT_DROP_ABILITY: 1053,
  EXISTS_WITHOUT_KEY_ABILITY_OR_BAD_ARGUMENT: 1059,
  BORROWGLOBAL_TYPE_MISMATCH_ERROR: 1060,
  BORROWGLOBAL_WITHOUT_KEY_ABILITY: 1061,
  MOVEFROM_TYPE_MISMATCH_ERROR: 1062,
  MOVEFROM_WITHOUT_KEY_ABILITY: 1063,
  MOVETO_TYPE_MISMATCH_ERROR: 1064,
  MOVETO_WITHOUT_KEY_ABILITY: 1065,
  // The verifier's control-flow, locals-safety, reference-safety, acquires and limits passes
  // (localnet/move/verifier/).
  INDEX_OUT_OF_BOUNDS: 1001,
  INVALID_FALL_THROUGH: 1007,
  EMPTY_CODE_UNIT: 1084,
  INVALID_LOOP_SPLIT: 1085,
  LOOP_MAX_DEPTH_REACHED: 1111,
  TOO_MANY_BASIC_BLOCKS: 1114,
  TOO_MANY_TYPE_PARAMETERS: 1112,
  TOO_MANY_PARAMETERS: 1113,
  TOO_MANY_TYPE_NODES: 1116,
  STLOC_UNSAFE_TO_DESTROY_ERROR: 1028,
  UNSAFE_RET_LOCAL_OR_RESOURCE_STILL_BORROWED: 1029,
  RET_BORROWED_MUTABLE_REFERENCE_ERROR: 1031,
  FREEZEREF_EXISTS_MUTABLE_BORROW_ERROR: 1033,
  BORROWFIELD_EXISTS_MUTABLE_BORROW_ERROR: 1036,
  COPYLOC_UNAVAILABLE_ERROR: 1037,
  COPYLOC_EXISTS_BORROW_ERROR: 1039,
  MOVELOC_UNAVAILABLE_ERROR: 1040,
  MOVELOC_EXISTS_BORROW_ERROR: 1041,
  BORROWLOC_UNAVAILABLE_ERROR: 1043,
  BORROWLOC_EXISTS_BORROW_ERROR: 1044,
  CALL_BORROWED_MUTABLE_REFERENCE_ERROR: 1046,
  READREF_EXISTS_MUTABLE_BORROW_ERROR: 1051,
  WRITEREF_EXISTS_BORROW_ERROR: 1054,
  MISSING_ACQUIRES_ANNOTATION: 1070,
  EXTRANEOUS_ACQUIRES_ANNOTATION: 1071,
  DUPLICATE_ACQUIRES_ANNOTATION: 1072,
  INVALID_ACQUIRES_ANNOTATION: 1073,
  GLOBAL_REFERENCE_ERROR: 1074,
  UNSAFE_RET_UNUSED_VALUES_WITHOUT_DROP: 1088,
  VEC_UPDATE_EXISTS_MUTABLE_BORROW_ERROR: 1109,
  VEC_BORROW_ELEMENT_EXISTS_MUTABLE_BORROW_ERROR: 1110,
  GENERIC_MEMBER_OPCODE_MISMATCH: 1090,
  CONSTRAINT_NOT_SATISFIED: 1075,
  VERIFIER_INVARIANT_VIOLATION: 2016,
} as const;

export type StatusName = keyof typeof STATUS;

export const vmError = (status: StatusName, location = ''): VmError =>
  new VmError(status, STATUS[status], location);

/**
 * A Move `abort` from bytecode: the module (`0x…::m`, short address), the code, and the name and
 * doc from the module's error map when it has one. It is the framework's `MoveAbort`, so the
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

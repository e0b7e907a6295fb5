/**
 * The interpreter's dense opcodes (prepared from `Bytecode` by `prepare.ts`), and what each costs.
 * Integer arithmetic is specialized by width at preparation: `_N` works on numbers
 * (u8/u16/u32), `_B` on bigints (u64/u128/u256); `_S` on signed integers of either (bytecode
 * v9), with the type's range as the operand.
 */
export const OP = {
  POP: 0,
  RET: 1,
  BR_TRUE: 2,
  BR_FALSE: 3,
  BRANCH: 4,
  LD_NUM: 5,
  LD_BIG: 6,
  LD_CONST: 7,
  LD_TRUE: 8,
  LD_FALSE: 9,
  COPY_LOC: 10,
  MOVE_LOC: 11,
  ST_LOC: 12,
  BORROW_LOC: 13,
  BORROW_FIELD: 14,
  CALL: 15,
  PACK: 16,
  UNPACK: 17,
  READ_REF: 18,
  WRITE_REF: 19,
  ADD_N: 20,
  ADD_B: 21,
  SUB: 22,
  MUL_N: 23,
  MUL_B: 24,
  DIV: 25,
  MOD: 26,
  BIT_OR: 27,
  BIT_AND: 28,
  XOR: 29,
  SHL_N: 30,
  SHL_B: 31,
  SHR: 32,
  OR: 33,
  AND: 34,
  NOT: 35,
  EQ: 36,
  NEQ: 37,
  LT: 38,
  GT: 39,
  LE: 40,
  GE: 41,
  ABORT: 42,
  NOP: 43,
  EXISTS: 44,
  BORROW_GLOBAL: 45,
  MOVE_FROM: 46,
  MOVE_TO: 47,
  CAST_N: 48,
  CAST_B: 49,
  VEC_PACK: 50,
  VEC_LEN: 51,
  VEC_BORROW: 52,
  VEC_PUSH: 53,
  VEC_POP: 54,
  VEC_UNPACK: 55,
  VEC_SWAP: 56,
  PACK_VARIANT: 57,
  UNPACK_VARIANT: 58,
  TEST_VARIANT: 59,
  BORROW_VARIANT_FIELD: 60,
  PACK_CLOSURE: 61,
  CALL_CLOSURE: 62,
  ADD_S: 63,
  SUB_S: 64,
  MUL_S: 65,
  DIV_S: 66,
  MOD_S: 67,
  NEGATE: 68,
  CAST_S: 69,
  ABORT_MSG: 70,
} as const;

/** The range of a signed integer type, the operand of the `_S` ops (numbers to i32, bigints from i64). */
export type SignedRange =
  { readonly min: number; readonly max: number } | { readonly min: bigint; readonly max: bigint };

/**
 * Base cost of each opcode in internal gas units (1,000,000 per gas unit): the `instr.*` entries
 * of the on-chain gas schedule of release v1.48.0 (aptos-networks `gas/v1.48.0.json`; one entry
 * per instruction, the `_generic` variants cost the same). Size-dependent parts (per abstract
 * value unit, per field, per element, per argument) are added by the interpreter.
 */
export const BASE_COST = (() => {
  const cost = new Float64Array(72);
  const set = (op: number, internal: number) => {
    cost[op] = internal;
  };
  set(OP.POP, 1470);
  set(OP.RET, 2200);
  set(OP.BR_TRUE, 4410);
  set(OP.BR_FALSE, 4410);
  set(OP.BRANCH, 2940);
  set(OP.LD_NUM, 2200); // ld_u8 … ld_u64, ld_i8 … ld_i64
  set(OP.LD_BIG, 2940); // ld_u128, ld_u256, ld_i128, ld_i256
  set(OP.LD_CONST, 23890);
  set(OP.LD_TRUE, 2200);
  set(OP.LD_FALSE, 2200);
  set(OP.COPY_LOC, 2940);
  set(OP.MOVE_LOC, 4410);
  set(OP.ST_LOC, 4410);
  set(OP.BORROW_LOC, 2200);
  set(OP.BORROW_FIELD, 7350);
  set(OP.CALL, 36760);
  set(OP.PACK, 8080);
  set(OP.UNPACK, 8080);
  set(OP.READ_REF, 7350);
  set(OP.WRITE_REF, 7350);
  for (const op of [
    OP.ADD_N,
    OP.ADD_B,
    OP.SUB,
    OP.MUL_N,
    OP.MUL_B,
    OP.DIV,
    OP.MOD,
    OP.BIT_OR,
    OP.BIT_AND,
    OP.XOR,
    OP.SHL_N,
    OP.SHL_B,
    OP.SHR,
    OP.OR,
    OP.AND,
    OP.NOT,
    OP.LT,
    OP.GT,
    OP.LE,
    OP.GE,
  ])
    set(op, 5880);
  set(OP.EQ, 3670);
  set(OP.NEQ, 3670);
  set(OP.ABORT, 2200);
  set(OP.NOP, 360);
  set(OP.EXISTS, 9190);
  set(OP.BORROW_GLOBAL, 18380);
  set(OP.MOVE_FROM, 12860);
  set(OP.MOVE_TO, 18380);
  set(OP.CAST_N, 4410);
  set(OP.CAST_B, 4410);
  set(OP.VEC_PACK, 22050);
  set(OP.VEC_LEN, 8080);
  set(OP.VEC_BORROW, 12130);
  set(OP.VEC_PUSH, 13960);
  set(OP.VEC_POP, 9550);
  set(OP.VEC_UNPACK, 18380);
  set(OP.VEC_SWAP, 11020);
  set(OP.PACK_VARIANT, 8080);
  set(OP.UNPACK_VARIANT, 8080);
  set(OP.TEST_VARIANT, 5350);
  set(OP.BORROW_VARIANT_FIELD, 8350);
  set(OP.PACK_CLOSURE, 9080);
  // A closure call is charged as a call (`instr.call_generic.base`).
  set(OP.CALL_CLOSURE, 36760);
  // Signed arithmetic is charged as `instr.add`, `instr.sub`… (one entry per operation, whatever
  // the type), as the unsigned ops are.
  set(OP.ADD_S, 5880);
  set(OP.SUB_S, 5880);
  set(OP.MUL_S, 5880);
  set(OP.DIV_S, 5880);
  set(OP.MOD_S, 5880);
  set(OP.NEGATE, 5880);
  set(OP.CAST_S, 4410);
  set(OP.ABORT_MSG, 4400);
  return cost;
})();

/** Size-dependent parts of the schedule (internal units). */
export const GAS_PARAMS = {
  /** `instr.copy_loc.per_abs_val_unit` (also read_ref's and eq's). */
  perAbstractValueUnit: 140,
  ldConstPerByte: 1280,
  callPerArg: 3670,
  callPerLocal: 3670,
  callPerTyArg: 3670,
  packPerField: 1470,
  vecPerElem: 1470,
  /** Native calls (std and framework) beyond their own charges: this chain's approximation. */
  nativeBase: 1000,
  /** `move_stdlib.bcs.to_bytes.per_byte_serialized`. */
  perByteSerialized: 360,
  /** `move_stdlib.hash.sha3_256.base` / `per_byte` (charged for every hash native). */
  hashBase: 147040,
  hashPerByte: 1650,
  /** `instr.abort_msg.per_byte`: the message is checked to be UTF-8. */
  abortMsgPerByte: 450,
} as const;

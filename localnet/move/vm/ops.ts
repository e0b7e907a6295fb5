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
 * Base cost of each opcode in internal gas units (1,000,000 per gas unit), from the Aptos gas
 * schedule's `instr` table (aptos-gas-schedule `instr.rs`, current values). Size-dependent parts
 * (per abstract value unit, per field, per element, per argument) are added by the interpreter.
 */
export const BASE_COST = (() => {
  const cost = new Float64Array(72);
  const set = (op: number, internal: number) => {
    cost[op] = internal;
  };
  set(OP.POP, 800);
  set(OP.RET, 1200);
  set(OP.BR_TRUE, 2400);
  set(OP.BR_FALSE, 2400);
  set(OP.BRANCH, 1600);
  set(OP.LD_NUM, 1200);
  set(OP.LD_BIG, 1200);
  set(OP.LD_CONST, 13000);
  set(OP.LD_TRUE, 1200);
  set(OP.LD_FALSE, 1200);
  set(OP.COPY_LOC, 1600);
  set(OP.MOVE_LOC, 2400);
  set(OP.ST_LOC, 2400);
  set(OP.BORROW_LOC, 1200);
  set(OP.BORROW_FIELD, 4000);
  set(OP.CALL, 20000);
  set(OP.PACK, 4400);
  set(OP.UNPACK, 4400);
  set(OP.READ_REF, 4000);
  set(OP.WRITE_REF, 4000);
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
    set(op, 3200);
  set(OP.EQ, 2000);
  set(OP.NEQ, 2000);
  set(OP.ABORT, 1200);
  set(OP.NOP, 200);
  set(OP.EXISTS, 5000);
  set(OP.BORROW_GLOBAL, 10000);
  set(OP.MOVE_FROM, 7000);
  set(OP.MOVE_TO, 10000);
  set(OP.CAST_N, 2400);
  set(OP.CAST_B, 2400);
  set(OP.VEC_PACK, 12000);
  set(OP.VEC_LEN, 4400);
  set(OP.VEC_BORROW, 6600);
  set(OP.VEC_PUSH, 7600);
  set(OP.VEC_POP, 5200);
  set(OP.VEC_UNPACK, 10000);
  set(OP.VEC_SWAP, 6000);
  set(OP.PACK_VARIANT, 4400);
  set(OP.UNPACK_VARIANT, 4400);
  set(OP.TEST_VARIANT, 4000);
  set(OP.BORROW_VARIANT_FIELD, 4000);
  // `pack_closure.base` is `pack.base` × 908/808 in the schedule; a closure call is a call.
  set(OP.PACK_CLOSURE, Math.round((4400 * 908) / 808));
  set(OP.CALL_CLOSURE, 20000);
  // Signed arithmetic is charged as `instr.add`, `instr.sub`… (one entry per operation, whatever
  // the type), as the unsigned ops are.
  set(OP.ADD_S, 3200);
  set(OP.SUB_S, 3200);
  set(OP.MUL_S, 3200);
  set(OP.DIV_S, 3200);
  set(OP.MOD_S, 3200);
  // The instructions bytecode v9/v10 added, from the on-chain schedule of release v1.48.0
  // (aptos-networks `gas/v1.48.0.json`: `instr.negate`, `instr.cast_i8` … `instr.cast_i256`,
  // `instr.abort_msg.base`; `ld_i8` … `ld_i256` are `LD_NUM`/`LD_BIG` as `ld_u*` are). That
  // release's other `instr` entries are about 1.84× this table's.
  set(OP.NEGATE, 5880);
  set(OP.CAST_S, 4410);
  set(OP.ABORT_MSG, 4400);
  return cost;
})();

/** Size-dependent parts of the schedule (internal units). */
export const GAS_PARAMS = {
  perAbstractValueUnit: 80,
  ldConstPerByte: 700,
  callPerArg: 2000,
  callPerLocal: 2000,
  callPerTyArg: 2000,
  packPerField: 800,
  vecPerElem: 800,
  /** Native calls (bridge and std) beyond their own charges. */
  nativeBase: 1000,
  perByteSerialized: 36,
  hashBase: 11000,
  hashPerByte: 180,
  /** `instr.abort_msg.per_byte` (v1.48.0): the message is checked to be UTF-8. */
  abortMsgPerByte: 450,
} as const;

/**
 * A Move trace as JSON: what `POST /workbench/trace` answers, what `tx-workbench trace --json`
 * writes and what exported runs carry (`schemas/move-trace.schema.json` is its schema). One
 * execution's call tree, flat and in call order, with gas per frame and what each frame read,
 * wrote and emitted. Amounts and gas are decimal strings (never `number`).
 *
 * Gas is in internal units (`gasScale` of them make one gas unit), so frames sum exactly: the
 * root's inclusive execution and IO are the meter's, and `ceil(x / gasScale)` of them are the
 * FeeStatement's `execution_gas_units` and (with the storage fee's gas) `io_gas_units`.
 */

export const MOVE_TRACE_FORMAT = 'tx-workbench/move-trace@1';

/** A Move value as the REST API prints it, summarized past the limits in `TRACE_LIMITS`. */
export type TraceValue =
  null | boolean | number | string | TraceValue[] | { [field: string]: TraceValue };

/** Past these, values are cut: a vector keeps its first items, then `"… N more"`. */
export const TRACE_LIMITS = {
  /** Items of a vector (or fields of a struct) kept. */
  items: 32,
  /** Characters of a string or hex byte vector kept. */
  chars: 256,
  /** Nesting kept; deeper values print as `"…"`. */
  depth: 8,
  /** Frames recorded; past it the trace says `truncated.frames`. */
  frames: 100_000,
  /** Instruction steps recorded in a stepping trace. */
  steps: 200_000,
} as const;

/** Gas of a frame, internal units (decimal strings); storage in octas. */
export interface TraceGas {
  execution: string;
  io: string;
  storageOctas: string;
}

export type TraceFrameKind =
  /** The transaction itself: intrinsic gas, the transaction's bytes; its child is the payload. */
  | 'transaction'
  /** Move bytecode (a published module, or the framework's bytecode). */
  | 'bytecode'
  /** A function this chain implements natively (framework functions, std natives). */
  | 'native'
  | 'script';

export type TraceFrameStatus = 'success' | 'abort' | 'error' | 'out_of_gas';

export interface TraceAbort {
  /** The abort code, decimal. */
  code: string;
  /** From the module's error map, when it has one. */
  name?: string;
  description?: string;
  /** A v10 abort's message. */
  message?: string;
}

/** Where in a module a frame is: from the package's source map, when it was given. */
export interface TraceSource {
  /** A key of the trace's `sources`: `<package>/sources/<file>.move`. */
  file: string;
  /** 1-based. */
  line: number;
  /** 1-based. */
  column: number;
}

export interface TraceFrame {
  /** Its index in `frames` (call order; a parent comes before its children). */
  id: number;
  /** The caller's id; -1 for the root. */
  parent: number;
  depth: number;
  /** `0xcafe::m::f` (short address); `transaction` for the root, `script` for a script. */
  function: string;
  kind: TraceFrameKind;
  typeArgs: string[];
  args: TraceValue[];
  /** `null` when the frame did not return (it aborted, failed, or ran out of gas). */
  returns: TraceValue[] | null;
  status: TraceFrameStatus;
  /** Set on the frame where an abort was raised. */
  abort?: TraceAbort;
  /** Set on the frame where a VM error (or out of gas) was raised: the status name. */
  error?: string;
  /** Code offset where the frame stopped (the abort or error), when bytecode. */
  offset?: number;
  /** Code offset of the call instruction in the parent frame, when the parent is bytecode. */
  callOffset?: number;
  /** Including its callees. */
  gas: TraceGas;
  /** Excluding its callees. */
  selfGas: TraceGas;
  /** Indices into the trace's `events`, `reads` and `writes`. */
  events: number[];
  reads: number[];
  writes: number[];
  source?: TraceSource;
}

/** A state slot read (charged once per transaction; later reads of it are not listed again). */
export interface TraceRead {
  frame: number;
  /** `resource`, `resource_group`, `module` or `table_item`. */
  kind: string;
  address: string;
  /** The resource's struct tag, the module's name, or the table item's key (hex). */
  path: string;
  /** Bytes read (0 when the slot did not exist). */
  bytes: number;
}

/** One entry of the transaction's write set, as the REST API prints it in `changes`. */
export interface TraceWrite {
  /** The frame that last wrote the slot. */
  frame: number;
  change: { [field: string]: TraceValue };
}

export interface TraceEvent {
  frame: number;
  /** As the REST API prints it in `events`. */
  event: { [field: string]: TraceValue };
}

/** One instruction of a stepping trace: the state just before the instruction ran. */
export interface TraceStep {
  frame: number;
  offset: number;
  /** Disassembled: `CallGeneric 0x1::coin::transfer<0x1::aptos_coin::AptosCoin>`. */
  instruction: string;
  /** The frame's operand stack, bottom first. */
  stack: TraceValue[];
  /** The frame's locals; `null` for an unset local. */
  locals: Array<TraceValue | null>;
  /** Gas left, internal units. */
  gasLeft: string;
  source?: TraceSource;
}

export interface MoveTrace {
  format: typeof MOVE_TRACE_FORMAT;
  /** What ran: a committed transaction re-executed at its version, a simulation, or a modified transaction at a version. */
  kind: 'committed' | 'simulation' | 'reexecution';
  /** The ledger version it ran at (the state just before it), when at one. */
  version?: string;
  hash: string;
  success: boolean;
  vmStatus: string;
  gasUsed: string;
  gasUnitPrice: string;
  /** Internal gas units per gas unit. */
  gasScale: string;
  fee: {
    totalGasUnits: string;
    executionGasUnits: string;
    ioGasUnits: string;
    storageFeeOctas: string;
  };
  frames: TraceFrame[];
  reads: TraceRead[];
  writes: TraceWrite[];
  events: TraceEvent[];
  /** Present when stepping was asked for. */
  steps?: TraceStep[];
  /** The text of each source file a frame or step points at, when source maps were given. */
  sources?: { [file: string]: string };
  truncated: { frames: boolean; steps: boolean };
}

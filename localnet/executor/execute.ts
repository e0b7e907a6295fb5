import { must } from '../encoding.ts';
import type { Json, LongAddress } from '../encoding.ts';
import {
  adjustSupply,
  aptBalance,
  accountValue,
  ACCOUNT_TYPE,
  readAccount,
  withdrawApt,
} from '../framework/assets.ts';
import type { NativeContext, NativeFunction } from '../framework/context.ts';
import type { TransactionInfo } from '../move/vm/nativeContext.ts';
import { MoveAbort, VmStatusError } from '../framework/context.ts';
import {
  BYTECODE_PUBLISHING,
  runBytecodeEntry,
  runFrameworkEntry,
  runScriptPayload,
} from './bytecode.ts';
import { vmError } from '../move/vm/errors.ts';
import { vmFailureOf } from '../move/vm/vmOutcome.ts';
import { findModule } from '../framework/registry.ts';
import type {
  ChainEvent,
  EventHandleKey,
  StateKey,
  StateReader,
  StateValue,
  TransactionOutput,
  WriteOp,
} from '../storage/types.ts';
import { resourceKey } from '../storage/types.ts';
import { overlayReader } from '../storage/overlay.ts';
import { runAbstractionAuthentication } from './abstraction.ts';
import { slotKeyBytes, slotOf, StateSizes } from './stateSize.ts';
import type { DecodedTransaction } from './decode.ts';
import { GAS, GasMeter, OutOfGas } from './gas.ts';
import type { EntryCall } from './decode.ts';
import { executeMultisigPayload } from './multisigPayload.ts';
import { nonceStateKey, nonceValue } from './nonces.ts';
import { transactionInfo } from './transactionInfo.ts';
import { skipsGasPayment } from './validate.ts';
import type { MoveTracer } from '../move/vm/trace.ts';
import type { MoveTrace } from '../move/vm/traceTypes.ts';
import { createTracer, traceOf, type TraceMode } from './trace.ts';

/** State access for one phase of a transaction: buffered writes, metered reads, events. */
class Session implements NativeContext {
  readonly writes = new Map<StateKey, StateValue | null>();
  readonly events: ChainEvent[] = [];
  readonly publishing = BYTECODE_PUBLISHING;
  /** Set for the user transaction's sessions (`transaction_context`). */
  transaction?: TransactionInfo;
  /** Set when the transaction is traced: reads, writes and events go to the current frame. */
  tracer?: MoveTracer;

  constructor(
    private readonly base: StateReader,
    readonly meter: GasMeter | null,
    readonly signers: readonly LongAddress[],
    readonly timestampMicros: bigint,
    readonly chainId: number,
  ) {}

  get(key: StateKey): StateValue | null {
    if (this.meter !== null) this.chargeRead(this.meter, key);
    const written = this.writes.get(key);
    return written !== undefined ? written : this.base.get(key);
  }

  write(key: StateKey, value: StateValue | null): void {
    this.tracer?.wrote(key);
    this.writes.set(key, value);
  }

  private readonly readSlots = new Set<StateKey>();
  private stateSizes: StateSizes | null = null;

  /** The sizes of values in the state this session started from. */
  get sizes(): StateSizes {
    return (this.stateSizes ??= new StateSizes(this.base));
  }

  /**
   * A node loads a slot from storage once per transaction and charges its bytes as stored then
   * (a group member's read loads the whole group; a missing slot costs the per-slot part alone).
   */
  private chargeRead(meter: GasMeter, key: StateKey): void {
    const slot = slotOf(key);
    if (this.readSlots.has(slot)) return;
    this.readSlots.add(slot);
    const bytes = this.sizes.slotBytes(slot) ?? 0;
    this.tracer?.readSlot(slot, bytes);
    meter.chargeIo(GAS.readSlot + GAS.readByte * bytes);
  }

  emit(type: string, data: { [field: string]: Json }, handle?: EventHandleKey): void {
    const event = handle === undefined ? { type, data } : { type, data, handle };
    this.tracer?.emitted(event);
    this.events.push(event);
  }

  charge(internalUnits: number): void {
    this.meter?.chargeExecution(internalUnits);
  }

  /** This session's writes on top of its base, as a reader for the next phase. */
  overlay(): StateReader {
    return overlayReader(this.writes, this.base);
  }
}

export interface BlockContext {
  timestampMicros: bigint;
  chainId: number;
}

function leadingSigners(fn: NativeFunction): number {
  let count = 0;
  while (count < fn.params.length && /^&?signer$/.test(must(fn.params[count]))) count += 1;
  return count;
}

function runEntry(tx: DecodedTransaction, session: Session): void {
  const call = tx.entry;
  if (call === null) {
    if (tx.payloadKind !== 'script' || session.meter === null)
      throw vmError('FEATURE_UNDER_GATING');
    return runScriptPayload(session, session.meter, tx); // Move bytecode (localnet/move/vm)
  }
  runCall(tx, call, session);
}

/**
 * A multisig payload's inner call, as the multisig account, in a child session: its writes and
 * events join the user session when it succeeds; a Move failure is returned (out of gas is not).
 */
function runAs(tx: DecodedTransaction, session: Session, signer: LongAddress, call: EntryCall) {
  const inner = new Session(
    session.overlay(),
    session.meter,
    [signer],
    session.timestampMicros,
    session.chainId,
  );
  if (session.transaction !== undefined) inner.transaction = session.transaction;
  if (session.tracer !== undefined) inner.tracer = session.tracer;
  try {
    runCall(tx, call, inner);
  } catch (error) {
    if (error instanceof MoveAbort || error instanceof VmStatusError) return error;
    throw error;
  }
  for (const [key, value] of inner.writes) session.writes.set(key, value);
  session.events.push(...inner.events);
  return null;
}

function runCall(tx: DecodedTransaction, call: EntryCall, session: Session): void {
  const module = findModule(call.module, call.moduleName);
  if (module === undefined) {
    // Not native: published Move bytecode (localnet/move/vm), or nothing.
    if (session.meter !== null && runBytecodeEntry(session, session.meter, tx.hash, call)) return;
    throw vmError('LINKER_ERROR');
  }
  const fn = module.functions.find((candidate) => candidate.name === call.functionName);
  if (fn?.native === undefined) throw vmError('FUNCTION_RESOLUTION_FAILURE');
  if (!fn.isEntry) throw vmError('EXECUTE_ENTRY_FUNCTION_CALLED_ON_NON_ENTRY_FUNCTION');
  if (call.typeArgs.length !== fn.typeParams.length)
    throw vmError('NUMBER_OF_TYPE_ARGUMENTS_MISMATCH');
  const signerCount = leadingSigners(fn);
  if (signerCount > 0 && signerCount !== session.signers.length) {
    throw vmError('NUMBER_OF_SIGNER_ARGUMENTS_MISMATCH');
  }
  const params = fn.params.slice(signerCount);
  if (params.length !== call.args.length) throw vmError('NUMBER_OF_ARGUMENTS_MISMATCH');
  session.charge(GAS.entryCall);
  runFrameworkEntry(session, must(session.meter), tx.hash, fn, call);
}

/**
 * IO gas of the user's change set and the storage fee (octas) it owes, from BCS sizes as a node
 * computes them: each slot written (a resource group counts once) pays per slot plus per byte of
 * its key and value; a new slot also pays its storage deposit, a grown one the extra bytes;
 * events and the transaction itself pay per byte.
 */
function chargeWrites(session: Session, meter: GasMeter, transactionBytes: number): bigint {
  const sizes = session.sizes;
  const slots = new Map<StateKey, StateKey[]>();
  for (const key of session.writes.keys()) {
    const slot = slotOf(key);
    const keys = slots.get(slot);
    if (keys === undefined) slots.set(slot, [key]);
    else keys.push(key);
  }
  let fee = 0n;
  const tracer = session.tracer;
  for (const [slot, keys] of slots) {
    const before = sizes.slotBytes(slot);
    const now = sizes.slotBytes(slot, session.writes, keys);
    const keyBytes = slotKeyBytes(slot);
    // Traced: the slot's IO and fee go to the frame that last wrote it (charged before the meter
    // can throw, so the frames always sum to it).
    const frame = tracer?.writerOf(keys[keys.length - 1] as StateKey) ?? 0;
    if (now === null) {
      if (before !== null) chargeIo(meter, GAS.writeSlot + GAS.writeByte * keyBytes, tracer, frame);
      continue;
    }
    chargeIo(meter, GAS.writeSlot + GAS.writeByte * (keyBytes + now), tracer, frame);
    const owed =
      before === null
        ? GAS.storagePerSlotOctas + BigInt(keyBytes + now) * GAS.storagePerByteOctas
        : now > before
          ? BigInt(now - before) * GAS.storagePerByteOctas
          : 0n;
    fee += owed;
    if (owed > 0n) tracer?.storageFee(frame, owed);
  }
  for (const event of session.events) {
    const io = GAS.eventByte * sizes.eventBytes(event);
    chargeIo(meter, io, tracer, tracer?.eventFrame(event) ?? 0);
  }
  chargeIo(meter, GAS.transactionByte * transactionBytes, tracer, 0);
  return fee;
}

function chargeIo(meter: GasMeter, io: number, tracer: MoveTracer | undefined, frame: number) {
  tracer?.charge(frame, io, 0n);
  meter.chargeIo(io);
}

const ceilDiv = (a: bigint, b: bigint): bigint => (a + b - 1n) / b;

interface UserPhase {
  tracer: MoveTracer | undefined;
  success: boolean;
  vmStatus: string;
  gasUsed: bigint;
  storageFeeOctas: bigint;
  meter: GasMeter;
  session: Session | null;
  /** A multisig payload's cleanup, run on the epilogue session. */
  cleanup: ((epilogue: NativeContext) => void) | null;
}

function userPhase(
  tx: DecodedTransaction,
  state: StateReader,
  block: BlockContext,
  trace: TraceMode | undefined,
): UserPhase {
  const meter = new GasMeter(tx.maxGasAmount, tx.bytes.length);
  const signers = [tx.sender, ...tx.secondarySigners.map((signer) => signer.address)];
  const session = new Session(state, meter, signers, block.timestampMicros, block.chainId);
  session.transaction = transactionInfo(tx);
  if (trace !== undefined) session.tracer = createTracer(meter, trace);
  const failed = (vmStatus: string, gasUsed = meter.units()): UserPhase => ({
    tracer: session.tracer,
    success: false,
    vmStatus,
    gasUsed: gasUsed > tx.maxGasAmount ? tx.maxGasAmount : gasUsed,
    storageFeeOctas: 0n,
    meter,
    session: null,
    cleanup: null,
  });
  try {
    runAbstractionAuthentication(tx, session, meter);
    const cleanup =
      tx.payloadKind === 'multisig'
        ? executeMultisigPayload(tx, session, (signer, call) => runAs(tx, session, signer, call))
        : (runEntry(tx, session), null);
    const storageFeeOctas = chargeWrites(session, meter, tx.bytes.length);
    const gasUsed = meter.units() + ceilDiv(storageFeeOctas, tx.gasUnitPrice);
    if (gasUsed > tx.maxGasAmount) throw new OutOfGas();
    return {
      tracer: session.tracer,
      success: true,
      vmStatus: 'Executed successfully',
      gasUsed,
      storageFeeOctas,
      meter,
      session,
      cleanup,
    };
  } catch (error) {
    const failure = vmFailureOf(error);
    if (failure !== null)
      return failed(failure.vmStatus, error instanceof OutOfGas ? tx.maxGasAmount : undefined);
    // Anything else is a fault of this chain, not of the transaction: it still commits, failed,
    // so that one transaction can never stop the block (or the replay of the log).
    console.error('localnet: execution failed unexpectedly', error);
    return failed('UNKNOWN_INVARIANT_VIOLATION_ERROR');
  }
}

/**
 * Executes a validated user transaction against `state` (pure: nothing is written to `state`).
 * Aborts, VM failures and out-of-gas keep the transaction with `success: false`: the user's
 * writes are dropped, the fee is charged and the sequence number moves on.
 */
export function execute(
  tx: DecodedTransaction,
  state: StateReader,
  block: BlockContext,
  options: { simulation?: boolean; trace?: TraceMode } = {},
): TransactionOutput & { trace?: MoveTrace } {
  let phase = userPhase(tx, state, block, options.trace);
  const payer = tx.feePayer?.address ?? tx.sender;
  const charged = !skipsGasPayment(tx, options.simulation);
  let fee = phase.gasUsed * tx.gasUnitPrice;
  const afterUser = phase.session?.overlay() ?? state;
  if (charged && phase.success && aptBalance(afterUser, payer) < fee) {
    // The call spent what the fee needed: the VM drops its writes and charges the fee alone.
    phase = {
      ...phase,
      success: false,
      vmStatus: new MoveAbort('0x1::fungible_asset', 0x10004n).vmStatus,
      gasUsed: phase.meter.units() > tx.maxGasAmount ? tx.maxGasAmount : phase.meter.units(),
      storageFeeOctas: 0n,
      session: null,
      cleanup: null,
    };
    fee = phase.gasUsed * tx.gasUnitPrice;
  }
  const epilogue = new Session(
    phase.session?.overlay() ?? state,
    null,
    [tx.sender],
    block.timestampMicros,
    block.chainId,
  );
  phase.cleanup?.(epilogue);
  if (tx.nonce !== null) {
    // Orderless: the nonce is used (the prologue records it), the sequence number stays.
    epilogue.write(
      nonceStateKey(tx.sender, tx.nonce),
      nonceValue(tx.sender, tx.nonce, tx.expirationSecs),
    );
  } else {
    const account = readAccount(epilogue, tx.sender);
    const sequenceNumber = account === null ? 0n : BigInt(account.data.sequence_number as string);
    const accountAfter =
      account === null
        ? accountValue(tx.sender, 1n, tx.sender)
        : {
            ...account,
            data: { ...account.data, sequence_number: (sequenceNumber + 1n).toString() },
          };
    epilogue.write(resourceKey(tx.sender, ACCOUNT_TYPE), accountAfter);
  }
  if (charged && fee > 0n) {
    withdrawFee(epilogue, payer, fee);
    adjustSupply(epilogue, -fee);
  }
  // Out of gas, the meter can have counted past the charge: the statement and the stored fee
  // both cap the execution part at the total, as a node's FeeStatement never exceeds it.
  const meteredExecution = BigInt(Math.ceil(phase.meter.execution / GAS.scale));
  const executionGasUnits = phase.gasUsed < meteredExecution ? phase.gasUsed : meteredExecution;
  const storageGasUnits = ceilDiv(phase.storageFeeOctas, tx.gasUnitPrice);
  const ioRest = phase.gasUsed - executionGasUnits - storageGasUnits;
  const ioGasUnits = ioRest < 0n ? 0n : ioRest;
  epilogue.emit('0x1::transaction_fee::FeeStatement', {
    total_charge_gas_units: phase.gasUsed.toString(),
    execution_gas_units: executionGasUnits.toString(),
    io_gas_units: ioGasUnits.toString(),
    storage_fee_octas: phase.storageFeeOctas.toString(),
    storage_fee_refund_octas: '0',
  });

  const merged = new Map<StateKey, StateValue | null>(phase.session?.writes);
  for (const [key, value] of epilogue.writes) merged.set(key, value);
  const writes: WriteOp[] = [];
  for (const [key, value] of merged) {
    const previous = value === null ? state.get(key) : null;
    // A resource created and removed in one transaction (a store made and deleted) leaves no op.
    if (value === null && previous === null) continue;
    writes.push({ key, value, previous });
  }
  const output: TransactionOutput = {
    success: phase.success,
    vmStatus: phase.vmStatus,
    gasUsed: phase.gasUsed,
    writes,
    events: [...(phase.session?.events ?? []), ...epilogue.events],
    fee: {
      totalGasUnits: phase.gasUsed,
      executionGasUnits,
      ioGasUnits,
      storageFeeOctas: phase.storageFeeOctas,
    },
  };
  if (phase.tracer === undefined) return output;
  if (phase.storageFeeOctas > 0n) phase.tracer.keepStorage();
  const epilogueKeys = new Set(epilogue.writes.keys());
  return {
    ...output,
    trace: traceOf(phase.tracer, tx, output, epilogueKeys, !!options.simulation),
  };
}

/** The fee leaves the payer's store without a Withdraw event (it is burnt, as on Aptos). */
function withdrawFee(session: Session, payer: LongAddress, fee: bigint): void {
  const events = session.events.length;
  withdrawApt(session, payer, fee);
  session.events.length = events;
}

/** Failures of a view call, mapped to 400 bodies by the HTTP layer. */
export class ViewError extends Error {
  override readonly name = 'ViewError';

  constructor(
    message: string,
    readonly vmErrorCode: number | null,
  ) {
    super(message);
  }
}

/**
 * Why a view cannot run, with the node's message: `/view` asks once no module ran it (the
 * framework's views run on the VM like bytecode's, `viewBytecode`).
 */
export function resolveView(
  address: LongAddress,
  moduleName: string,
  functionName: string,
  typeArgCount: number,
): NativeFunction {
  const module = findModule(address, moduleName);
  const id = `${address}::${moduleName}::${functionName}`;
  if (module === undefined)
    throw new ViewError(`Module ${address}::${moduleName} does not exist`, null);
  const fn = module.functions.find((candidate) => candidate.name === functionName);
  if (fn?.native === undefined) throw new ViewError(`Function ${id} does not exist`, null);
  if (!fn.isView) throw new ViewError(`Function ${id} is not marked as a view function`, null);
  if (fn.typeParams.length !== typeArgCount) {
    throw new ViewError(
      `Function ${id} expects ${fn.typeParams.length} type arguments, got ${typeArgCount}`,
      null,
    );
  }
  return fn;
}

import { scriptPayloadJson } from '../executor/bytecode.ts';
import type { Json, LongAddress } from '../encoding.ts';
import { shortAddress, toHex, ZERO_HASH, sha3Hex, fromHex, utf8, must } from '../encoding.ts';
import type { DecodedTransaction, EntryCall } from '../executor/decode.ts';
import { transactionSignatureJson } from './renderSignature.ts';
import { multisigPayloadOf } from '../executor/multisigPayload.ts';
import { decodeArgument, substitute, typeTagOf, valueToJson } from '../executor/moveValues.ts';
import type { NativeModule } from '../framework/context.ts';
import { findModule } from '../framework/registry.ts';
import { changeJson, eventJson } from '../executor/changes.ts';
import { bytecodeModuleJson, storedModule } from '../move/store.ts';
import type { BlockRecord, LedgerRecord, UserRecord } from '../storage/ledger.ts';
import type { StateReader, StateValue, TransactionOutput } from '../storage/types.ts';

type JsonObject = { [key: string]: Json };

function functionOf(module: NativeModule | undefined, name: string) {
  return module?.functions.find((fn) => fn.name === name);
}

/**
 * The params of an entry function: native, or of a published bytecode module in `state` (its ABI
 * derived from the bytecode, cached), as a node decodes arguments through the module it has.
 */
function entryParams(call: EntryCall, state: StateReader | undefined): string[] | undefined {
  const native = functionOf(findModule(call.module, call.moduleName), call.functionName);
  if (native !== undefined || state === undefined) return native?.params;
  const stored = storedModule(state, call.module, call.moduleName);
  if (stored === null) return undefined;
  return bytecodeModuleJson(stored).abi.exposed_functions.find(
    (fn) => fn.name === call.functionName,
  )?.params;
}

/** The `payload` field: entry function arguments decoded through the function's ABI when known. */
export function payloadJson(tx: DecodedTransaction, state?: StateReader): JsonObject {
  const multisig = multisigPayloadOf(tx);
  if (multisig !== null) {
    // `multisig_payload`; its `transaction_payload` is left out when the transaction has none.
    return {
      type: 'multisig_payload',
      multisig_address: shortAddress(multisig.multisig),
      ...(multisig.call === null
        ? {}
        : { transaction_payload: entryCallJson(multisig.call, state) }),
    };
  }
  const call = tx.entry;
  if (call === null) return scriptPayloadJson(tx); // script code and arguments (localnet/move/vm)
  return entryCallJson(call, state);
}

function entryCallJson(call: EntryCall, state: StateReader | undefined): JsonObject {
  const allParams = entryParams(call, state);
  let args: Json[] = call.args.map((bytes) => toHex(bytes));
  if (allParams !== undefined) {
    const params = allParams.filter((param) => !/^&?signer$/.test(param));
    if (params.length === call.args.length) {
      try {
        const typeTags = call.typeArgs.map((arg) => typeTagOf(arg));
        args = params.map((param, i) => {
          const tag = substitute(typeTagOf(param), typeTags);
          return valueToJson(tag, decodeArgument(tag, must(call.args[i])));
        });
      } catch {
        // What was accepted is printed, never re-judged: arguments that do not decode stay hex.
      }
    }
  }
  return {
    type: 'entry_function_payload',
    function: `${shortAddress(call.module)}::${call.moduleName}::${call.functionName}`,
    type_arguments: call.typeArgs,
    arguments: args,
  };
}

/** What the sender signed, in the order the REST API prints it. */
function signedFieldsJson(tx: DecodedTransaction, state: StateReader | undefined): JsonObject {
  return {
    sender: shortAddress(tx.sender),
    sequence_number: tx.sequenceNumber.toString(),
    max_gas_amount: tx.maxGasAmount.toString(),
    gas_unit_price: tx.gasUnitPrice.toString(),
    expiration_timestamp_secs: tx.expirationSecs.toString(),
    payload: payloadJson(tx, state),
    signature: transactionSignatureJson(tx),
    // An orderless transaction's nonce (a node prints the field only for those, after `signature`).
    ...(tx.nonce === null ? {} : { replay_protection_nonce: tx.nonce.toString() }),
  };
}

/** A pending transaction (`POST /transactions` answers it without `type`). */
export function pendingJson(
  tx: DecodedTransaction,
  withType: boolean,
  state?: StateReader,
): JsonObject {
  const body: JsonObject = { hash: tx.hash, ...signedFieldsJson(tx, state) };
  return withType ? { type: 'pending_transaction', ...body } : body;
}

function hashOf(label: string, hash: string): string {
  return sha3Hex(utf8(label), fromHex(hash));
}

/** The execution part of a user transaction (shared by committed and simulated ones). */
function outputJson(output: TransactionOutput): JsonObject {
  return {
    gas_used: output.gasUsed.toString(),
    success: output.success,
    vm_status: output.vmStatus,
    changes: output.writes.map(changeJson),
    events: output.events.map(eventJson),
  };
}

function userJson(args: {
  tx: DecodedTransaction;
  output: TransactionOutput;
  version: number;
  timestamp: bigint;
  hashes: { stateChange: string; eventRoot: string; accumulatorRoot: string };
  /** Where published modules are read to decode a bytecode function's arguments. */
  state?: StateReader | undefined;
}): JsonObject {
  const { tx, output } = args;
  const exec = outputJson(output);
  return {
    type: 'user_transaction',
    version: String(args.version),
    hash: tx.hash,
    state_change_hash: args.hashes.stateChange,
    event_root_hash: args.hashes.eventRoot,
    state_checkpoint_hash: null,
    gas_used: must(exec.gas_used),
    success: must(exec.success),
    vm_status: must(exec.vm_status),
    accumulator_root_hash: args.hashes.accumulatorRoot,
    changes: must(exec.changes),
    ...signedFieldsJson(tx, args.state),
    events: must(exec.events),
    timestamp: args.timestamp.toString(),
  };
}

/** A simulated transaction: the real output, zero root hashes, `version` the current ledger version. */
export function simulatedJson(
  tx: DecodedTransaction,
  output: TransactionOutput,
  version: number,
  timestamp: bigint,
  state?: StateReader,
): JsonObject {
  return userJson({
    tx,
    output,
    version,
    timestamp,
    state,
    hashes: { stateChange: ZERO_HASH, eventRoot: ZERO_HASH, accumulatorRoot: ZERO_HASH },
  });
}

/** Any committed ledger record as the REST API prints it. */
export function recordJson(
  record: LedgerRecord,
  decode: (bytes: Uint8Array) => DecodedTransaction,
  state?: StateReader,
): JsonObject {
  const common = {
    version: String(record.version),
    hash: record.hash,
    state_change_hash: hashOf('state', record.hash),
    event_root_hash: hashOf('events', record.hash),
    state_checkpoint_hash: null as Json,
    gas_used: '0',
    success: true,
    vm_status: 'Executed successfully',
    accumulator_root_hash: record.accumulatorRoot,
  };
  switch (record.kind) {
    case 'user':
      return userRecordJson(record, decode, state);
    case 'genesis':
      return {
        type: 'genesis_transaction',
        ...common,
        changes: record.writes.map(changeJson),
        payload: {
          type: 'write_set_payload',
          write_set: { type: 'direct_write_set', changes: [], events: [] },
        },
        events: record.events.map(eventJson),
      };
    case 'block_metadata':
      return {
        type: 'block_metadata_transaction',
        ...common,
        changes: record.writes.map(changeJson),
        id: record.hash,
        epoch: '1',
        round: String(record.blockHeight),
        events: [],
        previous_block_votes_bitvec: [],
        proposer: '0x0',
        failed_proposer_indices: [],
        timestamp: record.timestamp.toString(),
      };
    case 'state_checkpoint':
      return {
        type: 'state_checkpoint_transaction',
        ...common,
        state_checkpoint_hash: hashOf('checkpoint', record.hash),
        changes: [],
        timestamp: record.timestamp.toString(),
      };
  }
}

function userRecordJson(
  record: UserRecord,
  decode: (bytes: Uint8Array) => DecodedTransaction,
  state: StateReader | undefined,
): JsonObject {
  return userJson({
    tx: decode(record.bytes),
    state,
    output: record.output,
    version: record.version,
    timestamp: record.timestamp,
    hashes: {
      stateChange: hashOf('state', record.hash),
      eventRoot: hashOf('events', record.hash),
      accumulatorRoot: record.accumulatorRoot,
    },
  });
}

export function blockJson(block: BlockRecord, transactions: JsonObject[] | null): JsonObject {
  const body: JsonObject = {
    block_height: String(block.height),
    block_hash: block.hash,
    block_timestamp: block.timestamp.toString(),
    first_version: String(block.firstVersion),
    last_version: String(block.lastVersion),
  };
  // A real node writes `"transactions": null` when they were not asked for (Option::None).
  body.transactions = transactions;
  return body;
}

export function resourceJson(value: StateValue & { kind: 'resource' }): JsonObject {
  return { type: value.type, data: value.data };
}

/** Modules have no Move bytecode here (they run natively); this stands in for it, stable per module. */
function placeholderBytecode(module: NativeModule): string {
  return `0xa11ceb0b0700000a${Buffer.from(`${module.address}::${module.name}`).toString('hex')}`;
}

export function moduleJson(module: NativeModule): JsonObject {
  return {
    bytecode: placeholderBytecode(module),
    abi: {
      address: shortAddress(module.address as LongAddress),
      name: module.name,
      friends: module.friends,
      exposed_functions: module.functions.map((fn) => ({
        name: fn.name,
        visibility: fn.visibility,
        is_entry: fn.isEntry,
        is_view: fn.isView,
        generic_type_params: fn.typeParams.map((param) => ({ constraints: param.constraints })),
        params: fn.params,
        return: fn.returns,
      })),
      structs: module.structs.map((struct) => ({
        name: struct.name,
        is_native: false,
        is_event: struct.isEvent ?? false,
        is_enum: struct.variants !== undefined,
        abilities: struct.abilities,
        generic_type_params: (struct.typeParams ?? []).map((param) => ({ ...param })),
        fields: struct.fields.map((field) => ({ ...field })),
        variants: (struct.variants ?? []).map((variant) => ({
          name: variant.name,
          fields: variant.fields.map((field) => ({ ...field })),
        })),
      })),
    },
  };
}

import { parseTypeTag } from '@aptos-labs/ts-sdk';
import type { Json, LongAddress } from '../encoding.ts';
import { toHex } from '../encoding.ts';
import { NodeError } from '../errors.ts';
import type { BlockContext } from '../executor/execute.ts';
import { resolveView, ViewError } from '../executor/execute.ts';
import { argumentFromJson, encodeValue, typeTagOf } from '../executor/moveValues.ts';
import type { StateReader, TableItemValue } from '../storage/types.ts';
import { tableKey } from '../storage/types.ts';
import { typeResolves } from '../framework/registry.ts';
import { viewBytecode } from '../executor/bytecode.ts';
import { FRAMEWORK_LINK } from '../framework/vmBridge.ts';
import { moduleStoreOf } from '../move/vm/moduleSource.ts';
import type { NativeContext } from '../move/vm/nativeContext.ts';
import { VmSession } from '../move/vm/session.ts';
import { parseTy } from '../move/vm/ty.ts';
import { deserialize, serialize } from '../move/vm/values.ts';
import { fromJson, toJson } from '../move/vm/valuesJson.ts';
import { notFound } from './history.ts';

/** A view call as the HTTP layer parsed it: arguments as JSON or BCS. */
export interface ViewRequest {
  module: LongAddress;
  moduleName: string;
  functionName: string;
  typeArgs: string[];
  args: { json: Json[] } | { bcs: Uint8Array[] };
}

const invalid = (message: string) => new NodeError({ code: 'invalid_input', message });
const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Runs a view function against `state`; failures are 400 `invalid_input` bodies. */
export function callView(
  state: StateReader,
  request: ViewRequest,
  block: BlockContext,
): { values: Json[]; gasUsed: bigint } {
  let typeArgs: string[];
  try {
    typeArgs = request.typeArgs.map((arg) => parseTypeTag(arg).toString());
  } catch (error) {
    throw invalid(`Invalid type argument: ${reason(error)}`);
  }
  // Published bytecode and the framework's views both run in the Move VM (localnet/move/vm).
  const ran = viewBytecode(state, { ...request, typeArgs }, block);
  if (ran !== null) return ran;
  // The VM loads type arguments before running: a struct whose module does not exist fails.
  if (!request.typeArgs.every((arg) => typeResolves(parseTypeTag(arg)))) {
    throw new NodeError({ code: 'invalid_input', message: 'LINKER_ERROR' });
  }
  try {
    resolveView(request.module, request.moduleName, request.functionName, typeArgs.length);
  } catch (error) {
    if (error instanceof ViewError) throw invalid(error.message);
    throw error;
  }
  // A view resolveView accepts is a framework native, which viewBytecode runs.
  throw new Error(`localnet invariant broken: ${request.moduleName}::${request.functionName}`);
}

/**
 * A struct key (`String`, `0x3::token::TokenId`) in BCS: its JSON read with the struct's layout, from the
 * framework or the module that declares it, as a node's converter does.
 */
function structKey(state: StateReader, keyType: string, key: Json): Uint8Array {
  const layout = layoutOf(state);
  const ty = parseTy(keyType);
  return serialize(ty, fromJson(ty, key, layout), layout);
}

/** Struct layouts from the framework and the modules in `state`, as a node's converter reads them. */
function layoutOf(state: StateReader) {
  const ctx: NativeContext = {
    signers: [],
    timestampMicros: 0n,
    chainId: 0,
    get: (stateKey) => state.get(stateKey),
    write: () => undefined,
    emit: () => undefined,
    charge: () => undefined,
  };
  return new VmSession(ctx, moduleStoreOf(state), new Uint8Array(), FRAMEWORK_LINK).layout;
}

/** `POST /tables/{handle}/item`: the item's decoded value at version `at`. */
export function readTableItem(
  state: StateReader,
  handle: LongAddress,
  request: { keyType: string; valueType: string; key: Json },
  at: number,
): Json {
  let keyHex: string;
  try {
    const tag = typeTagOf(request.keyType);
    keyHex = toHex(
      tag.isStruct()
        ? structKey(state, request.keyType, request.key)
        : encodeValue(tag, argumentFromJson(tag, request.key)),
    );
    typeTagOf(request.valueType);
  } catch (error) {
    throw invalid(`Failed to parse table item request: ${reason(error)}`);
  }
  const item = state.get(tableKey(handle, keyHex)) as TableItemValue | null;
  if (item === null) {
    throw notFound(
      'table_item_not_found',
      `Table Item not found by Table handle(${handle}), Table key(${JSON.stringify(request.key)}) and Ledger version(${at})`,
    );
  }
  // A fork reads an upstream item raw (its state key holds no types): decode it with the request's.
  if (item.valueType === '') {
    const layout = layoutOf(state);
    const ty = parseTy(request.valueType);
    return toJson(ty, deserialize(ty, Buffer.from(item.value.slice(2), 'hex'), layout), layout);
  }
  return item.decodedValue;
}

import type { Json, LongAddress } from '../encoding.ts';

/** A Move resource stored under an address, its fields already in REST JSON form. */
export interface ResourceValue {
  kind: 'resource';
  address: LongAddress;
  type: string;
  data: { [field: string]: Json };
}

/** A table item, kept as BCS bytes plus the decoded JSON a read prints. */
export interface TableItemValue {
  kind: 'table_item';
  handle: LongAddress;
  key: `0x${string}`;
  value: `0x${string}`;
  keyType: string;
  valueType: string;
  decodedKey: Json;
  decodedValue: Json;
}

/** A published Move module: its bytecode (hex), under its address and name. */
export interface ModuleValue {
  kind: 'module';
  address: LongAddress;
  name: string;
  bytecode: `0x${string}`;
}

export type StateValue = ResourceValue | TableItemValue | ModuleValue;

/** Opaque state key: one per resource (address + struct tag), module (address + name) or table item (handle + key bytes). */
export type StateKey = string;

export const resourceKey = (address: LongAddress, type: string): StateKey => `r|${address}|${type}`;
export const moduleKey = (address: LongAddress, name: string): StateKey => `m|${address}|${name}`;
export const tableKey = (handle: LongAddress, keyHex: string): StateKey => `t|${handle}|${keyHex}`;

/** One state change of a transaction: a new value, or `null` for a deletion. */
export interface WriteOp {
  key: StateKey;
  value: StateValue | null;
  /** For deletions, what was deleted (the REST API prints its address and type). */
  previous: StateValue | null;
}

/** An event as the REST API prints it: a module event has no handle (a zero GUID). */
export interface ChainEvent {
  type: string;
  data: { [field: string]: Json };
  /** A handle event's (`event::emit_event`): its handle's GUID and its number on the handle. */
  handle?: EventHandleKey;
}

/** Where a handle event was emitted, as the REST API prints it. */
export interface EventHandleKey {
  guid: { creation_number: string; account_address: string };
  sequence_number: string;
}

/** The gas split a `0x1::transaction_fee::FeeStatement` reports. */
export interface FeeStatement {
  totalGasUnits: bigint;
  executionGasUnits: bigint;
  ioGasUnits: bigint;
  storageFeeOctas: bigint;
}

/** What executing one user transaction produced. */
export interface TransactionOutput {
  success: boolean;
  vmStatus: string;
  gasUsed: bigint;
  writes: WriteOp[];
  events: ChainEvent[];
  fee: FeeStatement;
}

/** Read access to state as of some version (the executor's only view of storage). */
export interface StateReader {
  get(key: StateKey): StateValue | null;
  /**
   * The resource and module keys that may hold a value under an address (a superset, possibly
   * with repeats: callers read each). Optional: a reader that cannot list them (a test's map) leaves callers to probe
   * the keys they expect, e.g. every member type of a resource group.
   */
  keysOf?(address: LongAddress): Iterable<StateKey>;
}

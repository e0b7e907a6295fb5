/**
 * The input of the shared result views: a transaction shaped as the node's REST API returns it.
 *
 * A committed `UserTransactionResponse` from `@aptos-labs/ts-sdk` (or `GET /v1/transactions/by_hash`)
 * is assignable as is; so is a simulation result (`POST /v1/transactions/simulate`, which has no
 * meaningful `hash`/`version`). Fields a source lacks are optional, and the views say "not known".
 */
export interface NodeTransaction {
  /** `user_transaction`, `pending_transaction`, … (only user transactions have every field). */
  type?: string;
  /** `0x…` hash; a simulation's is not the one the chain will give, so pass `undefined` there. */
  hash?: string;
  /** Ledger version, u64 decimal string; absent for a simulation. */
  version?: string;
  success: boolean;
  /** `Executed successfully`, `Move abort in 0x1::coin: …`, `Out of gas`, … */
  vm_status: string;
  /** Gas units, u64 decimal string. */
  gas_used: string;
  /** Octas per gas unit, u64 decimal string. */
  gas_unit_price?: string;
  max_gas_amount?: string;
  sender?: string;
  sequence_number?: string;
  expiration_timestamp_secs?: string;
  /** Block timestamp, µs, u64 decimal string (committed only). */
  timestamp?: string;
  /** The payload in its JSON form (`entry_function_payload`: `function`, `type_arguments`, `arguments`). */
  payload?: unknown;
  /** The events, each `{ guid, sequence_number, type, data }`. */
  events: readonly unknown[];
  /** The node's signature JSON (`fee_payer_signature` names the fee payer), when known. */
  signature?: unknown;
  /** The write set, each `{ type: 'write_resource' | 'delete_resource' | 'write_table_item' | …, … }`. */
  changes: readonly unknown[];
}

/** One step's duration, as the Timings tab lists it. */
export interface TimingRow {
  /** The step (`building`, `simulating`, `signing`, `submitting`, `waiting`, …). */
  step: string;
  ms: number;
}

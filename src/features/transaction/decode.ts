import type { JsonValue } from '../../../machines';
import { formatApt, unitsText } from '../../format/amounts';
import {
  assetChanges,
  balanceChanges,
  type AssetChange,
  type BalanceChange,
} from '../../../replay/balanceChanges';
import { formatSignedOctas, gasFee } from './gasFee';
import type { NodeTransaction } from './types';

type JsonObject = { [key: string]: JsonValue };

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;
}

const UNSIGNED = /^\d+$/;

/**
 * A Move type without its addresses: `0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>` →
 * `coin::CoinStore<aptos_coin::AptosCoin>`. The full form belongs in a `title`.
 */
export function shortType(type: string): string {
  return type.replace(/0x[0-9a-fA-F]+::/g, '');
}

/** A value as one line: strings as they are, anything else as compact JSON. */
export function valueText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  return JSON.stringify(value);
}

/** One field of a decoded Move value (`amount` = `10000000`). */
export interface DecodedField {
  name: string;
  value: string;
}

/** The top-level fields of a decoded Move struct, each as one line. */
export function decodedFields(data: unknown): DecodedField[] {
  if (!isObject(data)) return data === undefined ? [] : [{ name: 'value', value: valueText(data) }];
  return Object.entries(data).map(([name, value]) => ({ name, value: valueText(value) }));
}

/** One event as the Events table shows it. */
export interface EventRow {
  index: number;
  /** Full type, e.g. `0x1::fungible_asset::Withdraw`. */
  type: string;
  /** The event handle's account (`guid.account_address`); `0x0` for module events. */
  account: string | null;
  sequenceNumber: string | null;
  fields: DecodedField[];
  /** The whole event as JSON, for copy. */
  json: string;
}

/** The events of a transaction as table rows, in emission order. */
export function eventRows(events: readonly unknown[]): EventRow[] {
  return events.map((event, index) => {
    const object = isObject(event) ? event : {};
    const guid = isObject(object.guid) ? object.guid : {};
    return {
      index,
      type: text(object.type) ?? 'event',
      account: text(guid.account_address),
      sequenceNumber: text(object.sequence_number),
      fields: decodedFields(object.data),
      json: JSON.stringify(event, null, 2),
    };
  });
}

/** One write-set change as the Write set table shows it. */
export interface WriteSetRow {
  index: number;
  /** `write_resource`, `delete_resource`, `write_table_item`, `delete_table_item`, `write_module`, … */
  kind: string;
  /** The account (resources, modules) or `table 0x…` (table items). */
  target: string;
  /** The resource's full type, the table key, or the module's name; `null` when none. */
  type: string | null;
  fields: DecodedField[];
  json: string;
}

/** The write set as table rows, in the node's order. */
export function writeSetRows(changes: readonly unknown[]): WriteSetRow[] {
  return changes.map((change, index) => {
    const object = isObject(change) ? change : {};
    const kind = text(object.type) ?? 'change';
    const data = isObject(object.data) ? object.data : null;
    const address = text(object.address);
    const handle = text(object.handle);
    let type: string | null = null;
    let fields: DecodedField[] = [];
    if (kind === 'write_resource' && data) {
      type = text(data.type);
      fields = decodedFields(data.data);
    } else if (kind === 'delete_resource') {
      type = text(object.resource);
    } else if (kind === 'write_table_item' || kind === 'delete_table_item') {
      const key = data ? data.key : object.key;
      type =
        data && text(data.key_type) ? `${text(data.key_type)} → ${text(data.value_type)}` : null;
      fields = [{ name: 'key', value: valueText(key) }];
      if (kind === 'write_table_item')
        fields.push({ name: 'value', value: valueText(data ? data.value : object.value) });
    } else if (kind === 'write_module' && data) {
      const abi = isObject(data.abi) ? data.abi : null;
      type = abi ? `module ${text(abi.name) ?? ''}` : 'module';
    }
    return {
      index,
      kind,
      target: handle !== null ? `table ${handle}` : (address ?? ''),
      type,
      fields,
      json: JSON.stringify(change, null, 2),
    };
  });
}

/** The fee split a `0x1::transaction_fee::FeeStatement` event reports, priced in octas. */
export interface FeeBreakdown {
  gasUnitPrice: string;
  totalGasUnits: string;
  executionGasUnits: string;
  ioGasUnits: string;
  /** Storage fee, octas (charged as gas units = ceil(octas / price)). */
  storageFeeOctas: string;
  /** Storage refunded for freed slots, octas. */
  storageFeeRefundOctas: string;
  /** Execution gas units × price. */
  executionOctas: string;
  /** IO gas units × price. */
  ioOctas: string;
  /** Total gas units × price: what was charged. */
  totalOctas: string;
  /** Charged minus refund: what the payer is down by. */
  netOctas: string;
}

export const FEE_STATEMENT = '0x1::transaction_fee::FeeStatement';

/**
 * The fee split from a transaction's `0x1::transaction_fee::FeeStatement` event: execution and IO
 * gas (units × price), the storage fee and the storage refund (octas), total and net.
 *
 * @returns the split, or `null` when there is no FeeStatement or no gas unit price.
 * @example
 * ```ts
 * feeBreakdown({ events: [{ type: FEE_STATEMENT, data: { total_charge_gas_units: '9', execution_gas_units: '4', io_gas_units: '5', storage_fee_octas: '0', storage_fee_refund_octas: '0' } }] }, '100');
 * // { totalOctas: '900', executionOctas: '400', ioOctas: '500', … }
 * ```
 */
export function feeBreakdown(
  transaction: Pick<NodeTransaction, 'events'>,
  gasUnitPrice: string | null | undefined,
): FeeBreakdown | null {
  if (gasUnitPrice == null || !UNSIGNED.test(gasUnitPrice)) return null;
  const event = transaction.events.find(
    (candidate) => isObject(candidate) && candidate.type === FEE_STATEMENT,
  );
  if (!isObject(event) || !isObject(event.data)) return null;
  const data = event.data;
  const read = (name: string): bigint | null => {
    const value = text(data[name]);
    return value !== null && UNSIGNED.test(value) ? BigInt(value) : null;
  };
  const total = read('total_charge_gas_units');
  const execution = read('execution_gas_units');
  const io = read('io_gas_units');
  const storage = read('storage_fee_octas');
  const refund = read('storage_fee_refund_octas') ?? 0n;
  if (total === null || execution === null || io === null || storage === null) return null;
  const price = BigInt(gasUnitPrice);
  const totalOctas = total * price;
  return {
    gasUnitPrice: price.toString(),
    totalGasUnits: total.toString(),
    executionGasUnits: execution.toString(),
    ioGasUnits: io.toString(),
    storageFeeOctas: storage.toString(),
    storageFeeRefundOctas: refund.toString(),
    executionOctas: (execution * price).toString(),
    ioOctas: (io * price).toString(),
    totalOctas: totalOctas.toString(),
    netOctas: (totalOctas - refund).toString(),
  };
}

/** The fee payer a node transaction's `fee_payer_signature` names, if any. */
export function feePayerOf(transaction: NodeTransaction): string | undefined {
  const { signature } = transaction;
  if (typeof signature !== 'object' || signature === null) return undefined;
  const record = signature as { type?: unknown; fee_payer_address?: unknown };
  return record.type === 'fee_payer_signature' && typeof record.fee_payer_address === 'string'
    ? record.fee_payer_address
    : undefined;
}

/** Who and what moved in a node-shaped transaction, as the balance readers take it. */
interface NodeMovesOptions {
  sender?: string;
  /** A sponsored transaction's fee payer; else read from the transaction's signature. */
  feePayer?: string | undefined;
  candidates?: readonly string[];
}

function nodeMoves(transaction: NodeTransaction, options: NodeMovesOptions) {
  const sender = options.sender ?? transaction.sender;
  if (!sender) return null;
  return {
    feePayer: options.feePayer ?? feePayerOf(transaction),
    // Node JSON: events and changes came from JSON, so they are JSON values.
    events: transaction.events as readonly JsonValue[],
    changes: transaction.changes as readonly JsonValue[],
    sender,
    candidates: options.candidates ?? [],
  };
}

/** APT balance changes of a node-shaped transaction (see {@link balanceChanges}). */
export function transactionBalanceChanges(
  transaction: NodeTransaction,
  options: NodeMovesOptions & { gasUnitPrice?: string | null } = {},
): BalanceChange[] {
  const moves = nodeMoves(transaction, options);
  if (!moves) return [];
  return balanceChanges({
    ...moves,
    gasUsed: transaction.gas_used,
    gasUnitPrice: options.gasUnitPrice ?? transaction.gas_unit_price ?? null,
  });
}

/** Balance changes of other assets in a node-shaped transaction (see {@link assetChanges}). */
export function transactionAssetChanges(
  transaction: NodeTransaction,
  options: NodeMovesOptions = {},
): AssetChange[] {
  const moves = nodeMoves(transaction, options);
  return moves ? assetChanges(moves) : [];
}

/** One row of the simulated → committed diff. */
export interface DiffRow {
  field: string;
  simulated: string;
  committed: string;
  same: boolean;
}

function balanceText(changes: readonly BalanceChange[], account: string): string {
  const change = changes.find((candidate) => candidate.account === account);
  return change ? `${formatSignedOctas(change.deltaOctas)} APT` : '0 APT';
}

/**
 * What differs between a simulation and the committed transaction: VM status, success, gas used,
 * fee, each account's balance change, the events count and the write-set size.
 *
 * @example
 * ```ts
 * outcomeDiff(simulated, committed).filter((row) => !row.same); // [{ field: 'Gas used', simulated: '9', committed: '11', same: false }]
 * ```
 */
export function outcomeDiff(
  simulated: NodeTransaction,
  committed: NodeTransaction,
  options: {
    sender?: string;
    feePayer?: string | undefined;
    gasUnitPrice?: string | null;
    candidates?: readonly string[];
  } = {},
): DiffRow[] {
  const price =
    options.gasUnitPrice ?? committed.gas_unit_price ?? simulated.gas_unit_price ?? null;
  const fee = (transaction: NodeTransaction) => {
    const computed = gasFee({ gasUsed: transaction.gas_used, gasUnitPrice: price });
    return computed ? formatApt(computed.feeOctas) : 'not known';
  };
  const row = (field: string, simulatedValue: string, committedValue: string): DiffRow => ({
    field,
    simulated: simulatedValue,
    committed: committedValue,
    same: simulatedValue === committedValue,
  });
  const rows: DiffRow[] = [
    row(
      'Status',
      simulated.success ? 'Success' : 'Failed',
      committed.success ? 'Success' : 'Failed',
    ),
    row('VM status', simulated.vm_status, committed.vm_status),
    row('Gas used', simulated.gas_used, committed.gas_used),
    row('Fee', fee(simulated), fee(committed)),
  ];
  const balanceOptions = { ...options, gasUnitPrice: price };
  const simulatedChanges = transactionBalanceChanges(simulated, balanceOptions);
  const committedChanges = transactionBalanceChanges(committed, balanceOptions);
  const accounts = [
    ...new Set([...simulatedChanges, ...committedChanges].map((change) => change.account)),
  ];
  const short = (value: string) =>
    value.length > 18 ? `${value.slice(0, 8)}…${value.slice(-6)}` : value;
  for (const account of accounts) {
    rows.push(
      row(
        `Balance ${short(account)}`,
        balanceText(simulatedChanges, account),
        balanceText(committedChanges, account),
      ),
    );
  }
  const simulatedAssets = transactionAssetChanges(simulated, options);
  const committedAssets = transactionAssetChanges(committed, options);
  const unitsOf = (changes: readonly AssetChange[], key: string) =>
    unitsText(changes.find((change) => `${change.asset} ${change.account}` === key)?.delta ?? '0');
  const assetKeys = new Map(
    [...simulatedAssets, ...committedAssets].map((change) => [
      `${change.asset} ${change.account}`,
      `Balance ${short(change.account)} of ${short(change.asset)}`,
    ]),
  );
  for (const [key, field] of assetKeys) {
    rows.push(row(field, unitsOf(simulatedAssets, key), unitsOf(committedAssets, key)));
  }
  rows.push(
    row('Events', String(simulated.events.length), String(committed.events.length)),
    row('Write set', `${simulated.changes.length} changes`, `${committed.changes.length} changes`),
  );
  return rows;
}

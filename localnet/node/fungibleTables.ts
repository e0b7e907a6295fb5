/**
 * The indexer's fungible asset rows for assets other than APT (`0xa`, whose rows stay in
 * `indexer.ts`): metadata objects and stores found in the ledger's writes, read from current state.
 */
import type { LongAddress } from '../encoding.ts';
import { parseAddress } from '../encoding.ts';
import {
  APT_METADATA_ADDRESS,
  FUNGIBLE_STORE_TYPE,
  OBJECT_CORE_TYPE,
  primaryStoreAddressOf,
  storeBalance,
} from '../framework/assets.ts';
import type { Ledger } from '../storage/ledger.ts';
import type { ResourceValue, StateReader } from '../storage/types.ts';
import { resourceKey } from '../storage/types.ts';
import { indexerNumber, indexerTime, type JsonObject } from './objectTables.ts';

const METADATA_TYPE = '0x1::fungible_asset::Metadata';

const long = (address: string): LongAddress => parseAddress(address) ?? (address as LongAddress);

function resource(reader: StateReader, address: LongAddress, type: string) {
  const value = reader.get(resourceKey(address, type));
  return value !== null && value.kind === 'resource' ? (value as ResourceValue) : null;
}

/** Metadata objects (with the version that created them) and stores any transaction wrote. */
export function written(ledger: Ledger): {
  metadata: Map<LongAddress, number>;
  stores: Set<LongAddress>;
} {
  const metadata = new Map<LongAddress, number>();
  const stores = new Set<LongAddress>();
  for (const record of ledger.userRecords()) {
    for (const write of record.output.writes) {
      const [kind, address, type] = write.key.split('|');
      if (kind !== 'r' || address === undefined) continue;
      if (type === METADATA_TYPE && !metadata.has(address as LongAddress)) {
        metadata.set(address as LongAddress, record.version);
      }
      if (type === FUNGIBLE_STORE_TYPE) stores.add(address as LongAddress);
    }
  }
  return { metadata, stores };
}

/** A `fungible_asset_metadata` row of a v2 asset, or `null` when it has no metadata now. */
function metadataRow(reader: StateReader, ledger: Ledger, address: LongAddress, version: number) {
  const metadata = resource(reader, address, METADATA_TYPE);
  if (metadata === null) return null;
  const data = metadata.data as Record<string, string | number>;
  const owner = resource(reader, address, OBJECT_CORE_TYPE)?.data.owner;
  return {
    token_standard: 'v2',
    symbol: data.symbol,
    supply_aggregator_table_key_v1: null,
    supply_aggregator_table_handle_v1: null,
    project_uri: data.project_uri,
    name: data.name,
    last_transaction_version: version,
    last_transaction_timestamp: indexerTime(ledger.timestampOf(version)),
    icon_uri: data.icon_uri,
    decimals: data.decimals,
    creator_address: typeof owner === 'string' ? long(owner) : null,
    asset_type: address,
    maximum_v2: null,
    supply_v2: null,
  } as JsonObject;
}

/** `fungible_asset_metadata` rows of every asset but APT. */
export function fungibleMetadataRows(ledger: Ledger): JsonObject[] {
  const reader = ledger.reader();
  const rows: JsonObject[] = [];
  for (const [address, version] of written(ledger).metadata) {
    const row =
      address === APT_METADATA_ADDRESS ? null : metadataRow(reader, ledger, address, version);
    if (row !== null) rows.push(row);
  }
  return rows;
}

/**
 * The v2 asset a store holds, for an activity row: its `asset_type` and metadata row, or `null`
 * for APT or a store that no longer exists (the caller's APT row then).
 */
export function storeAsset(
  ledger: Ledger,
  reader: StateReader,
  store: LongAddress,
  created: ReadonlyMap<LongAddress, number>,
): { assetType: LongAddress; metadata: JsonObject | null } | null {
  const found = resource(reader, store, FUNGIBLE_STORE_TYPE);
  if (found === null) return null;
  const metadata = long((found.data.metadata as { inner: string }).inner);
  if (metadata === APT_METADATA_ADDRESS) return null;
  return {
    assetType: metadata,
    metadata: metadataRow(reader, ledger, metadata, created.get(metadata) ?? 0),
  };
}

/** `current_fungible_asset_balances` rows of an owner's stores of assets other than APT. */
export function fungibleBalanceRows(ledger: Ledger, owner: LongAddress): JsonObject[] {
  const reader = ledger.reader();
  const { metadata: created, stores } = written(ledger);
  const version = ledger.versionsOfSender(owner).at(-1) ?? ledger.version;
  const rows: JsonObject[] = [];
  for (const store of stores) {
    const found = resource(reader, store, FUNGIBLE_STORE_TYPE);
    const core = resource(reader, store, OBJECT_CORE_TYPE);
    if (found === null || core === null || long(core.data.owner as string) !== owner) continue;
    const metadata = long((found.data.metadata as { inner: string }).inner);
    if (metadata === APT_METADATA_ADDRESS) continue;
    rows.push({
      amount: indexerNumber(storeBalance(reader, store)),
      asset_type: metadata,
      is_frozen: found.data.frozen === true,
      is_primary: store === primaryStoreAddressOf(owner, metadata),
      last_transaction_timestamp: indexerTime(ledger.timestampOf(version)),
      last_transaction_version: version,
      owner_address: owner,
      storage_id: store,
      token_standard: 'v2',
      metadata: metadataRow(reader, ledger, metadata, created.get(metadata) ?? 0),
    });
  }
  return rows;
}

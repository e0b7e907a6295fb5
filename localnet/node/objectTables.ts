// The indexer's object and token tables (`current_objects`, the `0x4` collections, token datas,
// ownerships and activities, `table_items`), derived from the ledger's write sets in one pass.
// Split from indexer.ts, which keeps the account, coin and key tables.

import type { Json } from '../encoding.ts';
import { parseAddress, shortAddress } from '../encoding.ts';
import { decodeSignedTransaction } from '../executor/decode.ts';
import { OBJECT_CORE_TYPE } from '../framework/assets.ts';
import { propertiesJson } from '../framework/modules/propertyMap.ts';
import type { Ledger } from '../storage/ledger.ts';
import type { ResourceValue, WriteOp } from '../storage/types.ts';

export type JsonObject = { [key: string]: Json };

/** The object and token tables, built together from one walk of the ledger. */
export interface ObjectTables {
  currentObjects: JsonObject[];
  collections: JsonObject[];
  tokenDatas: JsonObject[];
  ownerships: JsonObject[];
  activities: JsonObject[];
  tableItems: JsonObject[];
  collectionOwnerships: JsonObject[];
}

/**
 * Hasura prints `bigint` and `numeric` columns as JSON numbers (the real indexer's `amount` is
 * `100000000`, not `"100000000"`); past 2^53 they lose precision there too.
 */
export const indexerNumber = (value: bigint): number => Number(value);

/** The indexer's timestamp form: ISO 8601 without the zone. */
export const indexerTime = (micros: bigint) =>
  new Date(Number(micros / 1000n)).toISOString().replace('Z', '');

interface Touch {
  version: number;
  timestamp: string;
}

interface ObjectState extends Touch {
  /** Resources at the object's address by type (the last value written; `null` once deleted). */
  resources: Map<string, ResourceValue | null>;
}

const long = (address: string): string => parseAddress(address) ?? address;
const dataOf = (state: ObjectState, type: string) => state.resources.get(type)?.data ?? null;

const COLLECTION = '0x4::collection::Collection';
const SUPPLY = '0x4::collection::ConcurrentSupply';
const APTOS_COLLECTION = '0x4::aptos_token::AptosCollection';
const TOKEN = '0x4::token::Token';
/** A token's name and index as a node keeps them (`Token.name` is deprecated and empty). */
const TOKEN_IDENTIFIERS = '0x4::token::TokenIdentifiers';
const PROPERTY_MAP = '0x4::property_map::PropertyMap';
const TOKEN_EVENTS = new Set([
  '0x4::collection::Mint',
  '0x4::collection::Burn',
  '0x4::token::Mutation',
  '0x1::object::Transfer',
]);

function aggregatorValue(supply: JsonObject | null, field: string): number | null {
  const aggregator = supply?.[field];
  if (aggregator === null || aggregator === undefined || typeof aggregator !== 'object')
    return null;
  const { value } = aggregator as JsonObject;
  return typeof value === 'string' ? indexerNumber(BigInt(value)) : null;
}

function collectionRow(address: string, state: ObjectState): JsonObject | null {
  const collection = dataOf(state, COLLECTION);
  if (collection === null) return null;
  const supply = dataOf(state, SUPPLY);
  const flags = dataOf(state, APTOS_COLLECTION);
  const max = supply?.current_supply as JsonObject | undefined;
  return {
    collection_id: address,
    collection_name: collection.name ?? null,
    creator_address: long(String(collection.creator)),
    current_supply: aggregatorValue(supply, 'current_supply') ?? 0,
    description: collection.description ?? null,
    last_transaction_timestamp: state.timestamp,
    last_transaction_version: state.version,
    max_supply: max === undefined ? null : indexerNumber(BigInt(String(max.max_value))),
    mutable_description: flags?.mutable_description ?? null,
    mutable_uri: flags?.mutable_uri ?? null,
    table_handle_v1: null,
    token_standard: 'v2',
    total_minted_v2: aggregatorValue(supply, 'total_minted'),
    uri: collection.uri ?? null,
    cdn_asset_uris: null,
  };
}

/** The indexer's object, token and table-item tables, from genesis and every user transaction. */
export function buildObjectTables(ledger: Ledger): ObjectTables {
  const objects = new Map<string, ObjectState>();
  const tokenOwners = new Map<string, Map<string, Touch & { amount: number }>>();
  const activities: JsonObject[] = [];
  const tableItems: JsonObject[] = [];
  const currentOwner = new Map<string, string>();

  const apply = (writes: readonly WriteOp[], touch: Touch) => {
    const touched = new Set<string>();
    writes.forEach((write, index) => {
      const value = write.value ?? write.previous;
      if (value === null) return;
      if (value.kind === 'table_item') {
        if (write.value !== null)
          tableItems.push({
            decoded_key: value.decodedKey,
            decoded_value: value.decodedValue,
            key: value.key,
            table_handle: value.handle,
            transaction_version: touch.version,
            write_set_change_index: index,
          });
        return;
      }
      // Published modules are not objects; the indexer's object tables leave them out.
      if (value.kind === 'module') return;
      let state = objects.get(value.address);
      if (state === undefined) {
        state = { ...touch, resources: new Map() };
        objects.set(value.address, state);
      }
      state.version = touch.version;
      state.timestamp = touch.timestamp;
      // A deleted token keeps its last data (the indexer keeps burned tokens' rows).
      // `value` is a resource here, so the write (when not a deletion) is too.
      if (write.value !== null || (value.type !== TOKEN && value.type !== TOKEN_IDENTIFIERS))
        state.resources.set(value.type, write.value as ResourceValue | null);
      touched.add(value.address);
    });
    for (const address of touched) {
      const state = objects.get(address);
      if (state === undefined || !state.resources.has(TOKEN)) continue;
      const core = state.resources.get(OBJECT_CORE_TYPE) ?? null;
      const owner = core === null ? null : long(String(core.data.owner));
      const previous = currentOwner.get(address);
      let owners = tokenOwners.get(address);
      if (owners === undefined) {
        owners = new Map();
        tokenOwners.set(address, owners);
      }
      if (previous !== undefined && previous !== owner)
        owners.set(previous, { ...touch, amount: 0 });
      if (owner !== null) {
        owners.set(owner, { ...touch, amount: 1 });
        currentOwner.set(address, owner);
      } else currentOwner.delete(address);
    }
  };

  const genesis = ledger.record(ledger.firstVersion);
  if (genesis.kind === 'genesis') apply(genesis.writes, { version: 0, timestamp: indexerTime(0n) });
  for (const record of ledger.userRecords()) {
    const touch = { version: record.version, timestamp: indexerTime(record.timestamp) };
    apply(record.output.writes, touch);
    const tokenEvents = record.output.events.filter((event) => TOKEN_EVENTS.has(event.type));
    if (tokenEvents.length === 0) continue;
    const entry = decodeSignedTransaction(record.bytes).entry;
    const entryFunction =
      entry === null
        ? null
        : `${shortAddress(entry.module)}::${entry.moduleName}::${entry.functionName}`;
    record.output.events.forEach((event, index) => {
      if (!TOKEN_EVENTS.has(event.type)) return;
      const data = event.data;
      const token = long(String(data.token ?? data.token_address ?? data.object));
      if (event.type === '0x1::object::Transfer' && !objects.get(token)?.resources.has(TOKEN))
        return;
      const mutation = event.type === '0x4::token::Mutation';
      activities.push({
        after_value: mutation ? (data.new_value ?? null) : null,
        before_value: mutation ? (data.old_value ?? null) : null,
        entry_function_id_str: entryFunction,
        event_account_address: token,
        event_index: index,
        from_address:
          event.type === '0x4::collection::Mint'
            ? record.sender
            : event.type === '0x4::collection::Burn'
              ? long(String(data.previous_owner))
              : event.type === '0x1::object::Transfer'
                ? long(String(data.from))
                : null,
        is_fungible_v2: null,
        property_version_v1: 0,
        to_address: event.type === '0x1::object::Transfer' ? long(String(data.to)) : null,
        token_amount: 1,
        token_data_id: token,
        token_standard: 'v2',
        transaction_timestamp: touch.timestamp,
        transaction_version: record.version,
        type: event.type,
      });
    });
  }

  const currentObjects: JsonObject[] = [];
  const collections = new Map<string, JsonObject>();
  for (const [address, state] of objects) {
    const core = state.resources.get(OBJECT_CORE_TYPE);
    if (core !== undefined) {
      const last = core ?? null;
      currentObjects.push({
        allow_ungated_transfer: last?.data.allow_ungated_transfer ?? false,
        is_deleted: last === null,
        last_guid_creation_num:
          last === null ? 0 : indexerNumber(BigInt(String(last.data.guid_creation_num))),
        last_transaction_version: state.version,
        object_address: address,
        owner_address: last === null ? null : long(String(last.data.owner)),
        state_key_hash: address,
      });
    }
    const collection = collectionRow(address, state);
    if (collection !== null) collections.set(address, collection);
  }

  const tokenDatas = new Map<string, JsonObject>();
  for (const [address, state] of objects) {
    const token = dataOf(state, TOKEN);
    if (token === null) continue;
    const collectionId = long(String((token.collection as JsonObject).inner));
    tokenDatas.set(address, {
      collection_id: collectionId,
      description: token.description ?? null,
      is_fungible_v2: false,
      largest_property_version_v1: null,
      last_transaction_timestamp: state.timestamp,
      last_transaction_version: state.version,
      maximum: null,
      supply: null,
      token_data_id: address,
      token_name:
        (dataOf(state, TOKEN_IDENTIFIERS)?.name as JsonObject | undefined)?.value ??
        token.name ??
        null,
      token_properties: propertiesJson(state.resources.get(PROPERTY_MAP) ?? null),
      token_standard: 'v2',
      token_uri: token.uri ?? null,
      decimals: 0,
      current_collection: collections.get(collectionId) ?? null,
    });
  }

  const ownerships: JsonObject[] = [];
  for (const [address, owners] of tokenOwners) {
    const core = objects.get(address)?.resources.get(OBJECT_CORE_TYPE) ?? null;
    for (const [owner, touch] of owners) {
      const soulbound = core !== null && core.data.allow_ungated_transfer !== true;
      ownerships.push({
        token_standard: 'v2',
        token_properties_mutated_v1: null,
        token_data_id: address,
        table_type_v1: null,
        storage_id: address,
        property_version_v1: 0,
        owner_address: owner,
        last_transaction_version: touch.version,
        last_transaction_timestamp: touch.timestamp,
        is_soulbound_v2: touch.amount > 0 ? soulbound : null,
        is_fungible_v2: false,
        non_transferrable_by_owner: touch.amount > 0 ? soulbound : null,
        amount: touch.amount,
        current_token_data: tokenDatas.get(address) ?? null,
      });
    }
  }

  // The view: per owner and collection, the tokens held now (amount > 0).
  const byOwnerCollection = new Map<string, JsonObject>();
  for (const row of ownerships) {
    const data = row.current_token_data as JsonObject | null;
    if (row.amount === 0 || data === null) continue;
    const collection = data.current_collection as JsonObject | null;
    const key = `${String(row.owner_address)}|${String(data.collection_id)}`;
    const seen = byOwnerCollection.get(key);
    const version = Number(row.last_transaction_version);
    byOwnerCollection.set(key, {
      collection_id: data.collection_id ?? null,
      collection_name: collection?.collection_name ?? null,
      collection_uri: collection?.uri ?? null,
      creator_address: collection?.creator_address ?? null,
      distinct_tokens: Number(seen?.distinct_tokens ?? 0) + 1,
      last_transaction_version: Math.max(version, Number(seen?.last_transaction_version ?? 0)),
      owner_address: row.owner_address ?? null,
      single_token_uri:
        seen === undefined ? (data.token_uri ?? null) : (seen.single_token_uri ?? null),
      current_collection: collection,
    });
  }

  return {
    collectionOwnerships: [...byOwnerCollection.values()],
    currentObjects,
    collections: [...collections.values()],
    tokenDatas: [...tokenDatas.values()],
    ownerships,
    activities,
    tableItems,
  };
}

import {
  AccountAuthenticatorMultiEd25519,
  AccountAuthenticatorMultiKey,
  anyPublicKeyVariantToString,
  type AccountAuthenticator,
} from '@aptos-labs/ts-sdk';
import type { Json, LongAddress } from '../encoding.ts';
import { authenticationKeyOf } from '../executor/signatures.ts';
import { parseAddress, shortAddress, toHex } from '../encoding.ts';
import { decodeSignedTransaction } from '../executor/decode.ts';
import {
  aptBalance,
  APTOS_COIN_TYPE,
  OBJECT_CORE_TYPE,
  primaryStoreAddress,
  SUPPLY_TABLE_HANDLE,
} from '../framework/assets.ts';
import { ORIGINATING_ADDRESS_HANDLE } from '../framework/genesis.ts';
import { propertiesJson } from '../framework/modules/propertyMap.ts';
import type { Ledger } from '../storage/ledger.ts';
import type { ResourceValue, WriteOp } from '../storage/types.ts';
import { resourceKey } from '../storage/types.ts';

type JsonObject = { [key: string]: Json };

/** The derived tables `LocalNode.indexerTable` serves. */
export type IndexerTable =
  | 'fungible_asset_metadata'
  | 'fungible_asset_activities'
  | 'ledger_infos'
  | 'user_transactions'
  | 'account_transactions'
  | 'table_metadatas'
  | 'auth_key_account_addresses'
  | 'public_key_auth_keys'
  | 'current_objects'
  | 'current_collections_v2'
  | 'current_token_datas_v2'
  | 'current_token_ownerships_v2'
  | 'token_activities_v2'
  | 'current_collection_ownership_v2_view'
  | 'table_items';

/** Every processor the ts-sdk waits on (its `ProcessorType`), always caught up here. */
export const PROCESSORS = [
  'account_restoration_processor',
  'account_transactions_processor',
  'default_processor',
  'events_processor',
  'fungible_asset_processor',
  'stake_processor',
  'token_v2_processor',
  'user_transaction_processor',
  'objects_processor',
];

/**
 * Hasura prints `bigint` and `numeric` columns as JSON numbers (the real indexer's `amount` is
 * `100000000`, not `"100000000"`); past 2^53 they lose precision there too.
 */
export const indexerNumber = (value: bigint): number => Number(value);

/** The indexer's timestamp form: ISO 8601 without the zone. */
const indexerTime = (micros: bigint) =>
  new Date(Number(micros / 1000n)).toISOString().replace('Z', '');

const FRAMEWORK_LONG = '0x0000000000000000000000000000000000000000000000000000000000000001';
const APT_FA_LONG = '0x000000000000000000000000000000000000000000000000000000000000000a';

/** APT's `fungible_asset_metadata` row: as a coin (v1) or as its fungible asset `0xa` (v2). */
function aptMetadataRow(standard: 'v1' | 'v2'): JsonObject {
  return {
    token_standard: standard,
    symbol: 'APT',
    supply_aggregator_table_key_v1: null,
    supply_aggregator_table_handle_v1: null,
    project_uri: standard === 'v1' ? null : '',
    name: 'Aptos Coin',
    last_transaction_version: 0,
    last_transaction_timestamp: '1970-01-01T00:00:00',
    icon_uri: standard === 'v1' ? null : '',
    decimals: 8,
    creator_address: FRAMEWORK_LONG,
    asset_type: standard === 'v1' ? APTOS_COIN_TYPE : APT_FA_LONG,
    maximum_v2: null,
    supply_v2: null,
  };
}

/** The indexer's tables, derived from the ledger (indexing is synchronous here). */
export class Indexer {
  constructor(private readonly ledger: Ledger) {}

  /** Every processor, always caught up with the ledger. */
  processorStatus(): Array<{
    processor: string;
    last_success_version: number;
    last_updated: string;
  }> {
    const lastUpdated = indexerTime(this.ledger.latestTimestamp);
    return PROCESSORS.map((processor) => ({
      processor,
      last_success_version: this.ledger.version,
      last_updated: lastUpdated,
    }));
  }

  /** `ledger_infos`: the chain id. */
  ledgerInfos(): JsonObject[] {
    return [{ chain_id: 4 }];
  }

  /** `user_transactions` rows, oldest first (numbers for bigint columns, as Hasura prints them). */
  userTransactions(): JsonObject[] {
    const rows: JsonObject[] = [];
    for (const record of this.ledger.userRecords()) {
      rows.push({
        version: record.version,
        block_height: record.blockHeight,
        sender: record.sender,
        sequence_number: indexerNumber(record.sequenceNumber),
        timestamp: indexerTime(record.timestamp),
      });
    }
    return rows;
  }

  /**
   * `account_transactions` rows: each user transaction under every account it touched, its sender
   * and the accounts whose `Account` resource or primary store it wrote (a payee, a funded account).
   */
  accountTransactions(): JsonObject[] {
    const rows: JsonObject[] = [];
    const reader = this.ledger.reader();
    for (const record of this.ledger.userRecords()) {
      const accounts = new Set<string>([record.sender]);
      for (const write of record.output.writes) {
        const [kind, address, type] = write.key.split('|');
        if (kind !== 'r' || address === undefined) continue;
        if (type === '0x1::account::Account') accounts.add(address);
        if (type === '0x1::fungible_asset::FungibleStore') {
          const core = reader.get(resourceKey(address as LongAddress, OBJECT_CORE_TYPE));
          const owner = core !== null && core.kind === 'resource' ? core.data.owner : undefined;
          if (typeof owner === 'string') accounts.add(parseAddress(owner) ?? owner);
        }
      }
      for (const account of accounts)
        rows.push({ account_address: account, transaction_version: record.version });
    }
    return rows;
  }

  /** `fungible_asset_metadata`: APT as a coin, then as its fungible asset. */
  fungibleAssetMetadata(): JsonObject[] {
    return [aptMetadataRow('v1'), aptMetadataRow('v2')];
  }

  /** `fungible_asset_activities`: APT withdrawals and deposits of user transactions, by event. */
  fungibleAssetActivities(): JsonObject[] {
    const rows: JsonObject[] = [];
    const reader = this.ledger.reader();
    for (const record of this.ledger.userRecords()) {
      record.output.events.forEach((event, index) => {
        if (
          event.type !== '0x1::fungible_asset::Deposit' &&
          event.type !== '0x1::fungible_asset::Withdraw'
        )
          return;
        const store = parseAddress(String(event.data.store)) ?? (event.data.store as LongAddress);
        const core = reader.get(resourceKey(store, OBJECT_CORE_TYPE));
        const owner = core !== null && core.kind === 'resource' ? core.data.owner : null;
        rows.push({
          transaction_version: record.version,
          event_index: index,
          owner_address: typeof owner === 'string' ? (parseAddress(owner) ?? owner) : null,
          storage_id: store,
          asset_type: APTOS_COIN_TYPE,
          amount: indexerNumber(BigInt(String(event.data.amount))),
          type: event.type,
          is_transaction_success: record.output.success,
          is_frozen: null,
          block_height: record.blockHeight,
          transaction_timestamp: indexerTime(record.timestamp),
          token_standard: 'v1',
          entry_function_id_str: null,
          gas_fee_payer_address: null,
          storage_refund_amount: 0,
          metadata: aptMetadataRow('v1'),
        });
      });
    }
    return rows;
  }

  /**
   * `auth_key_account_addresses`: each account's current authentication key, one row per account;
   * `is_auth_key_used` once the account sent a transaction under it (or rotated to it with proofs).
   * Like the real indexer, no row for an account created with its address as its key until it
   * rotates (or, for a multi-key account, signs).
   */
  authKeyAccountAddresses(): JsonObject[] {
    const rows = new Map<string, JsonObject>();
    const current = new Map<string, string>();
    const upsert = (address: string, authKey: string, version: number, used: boolean) => {
      // One row per account, its current key (a rotation replaces the row, as the indexer does).
      const row = rows.get(address);
      const sameKey = row?.auth_key === authKey;
      rows.set(address, {
        auth_key: authKey,
        account_address: address,
        last_transaction_version: version,
        is_auth_key_used: used || (sameKey && row?.is_auth_key_used === true),
      });
    };
    for (const record of this.ledger.userRecords()) {
      // A single-key account still under its original key (its address) gets no row: the SDK finds
      // it by deriving the address, and a row would list it twice. Multi-key senders and rotated
      // accounts do get one.
      const senderKey = current.get(record.sender) ?? record.sender;
      if (
        senderKey !== record.sender ||
        multiKeyMembers(decodeSignedTransaction(record.bytes).senderSigner.authenticator).length > 0
      )
        upsert(record.sender, senderKey, record.version, true);
      for (const write of record.output.writes) {
        const value = write.value;
        if (value === null || value.kind !== 'resource' || value.type !== '0x1::account::Account')
          continue;
        const authKey = String(value.data.authentication_key);
        // A new account's key is its address: the indexer learns of it only when it signs.
        if ((current.get(value.address) ?? value.address) === authKey) continue;
        current.set(value.address, authKey);
        // A rotation with proofs shows the new key's owner agreed: the key counts as used.
        const verified =
          decodeSignedTransaction(record.bytes).entry?.functionName === 'rotate_authentication_key';
        upsert(value.address, authKey, record.version, verified);
      }
    }
    return [...rows.values()];
  }

  /**
   * `public_key_auth_keys`: each key inside a multi-key (MultiEd25519 or MultiKey) authentication
   * key that signed a transaction, one row per (key, type, auth key); `is_public_key_used` once that
   * key's bit was set in a signature under it.
   */
  publicKeyAuthKeys(): JsonObject[] {
    const rows = new Map<string, JsonObject>();
    for (const record of this.ledger.userRecords()) {
      const tx = decodeSignedTransaction(record.bytes);
      const signers = [
        tx.senderSigner,
        ...tx.secondarySigners,
        ...(tx.feePayer === null ? [] : [tx.feePayer]),
      ];
      for (const signer of signers) {
        for (const member of multiKeyMembers(signer.authenticator)) {
          const key = `${member.public_key}|${member.public_key_type}|${member.auth_key}`;
          const used = member.used || rows.get(key)?.is_public_key_used === true;
          rows.set(key, {
            public_key: member.public_key,
            public_key_type: member.public_key_type,
            auth_key: member.auth_key,
            account_public_key: member.account_public_key,
            last_transaction_version: record.version,
            is_public_key_used: used,
            signature_type: member.signature_type,
          });
        }
      }
    }
    return [...rows.values()];
  }

  /** `current_objects` an account owns (its primary stores, its tokens, its collections). */
  ownedObjects(owner: LongAddress): JsonObject[] {
    return this.objects().currentObjects.filter((row) => row.owner_address === owner);
  }

  /** Any derived table by name. */
  table(name: IndexerTable): JsonObject[] {
    switch (name) {
      case 'ledger_infos':
        return this.ledgerInfos();
      case 'user_transactions':
        return this.userTransactions();
      case 'account_transactions':
        return this.accountTransactions();
      case 'table_metadatas':
        return this.tableMetadatas();
      case 'fungible_asset_metadata':
        return this.fungibleAssetMetadata();
      case 'fungible_asset_activities':
        return this.fungibleAssetActivities();
      case 'auth_key_account_addresses':
        return this.authKeyAccountAddresses();
      case 'public_key_auth_keys':
        return this.publicKeyAuthKeys();
      case 'table_items':
        return this.objects().tableItems;
      case 'current_objects':
        return this.objects().currentObjects;
      case 'current_collections_v2':
        return this.objects().collections;
      case 'current_token_datas_v2':
        return this.objects().tokenDatas;
      case 'current_token_ownerships_v2':
        return this.objects().ownerships;
      case 'token_activities_v2':
        return this.objects().activities;
      case 'current_collection_ownership_v2_view':
        return this.objects().collectionOwnerships;
    }
  }

  private cached: { key: string; tables: ObjectTables } | null = null;

  /** The object, token and table-item tables, rebuilt when the ledger moved (or was reverted). */
  private objects(): ObjectTables {
    const key = `${this.ledger.version}:${this.ledger.height}:${this.ledger.latestTimestamp}`;
    if (this.cached?.key !== key) this.cached = { key, tables: buildObjectTables(this.ledger) };
    return this.cached.tables;
  }

  /** `table_metadatas`: the tables genesis creates (APT's supply aggregator). */
  tableMetadatas(): JsonObject[] {
    return [
      {
        handle: SUPPLY_TABLE_HANDLE,
        key_type: 'address',
        value_type: 'u128',
      },
      {
        handle: ORIGINATING_ADDRESS_HANDLE,
        key_type: 'address',
        value_type: 'address',
      },
    ];
  }

  /** `current_fungible_asset_balances` rows of an owner (APT only). */
  fungibleAssetBalances(owner: LongAddress): JsonObject[] {
    const reader = this.ledger.reader();
    const store = reader.get(
      resourceKey(primaryStoreAddress(owner), '0x1::fungible_asset::FungibleStore'),
    );
    if (store === null) return [];
    // The indexer's "last transaction" of the store: the owner's last sent transaction (stores
    // also change when others pay in; close enough for balance lookups).
    const version = this.ledger.versionsOfSender(owner).at(-1) ?? this.ledger.version;
    const timestamp = this.ledger.timestampOf(version);
    return [
      {
        amount: indexerNumber(aptBalance(reader, owner)),
        asset_type: APTOS_COIN_TYPE,
        is_frozen: false,
        is_primary: true,
        last_transaction_timestamp: indexerTime(timestamp),
        last_transaction_version: version,
        owner_address: owner,
        storage_id: primaryStoreAddress(owner),
        token_standard: 'v1',
        metadata: aptMetadataRow('v1'),
      },
    ];
  }
}

interface ObjectTables {
  currentObjects: JsonObject[];
  collections: JsonObject[];
  tokenDatas: JsonObject[];
  ownerships: JsonObject[];
  activities: JsonObject[];
  tableItems: JsonObject[];
  collectionOwnerships: JsonObject[];
}

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
function buildObjectTables(ledger: Ledger): ObjectTables {
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
      if (write.value !== null || value.type !== TOKEN)
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

  const genesis = ledger.record(0);
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
      token_name: token.name ?? null,
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

/** Whether bit `index` of a multi-signature bitmap (most significant bit first) is set. */
const bitSet = (bitmap: Uint8Array, index: number): boolean =>
  ((bitmap[index >> 3] ?? 0) & (0x80 >> (index & 7))) !== 0;

/** The member keys of a multi-key authenticator, each with whether it signed. */
function multiKeyMembers(authenticator: AccountAuthenticator): Array<{
  public_key: string;
  public_key_type: string;
  auth_key: string;
  account_public_key: string;
  signature_type: string;
  used: boolean;
}> {
  const authKey = authenticationKeyOf(authenticator);
  if (authKey === null) return [];
  if (authenticator instanceof AccountAuthenticatorMultiEd25519) {
    const bitmap = authenticator.signature.bitmap;
    return authenticator.public_key.publicKeys.map((key, index) => ({
      public_key: key.toString(),
      public_key_type: 'ed25519',
      auth_key: authKey,
      account_public_key: toHex(authenticator.public_key.toUint8Array()),
      signature_type: 'multi_ed25519_signature',
      used: bitSet(bitmap, index),
    }));
  }
  if (authenticator instanceof AccountAuthenticatorMultiKey) {
    const bitmap = authenticator.signatures.bitmap;
    return authenticator.public_keys.publicKeys.map((key, index) => ({
      public_key: key.publicKey.toString(),
      public_key_type: anyPublicKeyVariantToString(key.variant),
      auth_key: authKey,
      account_public_key: toHex(authenticator.public_keys.bcsToBytes()),
      signature_type: 'multi_key_signature',
      used: bitSet(bitmap, index),
    }));
  }
  return [];
}

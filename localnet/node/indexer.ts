import {
  AccountAuthenticatorMultiEd25519,
  AccountAuthenticatorMultiKey,
  anyPublicKeyVariantToString,
  type AccountAuthenticator,
} from '@aptos-labs/ts-sdk';
import type { LongAddress } from '../encoding.ts';
import { authenticationKeyOf } from '../executor/signatures.ts';
import { parseAddress, toHex } from '../encoding.ts';
import { decodeSignedTransaction } from '../executor/decode.ts';
import {
  aptBalance,
  APTOS_COIN_TYPE,
  OBJECT_CORE_TYPE,
  primaryStoreAddress,
  SUPPLY_TABLE_HANDLE,
} from '../framework/assets.ts';
import { ORIGINATING_ADDRESS_HANDLE } from '../framework/genesis.ts';
import type { Ledger } from '../storage/ledger.ts';
import {
  fungibleBalanceRows,
  fungibleMetadataRows,
  storeAsset,
  written,
} from './fungibleTables.ts';
import {
  buildObjectTables,
  indexerNumber,
  indexerTime,
  type JsonObject,
  type ObjectTables,
} from './objectTables.ts';
import { resourceKey, type ChainEvent } from '../storage/types.ts';

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

  /** `fungible_asset_metadata`: APT as a coin, then as its fungible asset, then the others. */
  fungibleAssetMetadata(): JsonObject[] {
    return [aptMetadataRow('v1'), aptMetadataRow('v2'), ...fungibleMetadataRows(this.ledger)];
  }

  /**
   * `fungible_asset_activities`: withdrawals and deposits, by event: genesis's (root's balance,
   * the validator's stake) at version 0, then those of user transactions (APT as a v1 coin, other
   * assets by their metadata object).
   */
  fungibleAssetActivities(): JsonObject[] {
    const rows: JsonObject[] = [];
    const reader = this.ledger.reader();
    const created = written(this.ledger).metadata;
    const add = (
      events: readonly ChainEvent[],
      at: { version: number; blockHeight: number; timestamp: bigint; success: boolean },
    ) => {
      events.forEach((event, index) => {
        if (
          event.type !== '0x1::fungible_asset::Deposit' &&
          event.type !== '0x1::fungible_asset::Withdraw'
        )
          return;
        const store = parseAddress(String(event.data.store)) ?? (event.data.store as LongAddress);
        const core = reader.get(resourceKey(store, OBJECT_CORE_TYPE));
        const owner = core !== null && core.kind === 'resource' ? core.data.owner : null;
        const asset = storeAsset(this.ledger, reader, store, created);
        rows.push({
          transaction_version: at.version,
          event_index: index,
          owner_address: typeof owner === 'string' ? (parseAddress(owner) ?? owner) : null,
          storage_id: store,
          asset_type: asset?.assetType ?? APTOS_COIN_TYPE,
          amount: indexerNumber(BigInt(String(event.data.amount))),
          type: event.type,
          is_transaction_success: at.success,
          is_frozen: null,
          is_gas_fee: false,
          block_height: at.blockHeight,
          transaction_timestamp: indexerTime(at.timestamp),
          token_standard: asset === null ? 'v1' : 'v2',
          entry_function_id_str: null,
          gas_fee_payer_address: null,
          storage_refund_amount: 0,
          metadata: asset === null ? aptMetadataRow('v1') : asset.metadata,
        });
      });
    };
    // A fork starts at its fork point (no genesis here: its history is the upstream's).
    const genesis = this.ledger.record(this.ledger.firstVersion);
    if (genesis.kind === 'genesis')
      add(genesis.events, { version: 0, blockHeight: 0, timestamp: 0n, success: true });
    for (const record of this.ledger.userRecords()) {
      add(record.output.events, {
        version: record.version,
        blockHeight: record.blockHeight,
        timestamp: record.timestamp,
        success: record.output.success,
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

  /** `current_fungible_asset_balances` rows of an owner: APT's primary store, then other assets. */
  fungibleAssetBalances(owner: LongAddress): JsonObject[] {
    return [...this.aptBalanceRows(owner), ...fungibleBalanceRows(this.ledger, owner)];
  }

  private aptBalanceRows(owner: LongAddress): JsonObject[] {
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

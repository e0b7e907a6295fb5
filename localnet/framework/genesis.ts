import type { LongAddress } from '../encoding.ts';
import { sha3, shortAddress, toHex, utf8 } from '../encoding.ts';
import type { ChainEvent, ResourceValue, StateValue, WriteOp } from '../storage/types.ts';
import { resourceKey } from '../storage/types.ts';
import {
  accountValue,
  APT_METADATA_ADDRESS,
  COIN_INFO_TYPE,
  faSupplyValue,
  FRAMEWORK_ADDRESS,
  objectCoreValue,
  primaryStoreAddress,
  resource,
  primaryStoreValues,
  SUPPLY_KEY,
  SUPPLY_TABLE_HANDLE,
  SUPPLY_TABLE_KEY,
  supplyValue,
} from './assets.ts';
import { keylessGenesisValues } from './keyless.ts';
import { STAKE_POOL_EVENT_HANDLES } from './vmLayoutsMore.ts';
import { TOKEN_OBJECTS_ADDRESS } from './modules/collection.ts';
import { PLAYGROUND_ADDRESS } from './modules/playground.ts';
import { ROOT_ADDRESS } from './root.ts';
import { FEATURES_TYPE, GENESIS_FEATURES } from '../move/vm/stdlib/features.ts';

export const ORIGINATING_ADDRESS_TYPE = '0x1::account::OriginatingAddress';
/** The `Table<address, address>` handle of `OriginatingAddress.address_map` (fixed, like a real genesis). */
export const ORIGINATING_ADDRESS_HANDLE =
  '0x9f1f0ba2ba0f3fe0fbb9aa7b2a0a7b6c8b5a3a4a5d1c1b7b2d5e3e2c0f8d5a11' as LongAddress;

/** The local chain's id, as `Network.LOCAL` assumes. */
export const CHAIN_ID = 4;

/** APT the root account starts with: 1,000,000 APT (it mints more for the faucet). */
export const ROOT_INITIAL_BALANCE = 100_000_000_000_000n;

/**
 * The genesis validator. A real localnet's genesis (`aptos node run-localnet`, aptos-genesis's
 * `Builder`) funds one validator owner with its default genesis stake of 10 octas and stakes it:
 * the 10 octas are deposited into the owner's primary store, withdrawn again as a `Coin`, and held
 * in its `0x1::stake::StakePool`. That coin is the whole coin-form APT supply at version 0, which is
 * why the `CoinInfo<AptosCoin>` aggregator item reads `"10"` there. A real localnet's validator
 * address is random; this one is fixed (sha3-256 of a label) so genesis stays deterministic.
 */
export const VALIDATOR_ADDRESS = toHex(sha3(utf8('workbench::localnet::validator'))) as LongAddress;
export const GENESIS_STAKE = 10n;
/** A real genesis locks the stake for its recurring lockup: one day from genesis time (0). */
const GENESIS_LOCKUP_SECS = 86_400n;

export function timestampValue(micros: bigint): ResourceValue {
  return resource(FRAMEWORK_ADDRESS, '0x1::timestamp::CurrentTimeMicroseconds', {
    microseconds: micros.toString(),
  });
}

function write(value: StateValue): WriteOp {
  const key = value.kind === 'resource' ? resourceKey(value.address, value.type) : SUPPLY_KEY;
  return { key, value, previous: null };
}

/** The validator's `0x1::stake::StakePool`: its genesis stake active, locked for a day. */
function stakePoolValue(owner: LongAddress, stake: bigint): ResourceValue {
  const coin = (value: bigint) => ({ value: value.toString() });
  // Event handles from the owner's GUID counter (2…13, after the account's own two); their events
  // are module events now, so every counter stays 0.
  const handle = (creation: number) => ({
    counter: '0',
    guid: { id: { addr: shortAddress(owner), creation_num: String(creation) } },
  });
  const handles = STAKE_POOL_EVENT_HANDLES;
  return resource(owner, '0x1::stake::StakePool', {
    active: coin(stake),
    inactive: coin(0n),
    pending_active: coin(0n),
    pending_inactive: coin(0n),
    locked_until_secs: GENESIS_LOCKUP_SECS.toString(),
    operator_address: shortAddress(owner),
    delegated_voter: shortAddress(owner),
    ...Object.fromEntries(handles.map((name, index) => [name, handle(index + 2)])),
  });
}

/** The validator's account: its GUID counter past the stake pool's twelve event handles. */
function validatorAccount(): ResourceValue {
  const account = accountValue(VALIDATOR_ADDRESS, 0n, VALIDATOR_ADDRESS);
  return { ...account, data: { ...account.data, guid_creation_num: '14' } };
}

/**
 * The events of version 0 that the indexer turns into `fungible_asset_activities` rows, in the
 * order a real genesis emits them: root's APT lands in its primary store (like the core resources
 * account's mint), then the validator's stake is deposited, withdrawn and staked.
 */
export function genesisEvents(): ChainEvent[] {
  const validatorStore = shortAddress(primaryStoreAddress(VALIDATOR_ADDRESS));
  return [
    {
      type: '0x1::fungible_asset::Deposit',
      data: {
        store: shortAddress(primaryStoreAddress(ROOT_ADDRESS)),
        amount: ROOT_INITIAL_BALANCE.toString(),
      },
    },
    {
      type: '0x1::fungible_asset::Deposit',
      data: { store: validatorStore, amount: GENESIS_STAKE.toString() },
    },
    {
      type: '0x1::fungible_asset::Withdraw',
      data: { store: validatorStore, amount: GENESIS_STAKE.toString() },
    },
    {
      type: '0x1::stake::AddStake',
      data: {
        pool_address: shortAddress(VALIDATOR_ADDRESS),
        amount_added: GENESIS_STAKE.toString(),
      },
    },
  ];
}

/**
 * The state at version 0: the framework account, APT (coin info, FA metadata, supply), root and the
 * genesis validator.
 */
export function genesisWrites(timestampMicros: bigint): WriteOp[] {
  const values: StateValue[] = [
    accountValue(FRAMEWORK_ADDRESS, 0n, FRAMEWORK_ADDRESS),
    // The token objects framework's account, as on a real chain.
    accountValue(TOKEN_OBJECTS_ADDRESS, 0n, TOKEN_OBJECTS_ADDRESS),
    resource(FRAMEWORK_ADDRESS, '0x1::chain_id::ChainId', { id: CHAIN_ID }),
    resource(FRAMEWORK_ADDRESS, '0x1::chain_status::GenesisEndMarker', { dummy_field: false }),
    // The feature flags `0x1::features` reads (devnet's).
    resource(FRAMEWORK_ADDRESS, FEATURES_TYPE, { features: GENESIS_FEATURES }),
    // Rotated keys' original addresses; empty at genesis, so lookups get table_item_not_found.
    resource(FRAMEWORK_ADDRESS, ORIGINATING_ADDRESS_TYPE, {
      address_map: { handle: ORIGINATING_ADDRESS_HANDLE },
    }),
    timestampValue(timestampMicros),
    ...keylessGenesisValues(),
    resource(FRAMEWORK_ADDRESS, COIN_INFO_TYPE, {
      decimals: 8,
      name: 'Aptos Coin',
      supply: {
        vec: [
          {
            aggregator: {
              vec: [
                {
                  handle: SUPPLY_TABLE_HANDLE,
                  key: SUPPLY_TABLE_KEY,
                  limit: '340282366920938463463374607431768211455',
                },
              ],
            },
            integer: { vec: [] },
          },
        ],
      },
      symbol: 'APT',
    }),
    objectCoreValue(APT_METADATA_ADDRESS, FRAMEWORK_ADDRESS),
    resource(APT_METADATA_ADDRESS, '0x1::fungible_asset::Metadata', {
      decimals: 8,
      icon_uri: '',
      name: 'Aptos Coin',
      project_uri: '',
      symbol: 'APT',
    }),
    // Coin-form APT: the validator's stake. APT in fungible stores: root's balance.
    supplyValue(GENESIS_STAKE),
    faSupplyValue(ROOT_INITIAL_BALANCE),
    accountValue(ROOT_ADDRESS, 0n, ROOT_ADDRESS),
    ...primaryStoreValues(ROOT_ADDRESS, ROOT_INITIAL_BALANCE),
    validatorAccount(),
    ...primaryStoreValues(VALIDATOR_ADDRESS, 0n),
    stakePoolValue(VALIDATOR_ADDRESS, GENESIS_STAKE),
    accountValue(PLAYGROUND_ADDRESS, 0n, PLAYGROUND_ADDRESS),
  ];
  return values.map(write);
}

import type { LongAddress } from '../encoding.ts';
import type { ResourceValue, StateValue, WriteOp } from '../storage/types.ts';
import { resourceKey } from '../storage/types.ts';
import {
  accountValue,
  APT_METADATA_ADDRESS,
  COIN_INFO_TYPE,
  FRAMEWORK_ADDRESS,
  objectCoreValue,
  resource,
  primaryStoreValues,
  SUPPLY_KEY,
  SUPPLY_TABLE_HANDLE,
  SUPPLY_TABLE_KEY,
  supplyValue,
} from './assets.ts';
import { keylessGenesisValues } from './keyless.ts';
import { TOKEN_OBJECTS_ADDRESS } from './modules/collection.ts';
import { PLAYGROUND_ADDRESS } from './modules/playground.ts';
import { ROOT_ADDRESS } from './root.ts';

export const ORIGINATING_ADDRESS_TYPE = '0x1::account::OriginatingAddress';
/** The `Table<address, address>` handle of `OriginatingAddress.address_map` (fixed, like a real genesis). */
export const ORIGINATING_ADDRESS_HANDLE =
  '0x9f1f0ba2ba0f3fe0fbb9aa7b2a0a7b6c8b5a3a4a5d1c1b7b2d5e3e2c0f8d5a11' as LongAddress;

/** The local chain's id, as `Network.LOCAL` assumes. */
export const CHAIN_ID = 4;

/** APT the root account starts with: 1,000,000 APT (it mints more for the faucet). */
export const ROOT_INITIAL_BALANCE = 100_000_000_000_000n;

export function timestampValue(micros: bigint): ResourceValue {
  return resource(FRAMEWORK_ADDRESS, '0x1::timestamp::CurrentTimeMicroseconds', {
    microseconds: micros.toString(),
  });
}

function write(value: StateValue): WriteOp {
  const key = value.kind === 'resource' ? resourceKey(value.address, value.type) : SUPPLY_KEY;
  return { key, value, previous: null };
}

/** The state at version 0: the framework account, APT (coin info, FA metadata, supply) and root. */
export function genesisWrites(timestampMicros: bigint): WriteOp[] {
  const values: StateValue[] = [
    accountValue(FRAMEWORK_ADDRESS, 0n, FRAMEWORK_ADDRESS),
    // The token objects framework's account, as on a real chain.
    accountValue(TOKEN_OBJECTS_ADDRESS, 0n, TOKEN_OBJECTS_ADDRESS),
    resource(FRAMEWORK_ADDRESS, '0x1::chain_id::ChainId', { id: CHAIN_ID }),
    resource(FRAMEWORK_ADDRESS, '0x1::chain_status::GenesisEndMarker', { dummy_field: false }),
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
    supplyValue(ROOT_INITIAL_BALANCE),
    accountValue(ROOT_ADDRESS, 0n, ROOT_ADDRESS),
    ...primaryStoreValues(ROOT_ADDRESS, ROOT_INITIAL_BALANCE),
    accountValue(PLAYGROUND_ADDRESS, 0n, PLAYGROUND_ADDRESS),
  ];
  return values.map(write);
}

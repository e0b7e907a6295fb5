import type { LongAddress } from '../encoding.ts';
import type { NativeModule } from './context.ts';
import { accountModule } from './modules/account.ts';
import { aptosAccountModule } from './modules/aptosAccount.ts';
import { aptosCoinModule } from './modules/aptosCoin.ts';
import { chainIdModule } from './modules/chainId.ts';
import { coinModule } from './modules/coin.ts';
import { fungibleAssetModule } from './modules/fungibleAsset.ts';
import { objectModule } from './modules/object.ts';
import { playgroundModule } from './modules/playground.ts';
import { primaryStoreModule } from './modules/primaryFungibleStore.ts';
import { timestampModule } from './modules/timestamp.ts';
import { transactionFeeModule } from './modules/transactionFee.ts';

/** Every module the chain serves, natively implemented, one file each under `modules/`. */
export const MODULES: readonly NativeModule[] = [
  accountModule,
  aptosAccountModule,
  aptosCoinModule,
  chainIdModule,
  coinModule,
  fungibleAssetModule,
  objectModule,
  primaryStoreModule,
  timestampModule,
  transactionFeeModule,
  playgroundModule,
];

const byId = new Map(MODULES.map((module) => [`${module.address}::${module.name}`, module]));

export function findModule(address: LongAddress, name: string): NativeModule | undefined {
  return byId.get(`${address}::${name}`);
}

export function modulesAt(address: LongAddress): NativeModule[] {
  return MODULES.filter((module) => module.address === address);
}

import type { TypeTag } from '@aptos-labs/ts-sdk';
import type { LongAddress } from '../encoding.ts';
import type { NativeFunction, NativeModule } from './context.ts';
import { accountModule } from './modules/account.ts';
import { accountAbstractionModule } from './modules/accountAbstraction.ts';
import { functionInfoModule } from './modules/functionInfo.ts';
import { LEGACY_TOKEN_MODULES } from './modules/legacyToken/index.ts';
import { permissionedDelegationModule } from './modules/permissionedDelegation.ts';
import { testDerivableEd25519HexModule } from './modules/testDerivableEd25519Hex.ts';
import { aptosAccountModule } from './modules/aptosAccount.ts';
import { aptosCoinModule } from './modules/aptosCoin.ts';
import { aptosTokenModule } from './modules/aptosToken.ts';
import { chainIdModule } from './modules/chainId.ts';
import { chainStatusModule } from './modules/chainStatus.ts';
import { codeModule } from './modules/code.ts';
import { coinModule } from './modules/coin.ts';
import { dispatchableFungibleAssetModule } from './modules/dispatchableFungibleAsset.ts';
import { collectionModule } from './modules/collection.ts';
import { fungibleAssetModule } from './modules/fungibleAsset.ts';
import { managedCoinModule } from './modules/managedCoin.ts';
import { multisigAccountModule } from './modules/multisigAccount.ts';
import { objectModule } from './modules/object.ts';
import { resourceAccountModule } from './modules/resourceAccount.ts';
import { eventModule } from './modules/event.ts';
import { playgroundModule } from './modules/playground.ts';
import { primaryStoreModule } from './modules/primaryFungibleStore.ts';
import { propertyMapModule } from './modules/propertyMap.ts';
import { royaltyModule } from './modules/royalty.ts';
import { timestampModule } from './modules/timestamp.ts';
import { tokenModule } from './modules/token.ts';
import { transactionFeeModule } from './modules/transactionFee.ts';
import { objectCodeDeploymentModule } from './modules/objectCodeDeployment.ts';
import { AGGREGATOR_MODULES } from './modules/system/aggregators.ts';
import { STORAGE_SLOT_MODULES } from './modules/system/storageSlots.ts';
import { CHAIN_CONFIG_MODULES } from './modules/system/chainConfigs.ts';
import { KEYLESS_JWKS_MODULES } from './modules/system/keylessJwks.ts';
import { RANDOMNESS_CONFIG_MODULES } from './modules/system/randomnessConfigs.ts';
import { SMALL_MODULES } from './modules/system/smallModules.ts';
import { systemAddressesModule } from './modules/system/systemAddresses.ts';
import { transactionContextModule } from './modules/system/transactionContext.ts';
import { STAKING_MODULES } from './modules/staking/index.ts';
import { bulkOrderTypesModule } from './modules/trading/bulkOrderTypes.ts';
import {
  clearinghouseOrderInfoModule,
  nativePositionTypesModule,
} from './modules/trading/clearinghouseTypes.ts';
import { EXPERIMENTAL_SMALL_MODULES } from './modules/trading/experimentalSmall.ts';
import { largePackagesModule } from './modules/trading/largePackages.ts';
import { marketTypesModule } from './modules/trading/marketTypes.ts';
import { orderPlacementModule } from './modules/trading/orderPlacementResults.ts';
import { orderBookTypesModule } from './modules/trading/orderBookTypes.ts';
import { orderMatchTypesModule } from './modules/trading/orderMatchTypes.ts';
import { singleOrderTypesModule } from './modules/trading/singleOrderTypes.ts';
import { tradingNativeCapabilityModule } from './modules/trading/tradingNativeCapability.ts';

/** Every module the chain serves, natively implemented, one file each under `modules/`. */
export const MODULES: readonly NativeModule[] = [
  accountModule,
  aptosAccountModule,
  aptosCoinModule,
  chainIdModule,
  chainStatusModule,
  codeModule,
  coinModule,
  dispatchableFungibleAssetModule,
  fungibleAssetModule,
  managedCoinModule,
  multisigAccountModule,
  objectModule,
  resourceAccountModule,
  eventModule,
  primaryStoreModule,
  timestampModule,
  transactionFeeModule,
  playgroundModule,
  // 0x1's system and configuration modules
  systemAddressesModule,
  ...CHAIN_CONFIG_MODULES,
  ...RANDOMNESS_CONFIG_MODULES,
  ...SMALL_MODULES,
  // staking
  ...STAKING_MODULES,
  ...KEYLESS_JWKS_MODULES,
  transactionContextModule,
  ...AGGREGATOR_MODULES,
  objectCodeDeploymentModule,
  ...STORAGE_SLOT_MODULES,
  // account abstraction
  accountAbstractionModule(nativeFunction),
  functionInfoModule,
  permissionedDelegationModule,
  testDerivableEd25519HexModule,
  // 0x4, the token objects framework
  aptosTokenModule,
  collectionModule,
  propertyMapModule,
  royaltyModule,
  tokenModule,
  // 0x3, the legacy token standard
  ...LEGACY_TOKEN_MODULES,
  // 0x5, AptosTrading, and 0x7, AptosExperimental
  orderBookTypesModule,
  orderMatchTypesModule,
  singleOrderTypesModule,
  bulkOrderTypesModule,
  marketTypesModule,
  clearinghouseOrderInfoModule,
  nativePositionTypesModule,
  tradingNativeCapabilityModule,
  largePackagesModule,
  ...EXPERIMENTAL_SMALL_MODULES,
  orderPlacementModule,
];

/** Address, then name: two lookups without building a key string (several per transaction). */
const byAddress = new Map<string, Map<string, NativeModule>>();
for (const module of MODULES) {
  let byName = byAddress.get(module.address);
  if (byName === undefined) byAddress.set(module.address, (byName = new Map()));
  byName.set(module.name, module); // the last of a duplicate wins, as in one Map of `address::name`
}

export function findModule(address: LongAddress, name: string): NativeModule | undefined {
  return byAddress.get(address)?.get(name);
}

/** A natively implemented function by name (account abstraction checks its targets with it). */
export function nativeFunction(
  address: LongAddress,
  module: string,
  name: string,
): NativeFunction | undefined {
  return findModule(address, module)?.functions.find((candidate) => candidate.name === name);
}

export function modulesAt(address: LongAddress): NativeModule[] {
  return MODULES.filter((module) => module.address === address);
}

/**
 * Modules of the real framework (`0x1`, `0x3`, `0x4`) this chain does not run natively, whose
 * structs still resolve as type arguments (`coin::balance<0x1::string::String>` answers 0 on a
 * real node, while a type in a module that does not exist fails to resolve).
 */
const FRAMEWORK_ONLY_MODULES = new Set([
  '0x1::string',
  '0x1::option',
  '0x1::type_info',
  '0x1::guid',
  '0x1::event',
  '0x1::table',
  '0x1::smart_table',
  '0x1::simple_map',
  '0x1::aggregator_v2',
  '0x1::optional_aggregator',
  '0x1::bit_vector',
  '0x1::fixed_point32',
  '0x1::fixed_point64',
  '0x1::staking_contract',
  '0x1::delegation_pool',
  '0x1::vesting',
  '0x1::block',
]);

/** Whether every struct named in a parsed type tag exists (its module is known). */
export function typeResolves(tag: TypeTag): boolean {
  if (tag.isVector()) return typeResolves(tag.value);
  if (!tag.isStruct()) return true;
  // Native modules declare only the structs their functions touch, so a known module is enough.
  const { address, moduleName, typeArgs } = tag.value;
  const known =
    findModule(address.toStringLong() as LongAddress, moduleName.identifier) !== undefined ||
    FRAMEWORK_ONLY_MODULES.has(`${address.toString()}::${moduleName.identifier}`);
  return known && typeArgs.every(typeResolves);
}

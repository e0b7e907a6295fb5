/**
 * The legacy token standard (AptosToken, `0x3`) on the VM's own values: `token`,
 * `property_map`, `token_event_store` (structs only), `token_transfers` and `token_coin_swap`.
 */
import type { NativeModule } from '../../context.ts';
import { tokenEventStoreModule } from './eventStore.ts';
import { propertyMapModule } from './propertyMap.ts';
import { TOKEN_ADDRESS } from './shared.ts';
import { TOKEN_STRUCTS } from './structs.ts';
import { TOKEN_ENTRIES } from './tokenEntries.ts';
import { TOKEN_GETTERS } from './tokenGetters.ts';
import { tokenCoinSwapModule, tokenTransfersModule } from './transfers.ts';

const legacyTokenModule: NativeModule = {
  address: TOKEN_ADDRESS,
  name: 'token',
  friends: [],
  structs: TOKEN_STRUCTS,
  functions: [...TOKEN_ENTRIES, ...TOKEN_GETTERS],
};

/** Every module of the AptosToken package. */
export const LEGACY_TOKEN_MODULES: readonly NativeModule[] = [
  legacyTokenModule,
  propertyMapModule,
  tokenEventStoreModule,
  tokenTransfersModule,
  tokenCoinSwapModule,
];

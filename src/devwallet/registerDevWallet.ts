import { registerWallet } from '@aptos-labs/wallet-standard';
import type { DevWallet } from './DevWallet';

const registered = new WeakSet<DevWallet>();

/**
 * Registers a dev wallet through the wallet standard, so `@aptos-labs/wallet-adapter-*` lists it
 * as Installed. Order relative to the adapter's mount does not matter; registering the same
 * wallet twice does nothing.
 *
 * @param args.wallet - The wallet to register.
 * @returns The same wallet.
 * @example
 * ```ts
 * const wallet = registerDevWallet({ wallet: createDevWallet({ keyStore: createLocalStorageKeyStore() }) });
 * ```
 */
export function registerDevWallet(args: { wallet: DevWallet }): DevWallet {
  if (!registered.has(args.wallet)) {
    registered.add(args.wallet);
    registerWallet(args.wallet.standardWallet);
  }
  return args.wallet;
}

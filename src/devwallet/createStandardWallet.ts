import { SigningScheme } from '@aptos-labs/ts-sdk';
import {
  APTOS_CHAINS,
  type AptosFeatures,
  type AptosWallet,
  type AptosWalletAccount,
} from '@aptos-labs/wallet-standard';
import { DEV_WALLET_ICON, DEV_WALLET_NAME } from './constants';
import type { DevWallet } from './DevWallet';

/**
 * The AIP-62 face of a dev wallet: the eight required features, plus
 * `aptos:signAndSubmitTransaction` 1.1.0 and `aptos:changeNetwork`. Each feature calls the
 * wallet's method of the same name.
 *
 * @example
 * ```ts
 * registerWallet(createStandardWallet(devWallet));
 * ```
 */
export function createStandardWallet(wallet: DevWallet): AptosWallet {
  const features: AptosFeatures = {
    'aptos:account': { version: '1.0.0', account: () => wallet.account() },
    'aptos:connect': {
      version: '1.0.0',
      connect: (silent, networkInfo) => wallet.connect(silent, networkInfo),
    },
    'aptos:disconnect': { version: '1.0.0', disconnect: () => wallet.disconnect() },
    'aptos:network': { version: '1.0.0', network: () => wallet.network() },
    'aptos:onAccountChange': {
      version: '1.0.0',
      onAccountChange: (callback) => wallet.onAccountChange(callback),
    },
    'aptos:onNetworkChange': {
      version: '1.0.0',
      onNetworkChange: (callback) => wallet.onNetworkChange(callback),
    },
    'aptos:signMessage': { version: '1.0.0', signMessage: (input) => wallet.signMessage(input) },
    'aptos:signTransaction': {
      version: '1.0.0',
      signTransaction: (transaction, asFeePayer) => wallet.signTransaction(transaction, asFeePayer),
    },
    'aptos:signAndSubmitTransaction': {
      version: '1.1.0',
      signAndSubmitTransaction: (input) => wallet.signAndSubmitTransaction(input),
    },
    'aptos:changeNetwork': {
      version: '1.0.0',
      changeNetwork: (input) => wallet.changeNetwork(input),
    },
  };
  return {
    version: '1.0.0',
    name: DEV_WALLET_NAME,
    // The wallet lives in the workbench page itself; it has no site of its own.
    url: window.location.origin,
    icon: DEV_WALLET_ICON,
    chains: APTOS_CHAINS,
    features,
    get accounts(): readonly AptosWalletAccount[] {
      const active = wallet.getSnapshot().activeAccount;
      if (!wallet.connected || active === null) return [];
      return [
        {
          address: active.address,
          publicKey: hexToBytes(active.publicKey),
          chains: APTOS_CHAINS,
          features: [],
          signingScheme: SigningScheme.Ed25519,
        },
      ];
    },
  };
}

function hexToBytes(hex: string): Uint8Array {
  const digits = hex.replace(/^0x/, '');
  return Uint8Array.from(digits.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));
}

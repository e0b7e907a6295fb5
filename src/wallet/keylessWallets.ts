import type { ChainCheck } from '../network/ledgerQueries';
import { networkLabels, type NetworkConfig, type NetworkKind } from '../network/networks';

/**
 * The keyless wallets the adapter builds in (Aptos Connect: social login through a web page on
 * web.petra.app). They serve only mainnet and testnet, and need the internet.
 */
export const KEYLESS_WALLET_NAMES: readonly string[] = [
  'Continue with Google',
  'Continue with Apple',
  'Petra Web',
];

const KEYLESS_NETWORKS: readonly NetworkKind[] = ['mainnet', 'testnet'];

/** Whether `walletName` is one of the keyless Aptos Connect wallets. */
export function isKeylessWallet(walletName: string): boolean {
  return KEYLESS_WALLET_NAMES.includes(walletName);
}

/** Whether the keyless wallets can be offered on this network (mainnet and testnet only). */
export function supportsKeylessWallets(kind: NetworkKind): boolean {
  return KEYLESS_NETWORKS.includes(kind);
}

/**
 * Why a wallet cannot be used on the selected network right now, or `undefined` when it can. Only
 * the keyless wallets are ever refused: elsewhere than mainnet and testnet, offline, or when the
 * network's node cannot be reached (their sign-in page would never answer).
 *
 * @param args.walletName - The wallet asked for.
 * @param args.network - The selected network.
 * @param args.chainCheck - What the selected node answered.
 * @param args.online - `navigator.onLine`.
 * @example
 * ```ts
 * walletRefusal({ walletName: 'Continue with Google', network: presetNetworks.local, chainCheck, online: true });
 * // 'Continue with Google signs in through Aptos Connect, which serves only Mainnet and Testnet; …'
 * ```
 */
export function walletRefusal(args: {
  walletName: string;
  network: NetworkConfig;
  chainCheck: ChainCheck;
  online: boolean;
}): string | undefined {
  const { walletName, network, chainCheck, online } = args;
  if (!isKeylessWallet(walletName)) return undefined;
  const label = networkLabels[network.kind];
  if (!supportsKeylessWallets(network.kind)) {
    return `${walletName} signs in through Aptos Connect, which serves only Mainnet and Testnet; the workbench is on ${label}. Pick Mainnet or Testnet in the network selector, or use the Workbench Dev Wallet.`;
  }
  if (!online) {
    return `${walletName} needs an internet connection (its sign-in page is on web.petra.app), and this browser is offline. Use the Workbench Dev Wallet while offline.`;
  }
  if (chainCheck.state === 'unreachable') {
    return `${walletName} needs the ${label} network, and its node cannot be reached right now. Check your connection, or use the Workbench Dev Wallet offline.`;
  }
  return undefined;
}

/**
 * The installed wallets the workbench offers on a network: the keyless ones only on mainnet and
 * testnet.
 *
 * @example
 * ```ts
 * offeredWallets({ wallets: view.wallets, kind: 'local' }); // no "Continue with Google"
 * ```
 */
export function offeredWallets<W extends { name: string }>(args: {
  wallets: readonly W[];
  kind: NetworkKind;
}): W[] {
  const keyless = supportsKeylessWallets(args.kind);
  return args.wallets.filter((wallet) => keyless || !isKeylessWallet(wallet.name));
}

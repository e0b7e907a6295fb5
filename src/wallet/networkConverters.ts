import type { AppNetwork } from '../../machines';
import type { DevWalletNetworkInput } from '../devwallet';
import type { ChainCheck } from '../network/ledgerQueries';
import type { NetworkConfig } from '../network/networks';

/*
 * The workbench's selected network (`NetworkConfig`) as each wallet-side party needs it: the
 * wallet machine compares chain ids, the dev wallet is asked to switch to it.
 */

/**
 * The chain id the wallet machine is given while the selected network's chain id is not known
 * (devnet or a custom node that has not answered). Aptos chain ids run from 1 to 255, so no
 * wallet ever matches it: the machine shows `connected.wrongNetwork` until the node answers,
 * which is the truth (the wallet's network cannot be confirmed).
 */
export const UNKNOWN_CHAIN_ID = 0;

/**
 * The network the wallet machine compares the wallet's with: the selected network's kind and its
 * chain id (fixed for local, testnet and mainnet; read from the node for devnet and custom).
 *
 * @example
 * ```ts
 * toAppNetwork({ network: presetNetworks.local, chainCheck }); // { name: 'local', chainId: 4 }
 * ```
 */
export function toAppNetwork(args: { network: NetworkConfig; chainCheck: ChainCheck }): AppNetwork {
  const { network, chainCheck } = args;
  const fromNode =
    chainCheck.state === 'ok' || chainCheck.state === 'mismatch' ? chainCheck.chainId : undefined;
  return { name: network.kind, chainId: network.expectedChainId ?? fromNode ?? UNKNOWN_CHAIN_ID };
}

/** `chain id 4`, or `an unknown chain id` for {@link UNKNOWN_CHAIN_ID}. */
export function chainIdText(chainId: number | null): string {
  return chainId === null || chainId === UNKNOWN_CHAIN_ID
    ? 'an unknown chain id'
    : `chain id ${chainId}`;
}

/**
 * What the dev wallet is asked when it should follow the workbench to its network: the network's
 * kind and URLs, with the chain id the workbench knows.
 *
 * @example
 * ```ts
 * toDevWalletNetworkInput({ network: customNode, chainId: 4 }); // { name: 'custom', nodeUrl, chainId: 4 }
 * ```
 */
export function toDevWalletNetworkInput(args: {
  network: NetworkConfig;
  chainId: number;
}): DevWalletNetworkInput {
  const { network, chainId } = args;
  return {
    name: network.kind,
    nodeUrl: network.fullnode,
    chainId,
    ...(network.faucet === undefined ? {} : { faucetUrl: network.faucet }),
  };
}

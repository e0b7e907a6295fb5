import type { NetworkConfig } from '../../network/networks';

/**
 * The most the Fund form asks a faucet for in one request, in octas (decimal string), per network
 * kind. The embedded chain's faucet pays from its root account and has no cap of its own; the
 * workbench caps a request at 1,000 APT. Devnet's public faucet gives 1 APT a request at most
 * (larger requests are refused there). Testnet's faucet is not callable from code, mainnet has
 * none: those have no limit here because the form is not offered.
 */
export const FAUCET_LIMIT_OCTAS: Partial<Record<NetworkConfig['kind'], string>> = {
  local: '100000000000',
  devnet: '100000000',
  custom: '100000000000',
};

/** What the form suggests: 1 APT, enough for the templates' 0.1 APT transfer and its gas. */
export const DEFAULT_FUND_TEXT = '1';

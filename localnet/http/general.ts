import type { LocalNode } from '../node/node.ts';
import type { Route } from './types.ts';

export function ledgerInfoJson(node: LocalNode) {
  const info = node.ledgerInfo();
  return {
    chain_id: info.chainId,
    epoch: info.epoch.toString(),
    ledger_version: String(info.ledgerVersion),
    oldest_ledger_version: String(info.oldestLedgerVersion),
    ledger_timestamp: info.ledgerTimestamp.toString(),
    node_role: 'validator',
    oldest_block_height: String(info.oldestBlockHeight),
    block_height: String(info.blockHeight),
  };
}

/** The headers every REST response carries. */
export function ledgerHeaders(node: LocalNode): Record<string, string> {
  const info = node.ledgerInfo();
  return {
    'X-Aptos-Chain-Id': String(info.chainId),
    'X-Aptos-Ledger-Version': String(info.ledgerVersion),
    'X-Aptos-Ledger-Oldest-Version': String(info.oldestLedgerVersion),
    'X-Aptos-Ledger-TimestampUsec': info.ledgerTimestamp.toString(),
    'X-Aptos-Epoch': info.epoch.toString(),
    'X-Aptos-Block-Height': String(info.blockHeight),
    'X-Aptos-Oldest-Block-Height': String(info.oldestBlockHeight),
  };
}

export function generalRoutes(node: LocalNode): Route[] {
  return [
    { method: 'GET', pattern: '/v1', handler: () => ({ json: ledgerInfoJson(node) }) },
    {
      method: 'GET',
      pattern: '/v1/info',
      handler: () => ({ json: { chain_id: node.chainId, node_role: 'validator' } }),
    },
    {
      method: 'GET',
      pattern: '/v1/-/healthy',
      handler: () => ({ json: { message: 'aptos-node:ok' } }),
    },
    {
      method: 'GET',
      pattern: '/v1/estimate_gas_price',
      handler: () => ({ json: node.estimateGasPrice() }),
    },
  ];
}

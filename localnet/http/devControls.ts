import type { Json } from '../encoding.ts';
import { NodeError } from '../errors.ts';
import type { MiningMode } from '../miner/miner.ts';
import type { LocalNode } from '../node/node.ts';
import { isJsonObject, jsonBody, pathHash } from './params.ts';
import type { HttpRequest, Route } from './types.ts';

const invalid = (message: string) => new NodeError({ code: 'invalid_input', message });

function body(req: HttpRequest): { [key: string]: Json } {
  if (req.body.length === 0) return {};
  const parsed = jsonBody(req);
  if (!isJsonObject(parsed)) throw invalid('Expected a JSON object');
  return parsed;
}

function count(value: Json | undefined, name: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw invalid(`\`${name}\` must be a non-negative integer`);
  }
  return value;
}

function hashOf(value: Json | undefined): `0x${string}` {
  if (typeof value !== 'string') throw invalid('`hash` must be a transaction hash');
  return pathHash(value);
}

function miningMode(value: { [key: string]: Json }): MiningMode {
  if (value.mode === 'instant' || value.mode === 'manual') return { mode: value.mode };
  if (value.mode === 'interval') {
    const intervalMs = count(value.intervalMs, 'intervalMs');
    if (intervalMs === 0) throw invalid('`intervalMs` must be positive');
    return { mode: 'interval', intervalMs };
  }
  throw invalid('`mode` must be "instant", "interval" or "manual"');
}

/** Dev controls under `/workbench/` (documented with curl examples in localnet/README.md). */
export function devControlRoutes(node: LocalNode): Route[] {
  return [
    { method: 'POST', pattern: '/workbench/snapshot', handler: () => ({ json: node.snapshot() }) },
    {
      method: 'POST',
      pattern: '/workbench/revert',
      handler: (req) => {
        const { id } = body(req);
        if (typeof id !== 'string') throw invalid('`id` must be a snapshot id');
        return { json: { reverted: id, ...node.revert(id) } };
      },
    },
    { method: 'GET', pattern: '/workbench/mining', handler: () => ({ json: node.miner.mode }) },
    {
      method: 'POST',
      pattern: '/workbench/mining',
      handler: (req) => {
        node.setMining(miningMode(body(req)));
        return { json: node.miner.mode };
      },
    },
    {
      method: 'POST',
      pattern: '/workbench/mine',
      handler: () => {
        const committed = node.mineBlock({ allowEmpty: true });
        return {
          json: {
            committed,
            block_height: String(node.ledger.height),
            ledger_version: String(node.ledger.version),
          },
        };
      },
    },
    {
      method: 'GET',
      pattern: '/workbench/clock',
      handler: () => ({
        json: {
          now_microseconds: node.clock.nowMicros().toString(),
          offset_microseconds: node.clock.offset.toString(),
        },
      }),
    },
    {
      method: 'POST',
      pattern: '/workbench/clock/advance',
      handler: (req) => {
        const { seconds } = body(req);
        const now = node.advanceClock(BigInt(count(seconds, 'seconds')) * 1_000_000n);
        return {
          json: {
            now_microseconds: now.toString(),
            offset_microseconds: node.clock.offset.toString(),
          },
        };
      },
    },
    { method: 'GET', pattern: '/workbench/faults', handler: () => ({ json: { ...node.faults } }) },
    {
      method: 'POST',
      pattern: '/workbench/faults',
      handler: (req) => {
        const input = body(req);
        const faults: Parameters<LocalNode['setFaults']>[0] = {};
        if ('delayCommitsMs' in input)
          faults.delayCommitsMs = count(input.delayCommitsMs, 'delayCommitsMs');
        if ('holdNext' in input) faults.holdNext = count(input.holdNext, 'holdNext');
        if ('rejectNext' in input) faults.rejectNext = count(input.rejectNext, 'rejectNext');
        return { json: node.setFaults(faults) };
      },
    },
    {
      method: 'POST',
      pattern: '/workbench/faults/clear',
      handler: () => {
        const released = node.releaseAll();
        return {
          json: { ...node.setFaults({ delayCommitsMs: 0, holdNext: 0, rejectNext: 0 }), released },
        };
      },
    },
    {
      method: 'GET',
      pattern: '/workbench/status',
      handler: () => ({
        json: {
          ledger_version: String(node.ledger.version),
          block_height: String(node.ledger.height),
          user_transactions: node.ledger.userTransactionCount,
          mempool_size: node.mempool.size,
          mining: node.miner.mode,
          faults: { ...node.faults },
        },
      }),
    },
    {
      method: 'GET',
      pattern: '/workbench/mempool',
      handler: () => ({ json: node.pendingTransactions() }),
    },
    {
      method: 'POST',
      pattern: '/workbench/mempool/hold',
      handler: (req) => {
        const hash = hashOf(body(req).hash);
        node.setHeld(hash, true);
        return { json: { held: hash } };
      },
    },
    {
      method: 'POST',
      pattern: '/workbench/mempool/release',
      handler: (req) => {
        const { hash } = body(req);
        if (hash === undefined) return { json: { released: node.releaseAll() } };
        node.setHeld(hashOf(hash), false);
        return { json: { released: 1 } };
      },
    },
    {
      method: 'POST',
      pattern: '/workbench/mempool/drop',
      handler: (req) => {
        const hash = hashOf(body(req).hash);
        node.dropPending(hash);
        return { json: { dropped: hash } };
      },
    },
  ];
}

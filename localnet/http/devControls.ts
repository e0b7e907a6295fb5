import type { Json } from '../encoding.ts';
import { NodeError } from '../errors.ts';
import type { MiningMode } from '../miner/miner.ts';
import type { LocalNode } from '../node/node.ts';
import { isJsonObject, jsonBody, pathHash } from './params.ts';
import type { HttpRequest, Route } from './types.ts';

/** The largest clock jump `POST /workbench/clock/advance` takes: ten years of seconds. */
export const MAX_ADVANCE_SECONDS = 315_360_000;

const invalid = (message: string) => new NodeError({ code: 'invalid_input', message });

function body(req: HttpRequest): { [key: string]: Json } {
  if (req.body.length === 0) return {};
  const parsed = jsonBody(req);
  if (!isJsonObject(parsed)) throw invalid('Expected a JSON object');
  return parsed;
}

/** The longest timer the dev controls set (an hour): Node fires a longer one after 1 ms. */
export const MAX_TIMER_MS = 3_600_000;

function count(value: Json | undefined, name: string, max = Number.MAX_SAFE_INTEGER): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw invalid(`\`${name}\` must be a non-negative integer`);
  }
  if (value > max) throw invalid(`\`${name}\` must be at most ${max}`);
  return value;
}

function hashOf(value: Json | undefined): `0x${string}` {
  if (typeof value !== 'string') throw invalid('`hash` must be a transaction hash');
  return pathHash(value);
}

function miningMode(value: { [key: string]: Json }): MiningMode {
  if (value.mode === 'instant' || value.mode === 'manual') return { mode: value.mode };
  if (value.mode === 'interval') {
    const intervalMs = count(value.intervalMs, 'intervalMs', MAX_TIMER_MS);
    if (intervalMs === 0) throw invalid('`intervalMs` must be positive');
    if (value.idleBlockMs === undefined) return { mode: 'interval', intervalMs };
    const idleBlockMs = count(value.idleBlockMs, 'idleBlockMs', MAX_TIMER_MS);
    return idleBlockMs === 0
      ? { mode: 'interval', intervalMs }
      : { mode: 'interval', intervalMs, idleBlockMs };
  }
  throw invalid('`mode` must be "instant", "interval" or "manual"');
}

function clockJson(node: LocalNode) {
  const { nowMicros, offsetMicros, ledgerMicros, nextBlockMicros } = node.clockInfo();
  return {
    now_microseconds: nowMicros.toString(),
    offset_microseconds: offsetMicros.toString(),
    ledger_microseconds: ledgerMicros.toString(),
    next_block_microseconds: nextBlockMicros.toString(),
  };
}

/** Dev controls under `/workbench/` (documented with curl examples in localnet/README.md). */
export function devControlRoutes(node: LocalNode): Route[] {
  return [
    {
      method: 'POST',
      pattern: '/workbench/snapshot',
      handler: () => {
        const { offsetMicros, ...mark } = node.snapshot();
        return { json: { ...mark, offset_microseconds: offsetMicros.toString() } };
      },
    },
    {
      method: 'POST',
      pattern: '/workbench/revert',
      handler: (req) => {
        const { id } = body(req);
        if (typeof id !== 'string') throw invalid('`id` must be a snapshot id');
        const { offsetMicros, ...mark } = node.revert(id);
        return {
          json: { reverted: id, ...mark, offset_microseconds: offsetMicros.toString() },
        };
      },
    },
    { method: 'GET', pattern: '/workbench/mining', handler: () => ({ json: node.miningMode() }) },
    {
      method: 'POST',
      pattern: '/workbench/mining',
      handler: (req) => {
        node.setMining(miningMode(body(req)));
        return { json: node.miningMode() };
      },
    },
    {
      method: 'POST',
      pattern: '/workbench/mine',
      handler: () => {
        const committed = node.mineBlock();
        const info = node.ledgerInfo();
        return {
          json: {
            committed,
            block_height: String(info.blockHeight),
            ledger_version: String(info.ledgerVersion),
          },
        };
      },
    },
    {
      method: 'GET',
      pattern: '/workbench/clock',
      handler: () => ({ json: clockJson(node) }),
    },
    {
      method: 'POST',
      pattern: '/workbench/clock/advance',
      handler: (req) => {
        const seconds = count(body(req).seconds, 'seconds');
        // A u64 of microseconds lasts 584,000 years; a jump past ten years is a typo, not a test.
        if (seconds > MAX_ADVANCE_SECONDS)
          throw invalid(`\`seconds\` must be at most ${MAX_ADVANCE_SECONDS} (ten years)`);
        node.advanceClock(BigInt(seconds) * 1_000_000n);
        return { json: clockJson(node) };
      },
    },
    {
      method: 'POST',
      pattern: '/workbench/clock/reset',
      handler: () => {
        const cleared = node.resetClock();
        return { json: { ...clockJson(node), cleared_microseconds: cleared.toString() } };
      },
    },
    { method: 'GET', pattern: '/workbench/faults', handler: () => ({ json: node.getFaults() }) },
    {
      method: 'POST',
      pattern: '/workbench/faults',
      handler: (req) => {
        const input = body(req);
        const faults: Parameters<LocalNode['setFaults']>[0] = {};
        if ('delayCommitsMs' in input)
          faults.delayCommitsMs = count(input.delayCommitsMs, 'delayCommitsMs', MAX_TIMER_MS);
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
      handler: () => {
        const status = node.status();
        return {
          json: {
            ledger_version: String(status.ledgerVersion),
            block_height: String(status.blockHeight),
            user_transactions: status.userTransactions,
            mempool_size: status.mempoolSize,
            mining: status.mining,
            faults: status.faults,
          },
        };
      },
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

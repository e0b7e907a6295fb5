/**
 * A fresh chain on the default cadence is ready at once (issue #35): its first history
 * (`WARMUP_BLOCKS` empty blocks) is committed at start with timestamps in the recent past, instead
 * of being waited for (10 idle blocks, about 5 s). Clients that wait for readiness still meet a
 * ledger with history; the clock never runs backwards after it; a restart does not warm up again.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Clock } from '../../localnet/clock.ts';
import { LocalNode, startLocalnet, WARMUP_BLOCKS, type Localnet } from '../../localnet/index.ts';
import { removeTempDirs, tempDataDir } from './helpers.ts';

afterAll(removeTempDirs);

const nowMicros = () => BigInt(Date.now()) * 1_000n;

interface BlockJson {
  block_height: string;
  block_timestamp: string;
  first_version: string;
  last_version: string;
  transactions: Array<{ type: string; version: string; timestamp?: string }>;
}

async function block(localnet: Localnet, height: number): Promise<BlockJson> {
  const response = await fetch(
    `${localnet.urls.rest}/blocks/by_height/${height}?with_transactions=true`,
  );
  expect(response.status).toBe(200);
  return (await response.json()) as BlockJson;
}

async function blockTimestamps(localnet: Localnet, count: number): Promise<bigint[]> {
  const timestamps: bigint[] = [];
  for (let height = 1; height <= count; height += 1)
    timestamps.push(BigInt((await block(localnet, height)).block_timestamp));
  return timestamps;
}

/** Each timestamp after the one before it. */
function strictlyIncreasing(values: bigint[]): boolean {
  return values.every((value, i) => i === 0 || value > (values[i - 1] as bigint));
}

/** The log's `idle` entries (their JSON payloads, as written). */
function idleEntries(dir: string): string[] {
  return readFileSync(join(dir, 'chain.log'), 'latin1').match(/\{"k":"idle"[^}]*\}/g) ?? [];
}

describe('a fresh chain on the default cadence', () => {
  it('is ready in under a second, with 10 blocks of recent history in increasing time', async () => {
    const before = nowMicros();
    const started = performance.now();
    const localnet = await startLocalnet({ ephemeral: true, ports: 'auto' });
    const readyMs = performance.now() - started;
    const after = nowMicros();
    try {
      expect(localnet.node.miningMode()).toEqual({
        mode: 'interval',
        intervalMs: 250,
        idleBlockMs: 500,
      });
      expect(readyMs).toBeLessThan(1_000);
      const ready = (await (await fetch(localnet.urls.readiness)).json()) as {
        ledger_version: string;
      };
      expect(Number(ready.ledger_version)).toBeGreaterThanOrEqual(2 * WARMUP_BLOCKS);

      const timestamps = await blockTimestamps(localnet, WARMUP_BLOCKS);
      expect(strictlyIncreasing(timestamps)).toBe(true);
      // In the recent past: spaced like idle blocks (500 ms), the last one taken at start.
      expect(timestamps[0]).toBeGreaterThanOrEqual(before - 5_000_000n);
      expect(timestamps[WARMUP_BLOCKS - 1]).toBeLessThanOrEqual(after);
      expect(timestamps[WARMUP_BLOCKS - 1]).toBeGreaterThanOrEqual(before);

      // Each is a whole block: its metadata transaction carries its time, versions follow on.
      const first = await block(localnet, 1);
      expect(first.first_version).toBe('1');
      expect(first.transactions.map((tx) => tx.type)).toEqual([
        'block_metadata_transaction',
        'state_checkpoint_transaction',
      ]);
      expect(first.transactions[0]?.timestamp).toBe(first.block_timestamp);
      expect((await block(localnet, WARMUP_BLOCKS)).last_version).toBe(String(2 * WARMUP_BLOCKS));
    } finally {
      await localnet.stop();
    }
  }, 30_000);

  it('keeps the chain clock going forward after its first history', async () => {
    const localnet = await startLocalnet({ ephemeral: true, ports: 'auto' });
    try {
      const lastWarmUp = BigInt((await block(localnet, WARMUP_BLOCKS)).block_timestamp);
      const clock = (await (
        await fetch(localnet.urls.rest.replace(/\/v1$/, '/workbench/clock'))
      ).json()) as Record<string, string>;
      expect(BigInt(clock.now_microseconds ?? '0')).toBeGreaterThanOrEqual(lastWarmUp);
      // The on-chain clock (`0x1::timestamp`) reads the last block's time.
      const resource = (await (
        await fetch(
          `${localnet.urls.rest}/accounts/0x1/resource/0x1::timestamp::CurrentTimeMicroseconds`,
        )
      ).json()) as { data: { microseconds: string } };
      expect(BigInt(resource.data.microseconds)).toBeGreaterThanOrEqual(lastWarmUp);
      // The next real block (a faucet transfer) comes after the first history.
      localnet.node.fund(`0x${'ab'.repeat(32)}`, 1n);
      await expect
        .poll(() => localnet.node.ledgerInfo().blockHeight, { timeout: 5_000 })
        .toBeGreaterThan(WARMUP_BLOCKS);
      expect(BigInt((await block(localnet, WARMUP_BLOCKS + 1)).block_timestamp)).toBeGreaterThan(
        lastWarmUp,
      );
    } finally {
      await localnet.stop();
    }
  }, 30_000);

  it('ends the history at the chain clock, 500 ms apart, and the dev clock controls go on from it', () => {
    const T0 = 1_700_000_000_000_000n;
    const MINUTE = 60_000_000n;
    let wall = T0;
    const node = new LocalNode({
      clock: new Clock(() => wall),
      mining: { mode: 'interval', intervalMs: 250, idleBlockMs: 500 },
      verifyThreads: 0,
    });
    try {
      const info = node.ledgerInfo();
      expect(info.blockHeight).toBe(WARMUP_BLOCKS);
      expect(info.ledgerVersion).toBe(2 * WARMUP_BLOCKS);
      expect(info.ledgerTimestamp).toBe(T0);
      expect(node.getBlockByHeight(1n, false).block_timestamp).toBe(
        String(T0 - 500_000n * BigInt(WARMUP_BLOCKS - 1)),
      );
      expect(
        node.getResource(`0x${'0'.repeat(63)}1`, '0x1::timestamp::CurrentTimeMicroseconds'),
      ).toMatchObject({ data: { microseconds: String(T0) } });

      node.advanceClock(MINUTE);
      expect(node.ledgerInfo().ledgerTimestamp).toBe(T0 + MINUTE);
      expect(node.resetClock()).toBe(MINUTE);
      wall = T0 + 1_000n;
      node.mineBlock();
      // Ledger time never goes back: the ledger is ahead of wall time after the reset.
      expect(node.ledgerInfo().ledgerTimestamp).toBe(T0 + MINUTE + 1n);
    } finally {
      node.stop();
    }
  });

  it('squeezes the history between the last block and now when the ledger is close to now', () => {
    const T0 = 1_700_000_000_000_000n;
    let wall = T0;
    const clock = new Clock(() => wall);
    // A chain made in manual mode, with a block 1 ms ago, restarted on the default cadence.
    const dir = tempDataDir();
    const manual = new LocalNode({
      clock,
      dataDir: dir,
      mining: { mode: 'manual' },
      verifyThreads: 0,
    });
    manual.mineBlock();
    manual.stop();
    wall = T0 + 1_000n;
    const node = new LocalNode({
      clock: new Clock(() => wall),
      dataDir: dir,
      mining: { mode: 'interval', intervalMs: 250, idleBlockMs: 500 },
      verifyThreads: 0,
    });
    try {
      expect(node.ledgerInfo().blockHeight).toBe(WARMUP_BLOCKS);
      const timestamps = Array.from({ length: WARMUP_BLOCKS }, (_, i) =>
        BigInt(node.getBlockByHeight(BigInt(i + 1), false).block_timestamp as string),
      );
      expect(timestamps[0]).toBe(T0);
      expect(strictlyIncreasing(timestamps)).toBe(true);
      expect(timestamps[WARMUP_BLOCKS - 1]).toBe(wall);
    } finally {
      node.stop();
    }
  });
});

describe('the first history in the durable log', () => {
  it('is one idle entry; a restart replays it without warming up again, --reset makes a new one', async () => {
    const dir = tempDataDir();
    const first = await startLocalnet({ dataDir: dir, ports: 'auto' });
    const firstTimestamps = await blockTimestamps(first, WARMUP_BLOCKS);
    await first.stop();
    const stoppedAt = first.node.ledgerInfo();
    const logged = idleEntries(dir);
    expect(logged[0]).toBe(
      `{"k":"idle","ts":"${firstTimestamps[0]}","dt":"500000","n":${WARMUP_BLOCKS}}`,
    );

    // Idle blocks an hour apart: any block the restart made would be a warm-up.
    const second = await startLocalnet({ dataDir: dir, ports: 'auto', idleBlockMs: 3_600_000 });
    try {
      expect(second.node.ledgerInfo()).toEqual(stoppedAt);
      expect(await blockTimestamps(second, WARMUP_BLOCKS)).toEqual(firstTimestamps);
    } finally {
      await second.stop();
    }
    expect(idleEntries(dir)).toEqual(logged);

    const reset = await startLocalnet({ dataDir: dir, ports: 'auto', reset: true });
    try {
      expect(reset.node.ledgerInfo().blockHeight).toBeGreaterThanOrEqual(WARMUP_BLOCKS);
      const resetTimestamps = await blockTimestamps(reset, WARMUP_BLOCKS);
      expect(strictlyIncreasing(resetTimestamps)).toBe(true);
      expect(resetTimestamps[0]).toBeGreaterThan(firstTimestamps[0] as bigint);
    } finally {
      await reset.stop();
    }
  }, 30_000);
});

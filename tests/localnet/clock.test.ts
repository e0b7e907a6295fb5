import { afterAll, describe, expect, it } from 'vitest';
import { Clock } from '../../localnet/clock.ts';
import { LocalNode } from '../../localnet/node/node.ts';
import { removeTempDirs, startChain, tempDataDir } from './helpers.ts';

afterAll(removeTempDirs);

/** Wall time the test sets by hand: 2023-11-14T22:13:20Z, in µs. */
const T0 = 1_700_000_000_000_000n;
const MINUTE = 60_000_000n;

function manualNode(dataDir: string | null = null) {
  let wall = T0;
  const clock = new Clock(() => wall);
  const node = new LocalNode({ clock, dataDir, mining: { mode: 'manual' }, verifyThreads: 0 });
  return {
    node,
    setWall: (micros: bigint) => {
      wall = micros;
    },
  };
}

describe('the chain clock', () => {
  it('reset to now clears the offset; new blocks resume at last block + 1 µs, then follow wall time', () => {
    const { node, setWall } = manualNode();
    try {
      node.advanceClock(MINUTE);
      // The jump is recorded in an empty block at wall + 60 s.
      expect(node.ledger.latestTimestamp).toBe(T0 + MINUTE);
      expect(node.clockInfo()).toEqual({
        nowMicros: T0 + MINUTE,
        offsetMicros: MINUTE,
        ledgerMicros: T0 + MINUTE,
        nextBlockMicros: T0 + MINUTE + 1n,
      });

      expect(node.resetClock()).toBe(MINUTE);
      // The chain's "now" never reads earlier than its last block: expiration checks agree with
      // the time the next block carries.
      expect(node.clockInfo()).toEqual({
        nowMicros: T0 + MINUTE,
        offsetMicros: 0n,
        ledgerMicros: T0 + MINUTE,
        nextBlockMicros: T0 + MINUTE + 1n,
      });
      // Ledger time never goes backwards: the next block is the last one + 1 µs.
      node.mineBlock();
      expect(node.ledger.latestTimestamp).toBe(T0 + MINUTE + 1n);

      // Once wall time passes the last block, blocks follow wall time again (no offset).
      setWall(T0 + 2n * MINUTE);
      node.mineBlock();
      expect(node.ledger.latestTimestamp).toBe(T0 + 2n * MINUTE);
      // A second reset has nothing to clear.
      expect(node.resetClock()).toBe(0n);
    } finally {
      node.stop();
    }
  });

  it('reverting to a snapshot restores the clock offset taken with it', () => {
    const { node, setWall } = manualNode();
    try {
      node.advanceClock(MINUTE); // offset 60 s, block at T0 + 60 s
      const snapshot = node.snapshot();
      expect(snapshot.offsetMicros).toBe(MINUTE);
      node.advanceClock(10n * MINUTE); // offset 11 min, block at T0 + 11 min
      expect(node.clockInfo().offsetMicros).toBe(11n * MINUTE);
      expect(node.ledger.latestTimestamp).toBe(T0 + 11n * MINUTE);

      const reverted = node.revert(snapshot.id);
      expect(reverted).toEqual({
        version: snapshot.version,
        height: snapshot.height,
        offsetMicros: MINUTE,
      });
      // The ledger's last block is the snapshot's again, and the clock is wall + 60 s again.
      expect(node.ledger.latestTimestamp).toBe(T0 + MINUTE);
      setWall(T0 + 1_000_000n);
      expect(node.clockInfo()).toEqual({
        nowMicros: T0 + MINUTE + 1_000_000n,
        offsetMicros: MINUTE,
        ledgerMicros: T0 + MINUTE,
        nextBlockMicros: T0 + MINUTE + 1_000_000n,
      });
      node.mineBlock();
      expect(node.ledger.latestTimestamp).toBe(T0 + MINUTE + 1_000_000n);
    } finally {
      node.stop();
    }
  });

  it('a snapshot taken before any advance reverts to offset 0', () => {
    const { node } = manualNode();
    try {
      const { id } = node.snapshot();
      node.advanceClock(MINUTE);
      node.revert(id);
      expect(node.clockInfo()).toEqual({
        nowMicros: T0,
        offsetMicros: 0n,
        ledgerMicros: 0n,
        nextBlockMicros: T0,
      });
    } finally {
      node.stop();
    }
  });

  it('a restart replays the last offset in the log: advance keeps it, reset and revert clear it', () => {
    const dir = tempDataDir();
    const first = manualNode(dir);
    const { id } = first.node.snapshot();
    first.node.advanceClock(MINUTE);
    first.node.stop();

    // The offset is part of the chain's log: a restart keeps the chain's time ahead (and says so
    // in `GET /workbench/clock`), it does not rewind or freeze it.
    const second = manualNode(dir);
    expect(second.node.clockInfo().offsetMicros).toBe(MINUTE);
    expect(second.node.ledger.latestTimestamp).toBe(T0 + MINUTE);
    second.node.resetClock();
    second.node.stop();

    const third = manualNode(dir);
    expect(third.node.clockInfo().offsetMicros).toBe(0n);
    // Snapshot ids live in memory only (the first one is unknown after a restart): take a new one.
    const again = third.node.snapshot();
    third.node.advanceClock(5n * MINUTE);
    third.node.revert(again.id);
    third.node.stop();

    const fourth = manualNode(dir);
    try {
      expect(fourth.node.clockInfo().offsetMicros).toBe(0n);
      expect(fourth.node.ledger.latestTimestamp).toBe(T0 + MINUTE);
      expect(() => fourth.node.revert(id)).toThrow(`Unknown snapshot id ${id}`);
    } finally {
      fourth.node.stop();
    }
  });

  it('POST /workbench/clock/reset answers the cleared offset and the clock', async () => {
    const chain = await startChain();
    try {
      await chain.dev('clock/advance', { seconds: 30 });
      const reset = (await chain.dev('clock/reset')) as Record<string, string>;
      expect(reset.cleared_microseconds).toBe('30000000');
      expect(reset.offset_microseconds).toBe('0');
      // The ledger is still ~30 s ahead of wall time: the clock reads the ledger's time, not wall.
      expect(BigInt(reset.now_microseconds)).toBeGreaterThanOrEqual(
        BigInt(reset.ledger_microseconds),
      );
      expect(BigInt(reset.now_microseconds)).toBeGreaterThanOrEqual(
        BigInt(Date.now() - 1_000) * 1_000n + 29_000_000n,
      );
      expect(BigInt(reset.next_block_microseconds)).toBe(
        BigInt(reset.ledger_microseconds) + 1n > BigInt(reset.now_microseconds)
          ? BigInt(reset.ledger_microseconds) + 1n
          : BigInt(reset.now_microseconds),
      );
      const snapshot = (await chain.dev('snapshot')) as Record<string, unknown>;
      expect(snapshot.offset_microseconds).toBe('0');
      await chain.dev('clock/advance', { seconds: 7 });
      const reverted = (await chain.dev('revert', { id: snapshot.id })) as Record<string, unknown>;
      expect(reverted.offset_microseconds).toBe('0');
      const clock = (await (
        await fetch(chain.localnet.urls.rest.replace(/\/v1$/, '/workbench/clock'))
      ).json()) as Record<string, string>;
      expect(clock.offset_microseconds).toBe('0');
    } finally {
      await chain.localnet.stop();
    }
  });
});
